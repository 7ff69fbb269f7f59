"""The embedded broker (``filesystem://``) hands out messages in the order they were written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from kombu import Connection
from kombu.transport import filesystem, virtual

import arena.celery  # noqa: F401 - installs the project's filesystem transport, as every process does
from arena import broker


@pytest.fixture(autouse=True)
def fresh_broker_state(monkeypatch) -> None:
    """kombu keeps the bindings it made for a process in a class attribute; each test here has
    its own folders, so its own bindings."""
    monkeypatch.setattr(broker.Transport, "global_state", virtual.BrokerState())


def fs_connection(folder: Path) -> Connection:
    for sub in ("queue", "processed", "control"):
        (folder / sub).mkdir(exist_ok=True)
    return Connection(
        "filesystem://",
        transport_options={
            "data_folder_in": str(folder / "queue"),
            "data_folder_out": str(folder / "queue"),
            "processed_folder": str(folder / "processed"),
            "control_folder": str(folder / "control"),
        },
    )


@pytest.fixture
def uptime_ms(monkeypatch) -> list[int]:
    """A clock both kombu's naming (uptime) and ours (wall time) read: set its next readings."""
    readings: list[int] = []
    monkeypatch.setattr(filesystem, "monotonic", lambda: readings.pop(0) / 1000)
    monkeypatch.setattr(broker, "clock_ns", lambda: readings.pop(0) * 1_000_000)
    monkeypatch.setattr(broker, "_last_stamp", 0)
    return readings


def drain(conn: Connection, queue: str) -> list[object]:
    bodies = []
    with conn.SimpleQueue(queue) as q:
        while True:
            try:
                message = q.get(block=False)
            except q.Empty:
                return bodies
            bodies.append(message.payload)
            message.ack()


def test_messages_written_as_the_clock_gains_a_digit_are_read_in_order(tmp_path, uptime_ms):
    # 999,998 ms of uptime and on: kombu's names sort "1000000…" before "999998…".
    uptime_ms.extend([999_998, 999_999, 1_000_000, 1_000_001])
    with fs_connection(tmp_path) as conn:
        with conn.SimpleQueue("arena") as q:
            for n in range(4):
                q.put({"n": n})
        assert drain(conn, "arena") == [{"n": n} for n in range(4)]
    assert not uptime_ms  # every message was named by the moved clock


def test_names_are_fixed_width_so_text_order_is_time_order() -> None:
    names = [broker.message_name("q") for _ in range(3)]
    assert len({len(name.partition("_")[0]) for name in names}) == 1
    assert sorted(names, key=lambda n: n.partition("_")[0]) == names


def test_a_message_named_by_kombus_clock_is_read_before_newer_ones(tmp_path) -> None:
    """A message left from before the upgrade (named by uptime milliseconds) is older than any
    new one, though its name sorts after theirs as text."""
    queue_dir = tmp_path / "queue"
    with fs_connection(tmp_path) as conn:
        with conn.SimpleQueue("arena") as q:
            q.put({"n": "old"})
            (name,) = os.listdir(queue_dir)
            (queue_dir / name).rename(queue_dir / f"1234567_{name.partition('_')[2]}")
            q.put({"n": "new"})
        assert drain(conn, "arena") == [{"n": "old"}, {"n": "new"}]


def test_a_message_still_being_written_is_not_read(tmp_path) -> None:
    with fs_connection(tmp_path) as conn:
        with conn.SimpleQueue("arena") as q:
            q.put({"n": 1})
        # What a writer leaves while writing: the hidden name (here with half a message).
        partial = tmp_path / "queue" / f".{broker.message_name('arena')}.part"
        partial.write_text('{"bo')
        assert drain(conn, "arena") == [{"n": 1}]
        assert os.listdir(tmp_path / "queue") == [partial.name]


def test_each_message_goes_to_one_reader_only(tmp_path) -> None:
    with fs_connection(tmp_path) as writer, fs_connection(tmp_path) as other:
        with writer.SimpleQueue("arena") as q:
            for n in range(6):
                q.put({"n": n})
        with writer.SimpleQueue("arena") as a, other.SimpleQueue("arena") as b:
            got = []
            for reader in (a, b, a, b, a, b):
                message = reader.get(block=False)
                got.append(message.payload["n"])
                message.ack()
        assert got == list(range(6))
        assert not os.listdir(tmp_path / "queue") and not os.listdir(tmp_path / "processed")
