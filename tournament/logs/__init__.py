"""What the server writes to its log: the refused-action log (refusals.py) and what a line may say of a path (privacy.py)."""
