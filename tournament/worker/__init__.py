"""The background worker's side: what each kind of job makes (tasks.py), what a job's page shows of it (status.py)
and the thread that writes a sign of life (heartbeat.py). The task that runs a job and writes its row is
tournament.services.jobs.run_job: the worker writes through the services."""
