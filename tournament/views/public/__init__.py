"""Public pages (read-only, no login): pages.py (tournaments, standings), seating.py (a session's seating, a
player's schedule), downloads.py (the public exports). access.py says which tournaments the public may see."""
