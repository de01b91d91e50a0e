"""scripts/check_writes.py (in `make lint` and scripts/test.sh): a write of a model outside tournament/services/ and a
module over 400 lines are named by file and line; the tree as it is passes."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _checker():
    spec = importlib.util.spec_from_file_location("check_writes", ROOT / "scripts" / "check_writes.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


check = _checker()

VIEW = """from django.http import HttpResponse

from tournament.models import Tournament


def publish(request, slug):
    Tournament.objects.filter(slug=slug).update(
        public=True
    )
    return HttpResponse("ok")
"""

SELECTOR = """from tournament.models import TableResult


def standings(table):
    rows = list(table.results.all())
    if not rows:
        TableResult.objects.create(table=table, version=1)
    return rows
"""

READS_ONLY = """from django.db import connection

from tournament.models import Tournament


def names(context, line):
    context.update(title="Standings")  # a dict
    line.update(running="", rank="")
    cache_key = {"a": 1}
    cache_key.update({"b": 2})
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return list(Tournament.objects.filter(public=True).values_list("name", flat=True))


class Tenbou(Tournament):
    def save(self, *args, **kwargs):
        super().save(*args, **kwargs)  # the model's own save, called by a service
"""


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, source in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
    return tmp_path


def test_a_view_and_a_selector_that_write_are_named_by_file_and_line(tmp_path):
    root = _tree(
        tmp_path,
        {
            "tournament/views/public/publish.py": VIEW,
            "tournament/selectors/standings.py": SELECTOR,
            "tournament/selectors/names.py": READS_ONLY,
            "tournament/services/tournaments.py": VIEW,  # the services may write
            "tournament/migrations/0002_data.py": SELECTOR,  # and the migrations
        },
    )
    found = [str(finding) for finding in check.write_findings(root)]
    assert found == [
        "tournament/selectors/standings.py:7: queryset .create()",
        "tournament/views/public/publish.py:7: queryset .update()",
    ]


def test_instance_saves_related_managers_locks_and_raw_sql_are_writes():
    source = """from django.db import connection

INSERT = "INSERT INTO tournament_job (id) VALUES (%s)"


def attempt(job):
    return Job.objects.filter(pk=job.pk)


def run(job, form, person, tournament):
    attempt(job).update(state="done")
    stale = Job.objects.filter(state="running")
    stale.delete()
    job.save(update_fields=["state"])
    form.save()
    form.save(commit=False)
    tournament.sessions.create(number=1)
    tournament.sessions.select_for_update().get(number=1)
    person.groups.add(1)
    with connection.cursor() as cursor:
        cursor.execute(INSERT, [1])
        cursor.execute("  update tournament_job set state = 'x'")
"""
    found = [
        (finding.line, finding.what) for finding in check.writes_in_source(source, "tournament/views/x.py")
    ]
    assert found == [
        (11, "queryset .update()"),
        (13, "queryset .delete()"),
        (14, "model .save()"),
        (15, "model .save()"),
        (17, "manager .create()"),
        (18, "queryset .select_for_update()"),
        (19, "many-to-many .add()"),
        (21, "raw SQL that writes (execute: INSERT ...)"),
        (22, "raw SQL that writes (execute: UPDATE ...)"),
    ]


def test_a_module_over_400_lines_is_named(tmp_path):
    root = _tree(
        tmp_path,
        {
            "scoring/long.py": "x = 1\n" * 401,
            "scoring/short.py": "x = 1\n" * 400,
            "tournament/known.py": "x = 1\n" * 450,
            "tournament/migrations/0001_initial.py": "x = 1\n" * 900,
        },
    )
    assert sorted(check.size_findings(root)) == [
        "scoring/long.py: 401 lines (more than 400)",
        "tournament/known.py: 450 lines (more than 400)",
    ]


def test_the_tree_writes_only_in_the_services_and_has_no_module_too_long():
    assert [str(finding) for finding in check.write_findings()] == []
    assert check.size_findings() == []
