"""The seating product around the pure generator in ``scoring.seating``.

Modules:
- continuation.py  continue a schedule after played sessions (an adapter over generate_schedule)
- plan.py          registrations <-> generator indices, the stored seating, proposals (generated, imported,
                   by the standings) and their quality report
- files.py         reading and validating a seating file (CSV or XLSX)
- forms.py         the organiser's forms
- tables.py        django-tables2 tables of the seating pages

Writes go through ``tournament.services.seating``.
"""
