"""Pages by audience, then area: public/ (read-only, no login), organise/ (the organiser's console), referee/
(phone first: entering results and penalties). Each audience has its own URL module (tournament/urls/) and layout
(templates/layouts/). Reads come from tournament.selectors; every change goes through tournament.services."""
