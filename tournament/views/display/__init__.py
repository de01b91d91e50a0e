"""The hall's screens (read-only, no login, full screen, no menus; layouts/display.html): clock.py (the session
clock and its JSON), hall.py (the display that cycles through the clock, the next seating and the standings)."""
