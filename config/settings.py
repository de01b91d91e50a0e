"""Settings, all from environment variables. Development defaults apply only when DJANGO_DEBUG is on.

DJANGO_DEBUG            1 for development (default 0)
DJANGO_SECRET_KEY       required unless DEBUG (a blank one is refused)
DJANGO_ALLOWED_HOSTS    comma separated (default in DEBUG: 127.0.0.1,localhost)
DATABASE_URL            e.g. postgres://user:pass@host/db (default: SQLite file tenbou.sqlite3 here, WAL mode)
TENBOU_TIME_ZONE        the hall's time zone (default Europe/Amsterdam)
TENBOU_PUBLIC_URL       the address players' phones reach, for QR codes on paper (default: the request's host,
                        http://localhost:8000 on the command line)
TENBOU_CACHE_URL        the rendered public pages: locmem:// (default), file:///DIR, db://TABLE, redis://HOST:6379/0
TENBOU_PUBLIC_MAX_AGE, TENBOU_PUBLIC_STALE_SECONDS   a public page's Cache-Control: max-age (5) and
                        stale-while-revalidate (10) seconds
TENBOU_TASKS            where long work runs: database (default: queued in the database, run by
                        `manage.py db_worker`) or immediate (inside the request; for a quick trial only)
TENBOU_JOB_STALE_SECONDS, TENBOU_JOB_KEEP_DAYS   a running job silent this long is queued again (60); finished
                        jobs and their files are kept this many days (7)
TENBOU_WORKER_SILENT_SECONDS   /healthz says "degraded" when jobs wait and no worker beat for this long (30)
TENBOU_JOB_LIMIT_PER_TOURNAMENT, TENBOU_JOB_LIMIT_PER_PERSON   unfinished background jobs allowed at once (10, 5)
DJANGO_SECURE_SSL_REDIRECT, DJANGO_HSTS_SECONDS   production HTTPS settings (on / one year by default)
TENBOU_BACKUP_DIR       where the snapshots before destructive actions go (default: backups/ here)
TENBOU_BACKUP_KEEP_DAYS days a snapshot is kept, 1 or more (default 14); `backup -o` files are never deleted
TENBOU_SNAPSHOTS        0: no snapshot before destructive actions (default 1)
TENBOU_BACKUP_MAX_MB    the room the snapshots may take (1000); beyond it the oldest go, never a tournament's newest
TENBOU_API_RATE         the read API's requests a minute from one address (1200; 0: no limit): docs/api.md
TENBOU_DB_PREPARED      0: PostgreSQL plans the change stamp's statement each time, not once per connection (a pooler
                        that keeps no prepared statements: PgBouncer before 1.21)
TENBOU_DB_LISTEN        0: each server process reads the change stamp of every public request from PostgreSQL instead
                        of keeping it until the database notifies a change (a pooler in transaction mode, which cannot
                        LISTEN); each process listens on one connection of its own (tournament/database/notices.py)
TENBOU_SNAPSHOT_WINDOW_SECONDS   a change this soon after its tournament's snapshot reuses it if it holds all the
                        change destroys (300; 0: never)
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    return os.environ.get(name, "1" if default else "0").strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_flag("DJANGO_DEBUG")

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY.strip():  # unset, empty or only whitespace
    if not DEBUG:
        raise ImproperlyConfigured(
            "Set DJANGO_SECRET_KEY to a long random value; it is unset, empty or blank (on a server load its "
            "environment first: set -a; . /etc/tenbou/tenbou.env; set +a; for development run `make run` once in "
            "this checkout, or put DJANGO_DEBUG=1 in front of the command)."
        )
    SECRET_KEY = "development-only-insecure-key-never-use-in-production"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_tasks",
    "tournament",  # before django_tasks_db: its `db_worker` command wraps the library's (tournament/operations/worker_heartbeat.py)
    "django_tasks_db",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # the headers every answer carries, the fast path's too (tournament/operations/fast_public.py); CSP below
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # outside the middlewares that add Vary and read the session (tournament/operations/caching.py)
    "tournament.operations.caching.CachingHeadersMiddleware",
    # a public live page for a reader without a session: 304 or the kept bytes, before sessions, locale, auth...
    "tournament.operations.fast_public.FastPublicMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "tournament.operations.language.TournamentLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"


def _database() -> dict:
    default_url = f"sqlite:///{BASE_DIR / 'tenbou.sqlite3'}"
    # a connection is kept for a minute, on SQLite too: opening one (and its pragmas) costs more than a public
    # page's 304 (tournament/operations/fast_public.py), and checked before a request's first use (a database
    # restarted: a new connection, not an error; the fast path of the public pages skips the check and recovers)
    config = dj_database_url.parse(
        os.environ.get("DATABASE_URL", default_url), conn_max_age=60, conn_health_checks=True
    )
    if config["ENGINE"] == "django.db.backends.postgresql":
        # the change stamp's statements are prepared once per connection (selectors/changes.py; Django's own
        # cursors prepare nothing); TENBOU_DB_PREPARED=0 for a pooler that cannot keep them (PgBouncer before 1.21)
        config.setdefault("OPTIONS", {})["prepare_threshold"] = (
            5 if env_flag("TENBOU_DB_PREPARED", True) else None
        )
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {
            # WAL lets the public pages read while a referee writes; IMMEDIATE takes the write lock up front.
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000;",
            "transaction_mode": "IMMEDIATE",
        }
    return config


DATABASES = {"default": _database()}
# PostgreSQL's notices of changes keep the public pages' stamps between changes (tournament/database/notices.py)
TENBOU_CHANGE_NOTICES = env_flag("TENBOU_DB_LISTEN", True)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("nl", _("Dutch")),
    ("de", _("German")),
    ("fr", _("French")),
]  # a new one: its catalogue and its date patterns (tournament/display/dates.py), nothing else
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TENBOU_TIME_ZONE", "Europe/Amsterdam")
TENBOU_PUBLIC_URL = os.environ.get("TENBOU_PUBLIC_URL", "").strip()
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("TENBOU_STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "tournament.operations.static_files.AppStaticFinder",  # every app's, but what is never linked
]
# the guides as a site (`make docs` builds docs/ there; tournament/views/guides.py serves them at /help/)
TENBOU_HELP_DIR = Path(os.environ.get("TENBOU_HELP_DIR") or BASE_DIR / "build" / "help")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "tournament.operations.static_files.CompressedManifestStorage"
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "landing"  # the pages of the user's role (tournament/views/landing.py)
LOGOUT_REDIRECT_URL = "home"

DJANGO_TABLES2_TEMPLATE = "components/table.html"


def _cache(url: str) -> dict:
    """TENBOU_CACHE_URL: locmem:// (default: each process its own), file:///DIR (shared by the processes of one
    machine), db://TABLE (run createcachetable first; shared by every process on the database), redis://HOST:6379/0
    (shared by every process of every machine; redis and hiredis are in requirements.txt), dummy:// (no cache)."""
    scheme, _sep, rest = url.partition("://")
    backends = {
        "locmem": "django.core.cache.backends.locmem.LocMemCache",
        "db": "django.core.cache.backends.db.DatabaseCache",
        "file": "django.core.cache.backends.filebased.FileBasedCache",
        # Django's RedisCache, where Redis away is a miss (a page made again), not a server error
        "redis": "tournament.operations.redis_cache.ForgivingRedisCache",
        "rediss": "tournament.operations.redis_cache.ForgivingRedisCache",
        "dummy": "django.core.cache.backends.dummy.DummyCache",
    }
    if scheme not in backends:
        raise ImproperlyConfigured(
            f"TENBOU_CACHE_URL: unknown cache {url!r}; use locmem://, db://TABLE or redis://"
        )
    if scheme == "file" and not rest:
        raise ImproperlyConfigured("TENBOU_CACHE_URL: file:// needs a folder, e.g. file:///var/cache/tenbou")
    location = url if scheme.startswith("redis") else rest or ("tenbou_cache" if scheme == "db" else "tenbou")
    options = {"MAX_ENTRIES": 3000} if scheme in ("locmem", "db", "file") else {}
    return {"BACKEND": backends[scheme], "LOCATION": location, "OPTIONS": options}


