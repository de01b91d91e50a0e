"""The columns of the results form to fill in after a day on paper, in order: the results file's columns
(tournament.readers.results_file reads them back) with the name column for reading. The exported file
(tournament.exporters.results_form) and the printed form (tournament.printing.results_form) write them in the
tournament's language (column_names.names_in)."""

COLUMNS = ("session", "table", "wind", "player", "name", "score", "chombo")
