"""The read API at /api/v1/ (docs/api.md): the public's data as JSON, under its own audience (operations.audiences,
``api``), with the public pages' visibility rule and caching (base.py)."""
