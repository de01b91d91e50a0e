"""django-tables2 tables of the pages (the public standings, the organiser's players and seating)."""
