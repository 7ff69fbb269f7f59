"""Django settings, read from the environment.

Defaults are embedded and need no server: SQLite and a filesystem Celery broker under ``var/``.
Set ``DATABASE_URL`` (PostgreSQL) and ``CELERY_BROKER_URL`` (Redis) to use the real services;
set ``ARENA_ENV=production`` for a deployment, which then refuses to start without
``SECRET_KEY`` or with ``DEBUG`` on. ``DEBUG`` is off unless ``DEBUG=true`` is set, in development
too: ``make run`` serves visitors, and Django's debug pages list every URL pattern and setting.
"""

from __future__ import annotations

from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from arena.env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("ARENA_VAR_DIR", str(BASE_DIR / "var")))
VAR_DIR.mkdir(parents=True, exist_ok=True)

ARENA_ENV = env_str("ARENA_ENV", "development")
if ARENA_ENV not in ("development", "production"):
    raise ImproperlyConfigured(
        f"Unexpected value ARENA_ENV={ARENA_ENV!r}: development or production"
    )
PRODUCTION = ARENA_ENV == "production"

DEBUG = env_bool("DEBUG", default=False)
SECRET_KEY = env_str("SECRET_KEY")
if PRODUCTION:
    if not SECRET_KEY:
        raise ImproperlyConfigured("ARENA_ENV=production needs SECRET_KEY to be set")
    if DEBUG:
        raise ImproperlyConfigured("ARENA_ENV=production refuses to run with DEBUG on")
elif not SECRET_KEY:
    SECRET_KEY = "development-only-insecure-key"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [] if PRODUCTION else ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "arena",
    "arena.api",
    "arena.alerts",
    "arena.front",
    "games",
    "bots",
    "tournament",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files in every mode (DEBUG off, runserver under `make run`, gunicorn in the image).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A sign-in refused for too many failures: the sign-in page as a 429 (arena/throttle.py).
    "arena.throttle.SignInThrottleMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "arena.urls"
WSGI_APPLICATION = "arena.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "arena.context_processors.site_nav",
                "arena.alerts.views.unread_count",
            ],
            # Every template names games by title (``{{ game|game_title }}``) without a load.
            "builtins": ["arena.templatetags.game_titles"],
        },
    },
]

# --- Database -------------------------------------------------------------------------------
SQLITE_PATH = VAR_DIR / "arena.sqlite3"
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{SQLITE_PATH}"), conn_max_age=60
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Workers and the web server are separate processes: wait for locks instead of failing,
    # take write locks up front, and let readers run beside a writer.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 30,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # A file, not memory, so worker processes started by tests share the test database.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test.sqlite3")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Every password check is counted and may be refused for too many failures (arena/throttle.py,
# SECURITY.md): per client address, and per account except from addresses it signed in from.
AUTHENTICATION_BACKENDS = ["arena.throttle.ThrottledModelBackend"]
ARENA_SIGNUP_LIMITS = {
    "accounts_per_address": env_int("ARENA_SIGNUP_ACCOUNTS_PER_ADDRESS", 5),
    "window_s": env_int("ARENA_SIGNUP_WINDOW_SECONDS", 3600),
}
"""New accounts per client address in a window (``arena/throttle.py``, ``signup_wait``)."""
ARENA_SIGNIN_LIMITS = {
    "failures_per_address": env_int("ARENA_SIGNIN_FAILURES_PER_ADDRESS", 10),
    "failures_per_account": env_int("ARENA_SIGNIN_FAILURES_PER_ACCOUNT", 20),
    "window_s": env_int("ARENA_SIGNIN_WINDOW_SECONDS", 900),
    "known_address_days": env_int("ARENA_SIGNIN_KNOWN_ADDRESS_DAYS", 30),
}
# Reverse proxies in front of the web server whose X-Forwarded-For is trusted (0: none, the
# client is REMOTE_ADDR). Set it to the number of proxies, or every client shares one address.
ARENA_TRUSTED_PROXIES = env_int("ARENA_TRUSTED_PROXIES", 0)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "templates" / "static"]
# WhiteNoise serves the files where the finders find them (templates/static, the admin's), so no
# deployment needs a collectstatic step; a file changed on disk is picked up at the next start.
# It also looks in STATIC_ROOT (collectstatic's target) and warns at start-up when that is missing.
STATIC_ROOT.mkdir(exist_ok=True)
WHITENOISE_USE_FINDERS = True
MEDIA_ROOT = Path(env_str("ARENA_MEDIA_ROOT", str(VAR_DIR / "media")))

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/bots/"
LOGOUT_REDIRECT_URL = "/"

REST_FRAMEWORK = {
    # Basic first: DRF takes the WWW-Authenticate header from the first class, and without one
    # a wrong password or a missing sign-in would be a 403 instead of a 401 that scripts (and
    # curl) understand. A browser's session still works: Basic passes when no header is sent.
    # Basic for scripts only (arena/api_auth.py): a browser is never challenged with Basic, and
    # a browser's request with Basic credentials must pass the CSRF check a session does.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "arena.api_auth.ScriptBasicAuthentication",
        "rest_framework.authentication.SessionAuthentication",
        "arena.api.tokens.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "arena.api.pagination.ApiPagination",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Every client is throttled: a signed-in user per account, anyone else per address; a 429
    # says when to come back (Retry-After). The counts live in the cache (CACHES below).
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
    ],
    # Whose address a client is: X-Forwarded-For only from the trusted proxies, never spoofed.
    "NUM_PROXIES": ARENA_TRUSTED_PROXIES,
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_str("ARENA_API_ANON_RATE", "120/minute"),
        "user": env_str("ARENA_API_USER_RATE", "600/minute"),
    },
    "PAGE_SIZE": 50,
}