# Rendered public pages (tournament/views/public/live.py), keyed by the tournament's change stamp.
CACHES = {"default": _cache(os.environ.get("TENBOU_CACHE_URL", "locmem://"))}

# How long a browser, a proxy or a CDN may answer a public page by itself (tournament/operations/caching.py):
# max-age seconds fresh, then stale-while-revalidate seconds more while it asks the server in the background. A
# result entered shows on a page somebody watches within max-age (5 s) plus one rendering, and on any page within
# max-age + stale-while-revalidate (15 s); a 304 costs little, so revalidating often is cheap.
try:
    TENBOU_PUBLIC_MAX_AGE = int(os.environ.get("TENBOU_PUBLIC_MAX_AGE", "5"))
    TENBOU_PUBLIC_STALE_SECONDS = int(os.environ.get("TENBOU_PUBLIC_STALE_SECONDS", "10"))
except ValueError:
    TENBOU_PUBLIC_MAX_AGE = TENBOU_PUBLIC_STALE_SECONDS = -1
if min(TENBOU_PUBLIC_MAX_AGE, TENBOU_PUBLIC_STALE_SECONDS) < 0:
    raise ImproperlyConfigured(
        "TENBOU_PUBLIC_MAX_AGE and TENBOU_PUBLIC_STALE_SECONDS must be whole numbers of seconds, 0 or more."
    )

