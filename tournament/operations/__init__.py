"""Running the server: request ids, hardening, health, login throttling, the refused-action log, log privacy, backups."""