# The API's OpenAPI 3 schema (/api/schema/) and its documentation page (/api/docs/), whose
# Swagger UI files come from a package (drf-spectacular-sidecar), never from a CDN.
SPECTACULAR_SETTINGS = {
    "TITLE": "Catan Arena API",
    "DESCRIPTION": "Bots, versions, matches, replays, leaderboards, tournaments and tokens. "
    "Authenticate with a personal API token (Authorization: Bearer ca_…), HTTP Basic from "
    "scripts, or a signed-in session. README.md, 'The API', says the same in words.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "MatchStatus": "tournament.models.Match.STATUSES",
        "TournamentStatus": "tournament.models.Tournament.STATUSES",
        "VersionStatus": "tournament.models.BotVersion.STATUSES",
    },
}

# --- Mail (alerts) ---------------------------------------------------------------------------
# Alerts go to the console unless a mail server is configured; SITE_URL makes their links whole.
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Catan Arena <arena@localhost>")
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000")

# --- Celery ---------------------------------------------------------------------------------
# Without CELERY_BROKER_URL the broker is a folder: real worker processes, no server needed.
BROKER_DIR = VAR_DIR / "broker"
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "filesystem://")
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {}
if CELERY_BROKER_URL.startswith("filesystem://"):
    for sub in ("queue", "processed", "control"):
        (BROKER_DIR / sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR / "queue"),
        "data_folder_out": str(BROKER_DIR / "queue"),
        "processed_folder": str(BROKER_DIR / "processed"),
        "control_folder": str(BROKER_DIR / "control"),
        "store_processed": False,
    }
    _default_backend = f"file://{VAR_DIR / 'celery-results'}"
    (VAR_DIR / "celery-results").mkdir(parents=True, exist_ok=True)
else:
    _default_backend = CELERY_BROKER_URL
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", _default_backend)
CELERY_TASK_DEFAULT_QUEUE = env_str("ARENA_CELERY_QUEUE", "arena")
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 3600
# A match is acknowledged only once it is finished, and re-queued if its worker dies, so a
# killed worker's match is run again by another; the database makes the result write-once.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A broker that goes away is waited for, forever (the match rows are the record: the reaper
# re-sends what it lost, tournament/tasks.py), and a match being played goes on meanwhile: its
# result goes to the database, not to the broker.
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
HEARTBEAT_SECONDS = env_int("ARENA_HEARTBEAT_SECONDS", 10)
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    "worker-heartbeat": {"task": "arena.heartbeat", "schedule": float(HEARTBEAT_SECONDS)},
    "ladder-schedule": {
        "task": "tournament.schedule_ladders",
        "schedule": float(env_int("ARENA_LADDER_TICK_SECONDS", 5)),
    },
    # Cheap (indexed): so a lost worker or a broker that lost its messages costs seconds.
    "ladder-reap": {
        "task": "tournament.reap_matches",
        "schedule": float(env_int("ARENA_REAP_SECONDS", 10)),
    },
    "tournament-advance": {"task": "tournament.advance_tournaments", "schedule": 30.0},
    "tournament-schedule": {"task": "tournament.run_tournament_schedule", "schedule": 30.0},
}

# --- Cache (the sign-in throttle's counts) ---------------------------------------------------
# Redis when there is one (CACHE_URL, else the broker's Redis), shared by every web process;
# otherwise the web process's memory, which is the whole site under `make run` (one process).
CACHE_URL = env_str("CACHE_URL")
if not CACHE_URL and CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    CACHE_URL = CELERY_BROKER_URL
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": "arena",
        }
        if CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# --- Match service (tournament/) -------------------------------------------------------------
ARENA_ELO_K = float(env_int("ARENA_ELO_K", 32))
# A worker renews its claim on a running match this often (a third of it); a match whose lease
# ran out was lost with its worker and is run again.
ARENA_MATCH_LEASE_SECONDS = env_int("ARENA_MATCH_LEASE_SECONDS", 30)
ARENA_MATCH_MAX_ATTEMPTS = env_int("ARENA_MATCH_MAX_ATTEMPTS", 3)
# A running match's public picture (tournament/live.py) is rewritten at most this often.
ARENA_LIVE_INTERVAL_MS = env_int("ARENA_LIVE_INTERVAL_MS", 1000)
# A queued match is sent again when its message may be lost: at once when the broker lost its
# data (a Redis restart), after this grace when the broker refused the message, and after
# ARENA_REQUEUE_AFTER_SECONDS in any case (tournament.tasks.reap_matches).
ARENA_REQUEUE_AFTER_SECONDS = env_int("ARENA_REQUEUE_AFTER_SECONDS", 900)
ARENA_UNSENT_GRACE_SECONDS = env_int("ARENA_UNSENT_GRACE_SECONDS", 30)
# Matches the workers run at once (worker processes × concurrency; `manage.py serve` sets it for
# the workers it starts). The ladder scheduler never gives one bot all of them.
ARENA_MATCH_SLOTS = env_int("ARENA_MATCH_SLOTS", 2)
# Defaults of a game's ladder row when it is first created (then edited in the admin). Catan
# plays four players on a random board (drawn from the match seed), a quarter of the games with
# the Masters expansion.
ARENA_LADDER_DEFAULTS: dict[str, dict[str, object]] = {
    "cardgame": {"players_per_match": 2, "matches_in_flight": 2},
    "catan": {
        "players_per_match": 4,
        "matches_in_flight": 2,
        "options": {"layout": "variable"},
        "option_mix": [{"weight": 3, "options": {}}, {"weight": 1, "options": {"masters": True}}],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"refusals_without_traceback": {"()": "arena.log_filters.RefusalsWithoutTraceback"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["refusals_without_traceback"],
        }
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}

if PRODUCTION:
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
