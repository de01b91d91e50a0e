"""Pages, one module per area: public.py (read-only public pages), exports.py (downloads and printed documents),
seating.py (organiser seating pages). Every change goes through tournament.services."""
