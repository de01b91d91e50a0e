"""Running the server: request ids, hardening, the audience of a page (audiences.py), HTTP caching, health, login
throttling, the refused-action log, log privacy, backups."""
