"""The shapes of the files the app reads and writes, as plain data: the column names people type
(column_names), the archive's format, version and keys (archive), the results form's columns (results_form).
One level below the readers, the exporters and printing, which share them; it imports nothing of the app."""
