"""The message broker's two weak spots: the embedded folder's order, and a Redis that forgets.

The embedded broker is kombu's folder of message files, read here in the order they were written.
kombu's own filesystem transport names a message by the machine's uptime in milliseconds and reads
the folder in text order, so a message written at 999,999 ms sorts after one written at 1,000,000
ms: every digit the clock gains (about 1,000 s, 10,000 s, 100,000 s of uptime) leaves the older
messages behind every newer one, and a busy queue did not reach them for minutes. Its writer also
makes a file under its final name before writing it, so a reader could take a half-written message,
and its reader moves messages to the system's temporary folder, which is a copy (and no claim) when
that folder is on another file system.

Here a message is named by the wall clock in nanoseconds, zero-padded to a fixed width (so text
order is time order, across reboots too, when an uptime clock starts again from zero), written
under a hidden name and renamed into place when complete, and taken by an atomic rename into the
processed folder (one reader wins; the others look at the next file). Reading orders the names by
their number, so a message named by kombu's clock (left from before this transport was used)
is read before every newer one.

``filesystem://`` URLs get this transport: :func:`install` points kombu's alias at it.

A Redis broker that restarted may have lost messages; :func:`new_broker_life` tells the reaper
(``tournament.tasks.reap_matches``) so, which then sends every queued match again.
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from queue import Empty
from typing import Any

from kombu.exceptions import ChannelError
from kombu.transport import TRANSPORT_ALIASES, filesystem
from kombu.utils.encoding import bytes_to_str, str_to_bytes
from kombu.utils.json import dumps, loads

STAMP_DIGITS = 20
"""Nanoseconds since 1970 fit in 20 digits until the year 5138."""


def clock_ns() -> int:
    """The clock messages are named by (a function, so tests can move it)."""
    return time.time_ns()


_last_stamp = 0
_stamp_lock = threading.Lock()


def message_name(queue: str) -> str:
    """A new message's file name: its stamp, a unique id, the queue. A process never gives two
    messages the same stamp, so its own messages keep their order even on a coarse clock."""
    global _last_stamp
    with _stamp_lock:
        _last_stamp = max(clock_ns(), _last_stamp + 1)
        stamp = _last_stamp
    return f"{stamp:0{STAMP_DIGITS}d}_{uuid.uuid4()}.{queue}.msg"


def message_order(name: str) -> tuple[int, str]:
    """The order messages are read in: by the number that starts the name, then by name."""
    stamp = name.partition("_")[0]
    return (int(stamp) if stamp.isdigit() else -1, name)


def is_message_of(name: str, queue: str) -> bool:
    # The hidden name of a message still being written starts with a dot: it never matches.
    return name.partition(".")[2] == f"{queue}.msg"


class Channel(filesystem.Channel):
    """kombu's filesystem channel with ordered names, complete writes and exclusive reads."""

    def _put(self, queue: str, payload: Any, **kwargs: Any) -> None:
        name = message_name(queue)
        final = os.path.join(self.data_folder_out, name)
        hidden = os.path.join(self.data_folder_out, f".{name}.part")
        try:
            with open(hidden, "wb") as f:
                f.write(str_to_bytes(dumps(payload)))
            os.replace(hidden, final)
        except OSError as exc:
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc

    def _get(self, queue: str) -> Any:
        names = [name for name in os.listdir(self.data_folder_in) if is_message_of(name, queue)]
        for name in sorted(names, key=message_order):
            taken = os.path.join(self.processed_folder, f"{name}.{os.getpid()}")
            try:
                os.rename(os.path.join(self.data_folder_in, name), taken)
            except FileNotFoundError:
                continue  # another reader took it first
            except OSError as exc:
                raise ChannelError(f"Cannot take file {name!r} from the queue") from exc
            try:
                with open(taken, "rb") as f:
                    payload = f.read()
                if not self.store_processed:
                    os.remove(taken)
            except OSError as exc:
                raise ChannelError(f"Cannot read file {taken!r} from the queue") from exc
            return loads(bytes_to_str(payload))
        raise Empty()


class Transport(filesystem.Transport):
    Channel = Channel


def install() -> None:
    """Make ``filesystem://`` mean this transport in this process."""
    TRANSPORT_ALIASES["filesystem"] = f"{__name__}:Transport"


# --- Noticing a broker that lost its messages ---------------------------------------------------
# A Redis server restarted without its data (or flushed) has forgotten every queued message;
# nothing tells the senders. Each life of a Redis server has its own ``run_id``; the reaper keeps
# the one it last saw in the broker itself, so a missing or different mark means "messages may
# have been lost since": a server that restarted (even one that kept some data: it may have lost
# the last writes) or whose data was wiped. Brokers that keep their messages on disk (the
# folder) have no lives to tell apart.

LIFE_KEY = "arena:broker-life"


def _redis_client(conn: Any) -> Any:
    return conn.default_channel.client if conn.transport.driver_type == "redis" else None


def new_broker_life(app: Any) -> str | None:
    """The current life of the broker when it is not the one :func:`remember_broker_life` last
    stored (a restart or lost data since), else None."""
    with app.connection_for_write() as conn:
        client = _redis_client(conn)
        if client is None:
            return None
        life = str(client.info("server")["run_id"])
        seen = client.get(LIFE_KEY)
        return None if seen is not None and bytes_to_str(seen) == life else life


def remember_broker_life(app: Any, life: str) -> None:
    """Mark ``life`` as seen: everything it may have lost has been sent again."""
    with app.connection_for_write() as conn:
        client = _redis_client(conn)
        if client is not None:
            client.set(LIFE_KEY, life)
