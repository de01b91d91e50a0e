"""The organiser's console: the dashboard, settings, players, staff, seating, exports, the clock, the log."""
