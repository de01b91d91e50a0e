"""The EMA results file: who is in it and with what figures (results.py), what must be fixed first (checks.py),
the organiser's weight override (forms.py). The workbook layout itself is tournament.exporters.ema_workbook."""
