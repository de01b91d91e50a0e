"""The whole database as a file: backups, restores and the automatic snapshots before destructive actions."""
