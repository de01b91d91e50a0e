"""The referee's pages (phone first, layouts/referee.html): sessions.py lists the sessions with their progress."""
