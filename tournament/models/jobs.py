"""Long work done by the background worker (tournament.worker.tasks): a seating search, a printed document, a large
export. The row is what the organiser's page shows (state, progress, what it is doing) and holds the result, so any
app process on any machine can offer it; the task queue itself (django-tasks) only carries the job's id."""

import uuid

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.columns import person_column
from tournament.models.tournaments import Tournament


class Job(models.Model):
    class Kind(models.TextChoices):
        SEATING = "seating", _("seating search")
        DOCUMENT = "document", _("printed document")
        EXPORT = "export", _("export")

    class State(models.TextChoices):
        QUEUED = "queued", _("waiting")
        RUNNING = "running", _("in progress")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="jobs"
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    params = models.JSONField(_("parameters"), default=dict)
    title = models.CharField(_("title"), max_length=200)
    requested_by = person_column(_("requested by"))
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.QUEUED)
    attempt = models.PositiveSmallIntegerField(_("attempt"), default=1)
    task_id = models.CharField(_("task id"), max_length=64, blank=True)
    progress = models.PositiveSmallIntegerField(_("progress (%)"), default=0)
    stage = models.CharField(_("stage"), max_length=40, blank=True)
    # a long document (a day's pack) counts its pages: done of the total, and the part being made
    # ({"document": "score-sheets", "session": 3, "part": 4, "parts": 12}: named in the reader's language when shown)
    pages_done = models.PositiveIntegerField(_("pages done"), default=0)
    pages_total = models.PositiveIntegerField(_("pages in all"), default=0)
    part = models.JSONField(_("part being made"), default=dict, blank=True)
    expected_seconds = models.FloatField(_("expected seconds"), default=5.0)
    created_at = models.DateTimeField(_("requested at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    heartbeat_at = models.DateTimeField(_("last sign of life"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    error = models.TextField(_("error"), blank=True)
    result_data = models.JSONField(_("result"), null=True, blank=True)
    result_file = models.BinaryField(_("file"), null=True, blank=True)
    filename = models.CharField(_("file name"), max_length=200, blank=True)
    content_type = models.CharField(_("content type"), max_length=100, blank=True)

    class Meta:
        verbose_name = _("background job")
        verbose_name_plural = _("background jobs")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["tournament", "-created_at"]), models.Index(fields=["state"])]

    def __str__(self) -> str:
        return f"{self.title} ({self.get_state_display()})"

    @property
    def finished(self) -> bool:
        return self.state in (self.State.DONE, self.State.FAILED)


class WorkerBeat(models.Model):
    """A background worker's sign of life (tournament.operations.worker_heartbeat): written when it starts and every
    TENBOU_WORKER_BEAT_SECONDS, idle or busy; deleted when it stops. /healthz reads the newest one."""

    worker_id = models.CharField(_("worker"), max_length=64, primary_key=True)
    host = models.CharField(_("machine"), max_length=255)
    pid = models.PositiveIntegerField(_("process"))
    started_at = models.DateTimeField(_("started at"))
    beat_at = models.DateTimeField(_("last sign of life"), db_index=True)

    class Meta:
        verbose_name = _("background worker")
        verbose_name_plural = _("background workers")

    def __str__(self) -> str:
        return f"{self.host} {self.pid}"
