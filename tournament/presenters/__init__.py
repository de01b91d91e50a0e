"""Presentation built from read data: the one home of the rows, notes, lines and pages that templates, printed
documents and exports show (standings and side-ranking rows with their marks, the hall screen's pages, a player's
and a table's lines). Below the views, printing and exporters, above the selectors it reads: a presenter reads,
never writes, and the selectors import no presentation (the contracts in pyproject.toml). How one name, number,
date or wind is written stays in tournament.display, which presenters use."""