# Production hardening (manage.py check --deploy passes with DEBUG off).
if not DEBUG:
    SECURE_SSL_REDIRECT = env_flag("DJANGO_SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env_flag("DJANGO_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = env_flag("DJANGO_SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_flag("DJANGO_SECURE_COOKIES", True)
    LANGUAGE_COOKIE_SECURE = env_flag("DJANGO_SECURE_COOKIES", True)
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
    X_FRAME_OPTIONS = "DENY"
else:
    X_FRAME_OPTIONS = "SAMEORIGIN"

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False
# The visitor's own choice of language, set only by the header's language links (tournament/views/public/language.py):
# kept a year (an event's weekend and the next one), never read by a script. An anonymous reader gets no other cookie.
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"


# --- Request ids and /healthz (tournament/operations/request_ids.py, tournament/operations/health.py) ---
# Both come first: every log line of a request carries its id, and /healthz answers before the HTTPS redirect and
# the ALLOWED_HOSTS check, so a proxy or container engine can probe http://127.0.0.1:8000/healthz.
MIDDLEWARE = [
    "tournament.operations.request_ids.RequestIdMiddleware",
    "tournament.operations.health.HealthCheckMiddleware",
    *MIDDLEWARE,
]

# --- Content-Security-Policy (django-csp 4): no inline script or style anywhere; the page's JS is static/js/. ---
# The print preview alone also allows its own generated <style> and data: images (tournament/views/organise/exports.py).
INSTALLED_APPS += ["csp"]
# outside the fast path of the public pages (tournament/operations/fast_public.py), so its answers carry it too;
# django-csp's middleware with the header of an answer no view changed built once (tournament/operations/csp.py)
MIDDLEWARE.insert(
    MIDDLEWARE.index("tournament.operations.caching.CachingHeadersMiddleware"),
    "tournament.operations.csp.CachedCSPMiddleware",
)
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'self'"] if DEBUG else ["'none'"],
    }
}

# --- Logging: to standard error (the journal under systemd), every line with its request id. Each refused action
# is one line on tenbou.refused (tournament/logs/refusals.py: DomainError refusals and wrong passwords on INFO; 400, 403,
# 405, CSRF failures and login lockouts on WARNING); Django's own line for those is left out (NotTwice), its reason
# is in ours. Each server error is an ERROR on django.request with its traceback. Not logged: bodies, query strings,
# cookies, addresses, user agents, typed usernames, passwords, and one-time tokens in a path: every line (Django's 404
# and 500 lines and tracebacks too) is masked by tournament.logs.privacy on the console handler. ---
LOG_LEVEL = os.environ.get("TENBOU_LOG_LEVEL", "WARNING").upper()
REFUSED_LOG_LEVEL = os.environ.get("TENBOU_REFUSED_LOG_LEVEL", "INFO").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_id": {"()": "tournament.operations.request_ids.RequestIdFilter"},
        "not_twice": {"()": "tournament.logs.refusals.NotTwice"},
        "private": {"()": "tournament.logs.privacy.PrivateRecords"},
    },
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["private", "request_id", "not_twice"],
            "formatter": "plain",
        },
        "django_refusals": {"class": "tournament.logs.refusals.DjangoRefusals"},
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    # Django's own handlers (console in DEBUG, mail to ADMINS) give way to the one above, through the root logger
    "loggers": {
        "django": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
        "django.request": {"handlers": ["django_refusals"], "propagate": True},
        "django.security": {"handlers": ["django_refusals"], "propagate": True},
        "tenbou.refused": {"level": REFUSED_LOG_LEVEL, "propagate": True},
        # axes's lines name the username, address and browser of every failed login (and its client string is
        # only the path here: AXES_CLIENT_STR_CALLABLE); tenbou.refused has the failures and the lockout
        "axes": {"level": "ERROR", "propagate": True},
    },
}

