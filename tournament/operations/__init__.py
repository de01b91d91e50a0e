"""Running the server: request ids, hardening, HTTP caching, health, login throttling, the refused-action log, log privacy, backups."""
