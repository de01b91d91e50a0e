"""The background worker's side: the one task that makes a job (tasks.py) and its sign of life (heartbeat.py)."""
