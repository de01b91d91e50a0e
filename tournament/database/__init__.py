"""The whole database as a file (backups, restores and the automatic snapshots before destructive actions), and the
one statement read straight through PostgreSQL's libpq (direct.py: the public pages' change stamp)."""
