"""The whole database as a file (backups, restores and the automatic snapshots before destructive actions), the
one statement read straight through PostgreSQL's libpq (direct.py: the public pages' change stamp), and PostgreSQL's
notices of changes heard by each server process (notices.py: the stamps kept between them)."""
