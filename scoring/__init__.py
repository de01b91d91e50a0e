"""The tournament rules as plain Python: no Django, no I/O, integer points.

Where a rule lives:
- ruleset.py     Ruleset parameters and the presets ema-2016, ema-2008, nts
- table.py       scoring one table: validation, placement, uma, substitutes (3.6, 3.6.1, 5.8)
- uma.py         splitting uma between tied players (3.6.1)
- penalties.py   penalty amounts: chombo, lateness, obstruction, ... (3.4.6, 5.5-5.7)
- standings.py   tournament totals and shared ranks (rules-interpretation section 4)
- points.py      the one display format for points
- seating/       seating schedule generation and its quality report
"""
