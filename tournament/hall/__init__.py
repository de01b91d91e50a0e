"""Running the event live: the forms of the organiser's clock and hall display pages (the reads are in
selectors.clock and selectors.hall, the writes in services.clock and services.hall_display)."""