# Login throttling (django-axes): after TENBOU_LOGIN_FAILURE_LIMIT wrong passwords for one username from one
# address, logging in as that user from there is refused for TENBOU_LOGIN_LOCKOUT_MINUTES, even with the right
# password (the public login and the admin login alike). A successful login clears the count. Administrators
# unlock with `manage.py axes_reset` (or axes_reset_username NAME / axes_reset_ip ADDRESS) or by deleting the
# entry under "Access attempts" in /admin/. Behind a reverse proxy every client has the proxy's address.
INSTALLED_APPS += ["axes"]
# A body larger than the largest upload is refused (413) before anything reads it (tournament/operations/hardening.py).
# Then axes, last, as it asks.
MIDDLEWARE += [
    "tournament.operations.hardening.BodySizeLimitMiddleware",
    "axes.middleware.AxesMiddleware",
]
AUTHENTICATION_BACKENDS = [
    "tournament.operations.login_throttle.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("TENBOU_LOGIN_FAILURE_LIMIT", "5"))
TENBOU_LOGIN_LOCKOUT_MINUTES = int(os.environ.get("TENBOU_LOGIN_LOCKOUT_MINUTES", "15"))
AXES_COOLOFF_TIME = TENBOU_LOGIN_LOCKOUT_MINUTES / 60  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "tournament.operations.login_throttle.lockout_response"
# the client's address behind the reverse proxy: X-Forwarded-For from the proxies gunicorn trusts too
AXES_CLIENT_IP_CALLABLE = "tournament.operations.login_throttle.client_ip"
TENBOU_TRUSTED_PROXIES = env_list("TENBOU_FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
# No personal data in axes's log lines nor a record of every successful login (address, browser) in the database;
# the failed attempts it needs for the lockout are kept (Access attempts in /admin/) until reset or a success
AXES_VERBOSE = False
AXES_CLIENT_STR_CALLABLE = "tournament.operations.login_throttle.client_str"
AXES_DISABLE_ACCESS_LOG = True

# --- Background jobs (tournament/worker/tasks.py): seating searches, printed documents and large exports are queued
# in the database (django-tasks with the django-tasks-db backend) and run by `manage.py db_worker`. ---
_TASK_BACKENDS = {
    "database": "django_tasks_db.DatabaseBackend",
    "immediate": "django_tasks.backends.immediate.ImmediateBackend",
}
_tasks = os.environ.get("TENBOU_TASKS", "database").strip().lower()
if _tasks not in _TASK_BACKENDS:
    raise ImproperlyConfigured(f"TENBOU_TASKS: {_tasks!r} is not one of {', '.join(_TASK_BACKENDS)}.")
TASKS = {"default": {"BACKEND": _TASK_BACKENDS[_tasks], "QUEUES": ["default"]}}
TENBOU_JOB_HEARTBEAT_SECONDS = 1.0  # how often a running job writes its progress (0: only at each stage)
try:
    # a running job silent this long lost its worker: it is queued again (the job's page, `jobs --recover`)
    TENBOU_JOB_STALE_SECONDS = float(os.environ.get("TENBOU_JOB_STALE_SECONDS", "60"))
    # finished jobs and their files are deleted after this many days
    TENBOU_JOB_KEEP_DAYS = int(os.environ.get("TENBOU_JOB_KEEP_DAYS", "7"))
    # /healthz says "degraded" when jobs wait and no worker wrote a sign of life for this long (tournament/operations/worker_heartbeat.py)
    TENBOU_WORKER_SILENT_SECONDS = float(os.environ.get("TENBOU_WORKER_SILENT_SECONDS", "30"))
    # at most this many unfinished (waiting or running) jobs per tournament, and per person over all tournaments
    TENBOU_JOB_LIMIT_PER_TOURNAMENT = int(os.environ.get("TENBOU_JOB_LIMIT_PER_TOURNAMENT", "10"))
    TENBOU_JOB_LIMIT_PER_PERSON = int(os.environ.get("TENBOU_JOB_LIMIT_PER_PERSON", "5"))
except ValueError:
    raise ImproperlyConfigured(
        "TENBOU_JOB_STALE_SECONDS, TENBOU_JOB_KEEP_DAYS, TENBOU_WORKER_SILENT_SECONDS and the TENBOU_JOB_LIMIT_* "
        "settings must be numbers."
    ) from None
if min(TENBOU_JOB_LIMIT_PER_TOURNAMENT, TENBOU_JOB_LIMIT_PER_PERSON) < 1:
    raise ImproperlyConfigured(
        "TENBOU_JOB_LIMIT_PER_TOURNAMENT and TENBOU_JOB_LIMIT_PER_PERSON must be 1 or more."
    )
# how often a worker writes its sign of life, idle or busy (0: only when it starts)
TENBOU_WORKER_BEAT_SECONDS = 5.0

# --- Backups (tournament/database/backups.py): manage.py backup / restore / backups, snapshots before destructive actions ---
TENBOU_BACKUP_DIR = Path(os.environ.get("TENBOU_BACKUP_DIR") or BASE_DIR / "backups")
TENBOU_SNAPSHOTS = env_flag("TENBOU_SNAPSHOTS", True)
try:
    TENBOU_BACKUP_KEEP_DAYS = int(os.environ.get("TENBOU_BACKUP_KEEP_DAYS", "14"))
except ValueError:
    TENBOU_BACKUP_KEEP_DAYS = 0
if TENBOU_BACKUP_KEEP_DAYS < 1:
    raise ImproperlyConfigured("TENBOU_BACKUP_KEEP_DAYS must be a whole number of days, 1 or more.")
try:  # the snapshots take at most this much room: beyond it the oldest go, never the newest of a tournament
    TENBOU_BACKUP_MAX_MB = int(os.environ.get("TENBOU_BACKUP_MAX_MB", "1000"))
except ValueError:
    TENBOU_BACKUP_MAX_MB = 0
if TENBOU_BACKUP_MAX_MB < 1:
    raise ImproperlyConfigured("TENBOU_BACKUP_MAX_MB must be a whole number of megabytes, 1 or more.")
try:  # a change within this many seconds of a tournament's last snapshot reuses it when it holds what is destroyed
    TENBOU_SNAPSHOT_WINDOW_SECONDS = int(os.environ.get("TENBOU_SNAPSHOT_WINDOW_SECONDS", "300"))
except ValueError:
    TENBOU_SNAPSHOT_WINDOW_SECONDS = -1
if TENBOU_SNAPSHOT_WINDOW_SECONDS < 0:
    raise ImproperlyConfigured("TENBOU_SNAPSHOT_WINDOW_SECONDS must be a whole number, 0 or more.")

# WhiteNoise compresses the collected files once at collectstatic; the vendored fonts (used by the print preview
# only, cached forever under their hashed names) are left as they are: compressing them took 17 of collectstatic's
# 21 seconds, and scripts/serve.sh collects at every start. So are the source maps (the API's Swagger UI ships 2.3 MB
# of them, read only by a developer's browser tools): they took half of collectstatic's processor time. The files
# above LARGE_STATIC_FILE (the admin's and Swagger UI's bundles) are Brotli-compressed at quality 9, not 11
# (tournament/operations/static_files.py): collectstatic went from 14.8 to 4.3 s of processor time.
from whitenoise.compress import Compressor  # noqa: E402

WHITENOISE_SKIP_COMPRESS_EXTENSIONS = [*Compressor.SKIP_COMPRESS_EXTENSIONS, "ttf", "otf", "map"]

# --- The read API at /api/v1/ (tournament/views/api, docs/api.md): Django REST framework and drf-spectacular ---
# The public's data only: no authentication (no session read, no cookie), JSON only, the per-address rate limit of
# tournament/operations/api_throttle.py; the schema OpenAPI 3.1 (its schemas are JSON Schema, which the tests check
# every answer against) and Swagger UI from drf-spectacular-sidecar's files (served here, no CDN).
INSTALLED_APPS += ["rest_framework", "drf_spectacular", "drf_spectacular_sidecar"]
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": [],
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [],
    "DEFAULT_THROTTLE_CLASSES": ["tournament.operations.api_throttle.AddressRateThrottle"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "tournament.views.api.errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Tenbou read API",
    "DESCRIPTION": "The public data of the tournaments as JSON, for ranking sites, streams and club pages: see [the guide](/help/api.html).",
    "VERSION": "1",
    "OAS_VERSION": "3.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}
try:
    from scoring.limits import API_REQUESTS_PER_MINUTE  # noqa: E402

    TENBOU_API_RATE = int(os.environ.get("TENBOU_API_RATE", str(API_REQUESTS_PER_MINUTE)))
except ValueError:
    TENBOU_API_RATE = -1
if TENBOU_API_RATE < 0:
    raise ImproperlyConfigured(
        "TENBOU_API_RATE must be a whole number of requests a minute, 0 or more (0: no limit)."
    )
