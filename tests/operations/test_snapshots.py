"""A snapshot before every destructive action (tournament.services.snapshots): exactly one, named after the action
and the tournament, before a seating is replaced, sessions are removed or a tournament is deleted (in the admin
too, where the service runs inside the admin's delete); none before a change that destroys nothing; when the
snapshot cannot be written the action is refused with the BackupError's message and nothing changes; a snapshot
taken before re-seating, restored, gives the seating back. (Replacing by an archive: tests/operations/test_backups.)

Real snapshots need the database outside a transaction (the in-memory test database cannot be copied inside one):
these tests are transactional."""

import json
import runpy
import zipfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.utils import timezone

from tournament.database import backups
from tournament.database.backups import FORMAT, MANIFEST, BackupError, list_backups, restore_backup
from tournament.models import AuditEntry, Registration, Tournament
from tournament.selectors.seating_plan import SeatingPlan, stored_seating
from tournament.services import schedule, seating, snapshots, tournaments
from tournament.services.sessions import set_sessions

pytestmark = pytest.mark.django_db(transaction=True)

REFUSED = "No snapshot of the database could be taken before this change, so nothing was changed: "


@pytest.fixture
def no_backup_dir(settings, tmp_path):
    """Snapshots on, but their folder cannot be made: a file stands where it should be."""
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    settings.TENBOU_SNAPSHOTS = True
    settings.TENBOU_BACKUP_DIR = tmp_path / "a-file" / "backups"


def reasons() -> list[str]:
    return [item.manifest.reason for item in list_backups()]


def turned(tournament: Tournament, numbers, source: str = "imported") -> SeatingPlan:
    """These sessions' stored seating, every table turned one seat (East sits South, ...): another seating of
    the same players. A number without a seating gets the last session's."""
    stored = stored_seating(tournament)
    last = stored[max(stored)]
    plan = {n: [table[-1:] + table[:-1] for table in stored.get(n, last)] for n in numbers}
    return SeatingPlan(plan, source=source)


# --- re-seating ------------------------------------------------------------------------------------------------


def test_replacing_a_seating_takes_one_snapshot_naming_the_tournament_and_sessions(demo, backup_dir):
    before = stored_seating(demo)
    seating.apply_seating_plan(actor=None, tournament=demo, plan=turned(demo, [6, 7, 8]))
    assert stored_seating(demo) != before
    (snapshot,) = list_backups()
    assert snapshot.manifest.reason == "reseat demo sessions 6-8"
    assert snapshot.path.name.endswith("-reseat-demo-sessions-6-8.zip")
    entry = AuditEntry.objects.get(action="seating.imported")
    assert entry.data["snapshot"] == snapshot.path.name


def test_the_snapshot_names_only_the_sessions_whose_seating_is_replaced(demo, backup_dir):
    seating.apply_seating_plan(actor=None, tournament=demo, plan=turned(demo, [8, 9]))
    assert reasons() == ["reseat demo sessions 8"]


def test_seating_a_new_session_destroys_nothing_and_takes_no_snapshot(demo, backup_dir):
    seating.apply_seating_plan(actor=None, tournament=demo, plan=turned(demo, [9]))
    assert demo.sessions.get(number=9).tables.count() == 8
    assert reasons() == []
    assert "snapshot" not in AuditEntry.objects.get(action="seating.imported").data


def test_saving_a_proposal_on_the_seating_page_takes_the_snapshot(organiser_client, demo, backup_dir):
    session = organiser_client.session
    session["seating-plan:demo"] = turned(demo, [7, 8], source="standings").as_data()
    session.save()
    response = organiser_client.post("/t/demo/organise/seating/proposal/save/", follow=True)
    assert "Seating of sessions 7, 8 saved." in response.content.decode()
    assert reasons() == ["reseat demo sessions 7-8"]


def test_a_refused_plan_costs_no_snapshot(demo, backup_dir):
    plan = turned(demo, [8])
    Registration.objects.filter(pk=plan.seating[8][0][0]).update(status="withdrawn")
    with pytest.raises(seating.DomainError) as refused:
        seating.apply_seating_plan(actor=None, tournament=demo, plan=plan)
    assert refused.value.code == "plan_outdated"
    assert reasons() == []


def test_no_snapshot_no_new_seating(demo, no_backup_dir):
    before = stored_seating(demo)
    with pytest.raises(BackupError) as refused:
        seating.apply_seating_plan(actor=None, tournament=demo, plan=turned(demo, [6, 7, 8]))
    assert refused.value.message.startswith(REFUSED)
    assert (
        "a-file/backups/snapshot-" in refused.value.message
        and "reseat-demo-sessions-6-8" in refused.value.message
    )
    assert stored_seating(demo) == before
    assert not AuditEntry.objects.filter(action__startswith="seating.").exists()


def test_the_seating_page_shows_the_refusal_and_keeps_the_seating(organiser_client, demo, no_backup_dir):
    before = stored_seating(demo)
    session = organiser_client.session
    session["seating-plan:demo"] = turned(demo, [8]).as_data()
    session.save()
    response = organiser_client.post("/t/demo/organise/seating/proposal/save/", follow=True)
    assert response.redirect_chain[-1][0] == "/t/demo/organise/seating/proposal/"
    assert REFUSED in response.content.decode()
    assert stored_seating(demo) == before


def test_seating_replaced_meanwhile_is_refused_not_overwritten_without_a_snapshot(
    demo, backup_dir, monkeypatch
):
    """While the snapshot for session 8 is written, another organiser seats session 9 (which the plan also
    seats): no snapshot holds that seating, so the plan is refused."""
    real = snapshots.snapshot

    def meanwhile(reason, **holds):
        taken = real(reason, **holds)
        schedule.ensure_sessions(actor=None, tournament=demo, count=9)
        tables = [list(Registration.objects.filter(pk__in=t)) for t in stored_seating(demo)[8]]
        schedule.set_session_seating(actor=None, session=demo.sessions.get(number=9), tables=tables)
        return taken

    monkeypatch.setattr(snapshots, "snapshot", meanwhile)
    with pytest.raises(seating.DomainError) as refused:
        seating.apply_seating_plan(actor=None, tournament=demo, plan=turned(demo, [8, 9]))
    assert refused.value.code == "changed_meanwhile"
    assert refused.value.message == (
        "The seating of Tenbou Demo Open 2026 changed while the snapshot was being taken, so nothing was changed. "
        "Please try again."
    )
    assert reasons() == ["reseat demo sessions 8"]


def test_restoring_the_snapshot_taken_before_reseating_gives_the_seating_back(demo, backup_dir):
    before = stored_seating(demo)
    seating.apply_seating_plan(actor=None, tournament=demo, plan=turned(demo, [6, 7, 8]))
    assert stored_seating(demo) != before
    (snapshot,) = list_backups()
    restore_backup(snapshot.path)
    assert stored_seating(Tournament.objects.get(slug="demo")) == before
    assert not AuditEntry.objects.filter(action="seating.imported").exists()


# --- removing sessions -----------------------------------------------------------------------------------------


def times_of(tournament: Tournament) -> dict:
    return {s.number: (s.starts_at, s.duration_minutes) for s in tournament.sessions.all()}


def test_removing_sessions_takes_one_snapshot(demo, backup_dir):
    set_sessions(actor=None, tournament=demo, count=6, times=times_of(demo))
    assert list(demo.sessions.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]
    (snapshot,) = list_backups()
    assert snapshot.manifest.reason == "remove demo sessions 7-8"
    assert AuditEntry.objects.get(action="session.remove").data == {
        "sessions": [7, 8],
        "snapshot": snapshot.path.name,
    }


def test_adding_sessions_or_changing_times_takes_no_snapshot(demo, backup_dir):
    times = times_of(demo)
    times[8] = (times[8][0], 100)
    set_sessions(actor=None, tournament=demo, count=10, times=times)
    assert demo.sessions.count() == 10 and reasons() == []


def test_a_session_with_results_is_refused_before_any_snapshot(demo, backup_dir):
    with pytest.raises(seating.DomainError, match="Session 5 has results or penalties"):
        set_sessions(actor=None, tournament=demo, count=4, times={})
    assert reasons() == [] and demo.sessions.count() == 8


def test_no_snapshot_no_sessions_removed(demo, no_backup_dir):
    with pytest.raises(BackupError, match="remove-demo-sessions-7-8.zip: cannot write the backup"):
        set_sessions(actor=None, tournament=demo, count=6, times={})
    assert demo.sessions.count() == 8 and demo.sessions.get(number=8).tables.count() == 8
    assert not AuditEntry.objects.filter(action="session.remove").exists()


def test_the_settings_page_removes_sessions_after_a_snapshot(organiser_client, demo, backup_dir):
    data = {"part": "sessions", "count": 7}
    for session in demo.sessions.all():
        start = timezone.localtime(session.starts_at).strftime("%Y-%m-%dT%H:%M") if session.starts_at else ""
        data[f"start_{session.number}"] = start
        data[f"minutes_{session.number}"] = session.duration_minutes
    assert organiser_client.post("/t/demo/organise/settings/", data).status_code == 302
    assert demo.sessions.count() == 7
    assert reasons() == ["remove demo sessions 8"]


# --- deleting a tournament -------------------------------------------------------------------------------------


def test_deleting_a_tournament_takes_a_snapshot_first(demo, backup_dir):
    tournaments.delete_tournament(actor=None, tournament=demo)
    assert not Tournament.objects.filter(slug="demo").exists()
    (snapshot,) = list_backups()
    assert snapshot.manifest.reason == "delete tournament demo"
    entry = AuditEntry.objects.get(action="tournament.delete")
    assert entry.data == {"slug": "demo", "name": "Tenbou Demo Open 2026", "snapshot": snapshot.path.name}
    restore_backup(snapshot.path)
    assert Tournament.objects.get(slug="demo").registrations.count() == 34  # 32 players, 2 reserves


def test_no_snapshot_no_delete(demo, no_backup_dir):
    with pytest.raises(BackupError, match=REFUSED):
        tournaments.delete_tournament(actor=None, tournament=demo)
    assert Tournament.objects.get(slug="demo").registrations.count() == 34
    assert not AuditEntry.objects.filter(action="tournament.delete").exists()


@pytest.fixture
def admin(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("boss", password="x-secret-123"))
    return client


@pytest.fixture
def empty_event(db):
    """The admin deletes only a tournament without players and sessions (it may not delete those)."""
    return tournaments.create_tournament(actor=None, slug="spring-open", name="Spring Open")


def test_the_admin_delete_takes_exactly_one_snapshot(admin, empty_event, backup_dir):
    response = admin.post(f"/admin/tournament/tournament/{empty_event.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not Tournament.objects.exists()
    assert reasons() == ["delete tournament spring-open"]  # the service inside the admin's took none
    assert AuditEntry.objects.get(action="tournament.delete").actor_label == "boss"


def test_the_admin_shows_the_refusal_and_deletes_nothing(admin, empty_event, no_backup_dir):
    url = f"/admin/tournament/tournament/{empty_event.pk}/delete/"
    response = admin.post(url, {"post": "yes"}, follow=True)
    assert response.redirect_chain[-1][0] == f"/admin/tournament/tournament/{empty_event.pk}/change/"
    assert REFUSED in response.content.decode()
    assert Tournament.objects.filter(pk=empty_event.pk).exists()


def test_delete_selected_in_the_admin_takes_a_snapshot_per_tournament(admin, empty_event, backup_dir):
    tournaments.create_tournament(actor=None, slug="autumn-open", name="Autumn Open")
    selected = list(Tournament.objects.values_list("pk", flat=True))
    data = {"action": "delete_selected", "_selected_action": selected, "post": "yes"}
    assert admin.post("/admin/tournament/tournament/", data).status_code == 302
    assert not Tournament.objects.exists()
    assert sorted(reasons()) == ["delete tournament autumn-open", "delete tournament spring-open"]


def test_delete_selected_shows_the_refusal(admin, empty_event, no_backup_dir):
    data = {"action": "delete_selected", "_selected_action": [empty_event.pk], "post": "yes"}
    response = admin.post("/admin/tournament/tournament/", data, follow=True)
    assert REFUSED in response.content.decode()
    assert Tournament.objects.filter(pk=empty_event.pk).exists()


def test_a_tournament_the_admin_may_not_delete_costs_no_snapshot(admin, demo, backup_dir):
    assert admin.post(f"/admin/tournament/tournament/{demo.pk}/delete/", {"post": "yes"}).status_code == 403
    assert reasons() == [] and Tournament.objects.filter(pk=demo.pk).exists()


# --- retention ---------------------------------------------------------------------------------------------------


def test_a_snapshot_deletes_the_snapshots_past_their_days_and_never_a_manual_backup(demo, backup_dir):
    backup_dir.mkdir(parents=True)
    now = datetime.now(UTC)
    for age in (15, 13):
        stamp = (now - timedelta(days=age)).strftime("%Y%m%dT%H%M%S%fZ")
        (backup_dir / f"snapshot-{stamp}-reseat-demo-sessions-8.zip").write_bytes(b"")
    (backup_dir / "tenbou-20200101-000000.zip").write_bytes(b"")  # `backup -o`, years old
    seating.apply_seating_plan(actor=None, tournament=demo, plan=turned(demo, [8]))
    kept = sorted(path.name for path in backup_dir.iterdir())
    assert len(kept) == 3 and kept[2] == "tenbou-20200101-000000.zip"
    assert kept[0].startswith(f"snapshot-{(now - timedelta(days=13)).strftime('%Y%m%d')}")
    assert kept[1].endswith("-reseat-demo-sessions-8.zip") and kept[1] > kept[0]


# --- coalescing: one snapshot for a burst of changes that destroy nothing new (TENBOU_SNAPSHOT_WINDOW_SECONDS) --------


def toggle_session_count(tournament: Tournament, times: int) -> None:
    """8 sessions -> 7 -> 8 -> 7 ...: each change to 7 removes session 8 (and, the first time, its seating)."""
    for toggle in range(times):
        set_sessions(actor=None, tournament=tournament, count=7 if toggle % 2 == 0 else 8, times={})


def test_toggling_the_session_count_15_times_takes_one_snapshot(demo, backup_dir, settings):
    settings.TENBOU_SNAPSHOT_WINDOW_SECONDS = 300
    toggle_session_count(demo, 15)
    (snapshot,) = list_backups()
    assert (
        snapshot.manifest.reason == "remove demo sessions 8"
    )  # before the first: session 8 with its seating
    removals = AuditEntry.objects.filter(action="session.remove")
    assert removals.count() == 8 and {entry.data["snapshot"] for entry in removals} == {snapshot.path.name}
    restore_backup(snapshot.path)
    assert Tournament.objects.get(slug="demo").sessions.get(number=8).tables.count() == 8


def test_a_seating_made_after_the_snapshot_gets_a_snapshot_of_its_own(demo, backup_dir, settings):
    """Session 8 seated anew after the first snapshot: removing it again would lose that seating, which the first
    snapshot does not hold."""
    settings.TENBOU_SNAPSHOT_WINDOW_SECONDS = 300
    toggle_session_count(demo, 2)
    tables = [list(Registration.objects.filter(pk__in=t)) for t in stored_seating(demo)[7]]
    schedule.set_session_seating(actor=None, session=demo.sessions.get(number=8), tables=tables)
    toggle_session_count(demo, 1)
    assert reasons() == ["remove demo sessions 8", "remove demo sessions 8"]


def test_reseating_twice_takes_two_snapshots(demo, backup_dir, settings):
    """The second re-seat replaces the first one's seating, which no snapshot holds yet."""
    settings.TENBOU_SNAPSHOT_WINDOW_SECONDS = 300
    seating.apply_seating_plan(actor=None, tournament=demo, plan=turned(demo, [8]))
    seating.apply_seating_plan(actor=None, tournament=demo, plan=turned(demo, [8]))
    assert reasons() == ["reseat demo sessions 8", "reseat demo sessions 8"]


def test_without_a_window_every_removal_takes_its_snapshot(demo, backup_dir, settings):
    settings.TENBOU_SNAPSHOT_WINDOW_SECONDS = 0
    toggle_session_count(demo, 3)
    assert reasons() == ["remove demo sessions 8", "remove demo sessions 8"]


def test_the_window_is_counted_from_the_snapshot_reused(demo, backup_dir, settings):
    settings.TENBOU_SNAPSHOT_WINDOW_SECONDS = 300
    toggle_session_count(demo, 2)
    (first,) = list_backups()
    older = (datetime.now(UTC) - timedelta(seconds=301)).strftime("%Y%m%dT%H%M%S%fZ")
    first.path.rename(first.path.with_name(f"snapshot-{older}-remove-demo-sessions-8.zip"))
    toggle_session_count(demo, 1)
    assert reasons() == ["remove demo sessions 8", "remove demo sessions 8"]


# --- the disk bound (TENBOU_BACKUP_MAX_MB) --------------------------------------------------------------------------


def fake_snapshot(folder: Path, hours_ago: float, reason: str, size: int) -> Path:
    """A snapshot file of about ``size`` bytes (stored, not compressed) taken that long ago."""
    folder.mkdir(parents=True, exist_ok=True)
    taken = datetime.now(UTC) - timedelta(hours=hours_ago)
    path = folder / f"snapshot-{taken.strftime('%Y%m%dT%H%M%S%fZ')}-{reason.replace(' ', '-')}.zip"
    manifest = {
        "format": FORMAT,
        "version": 1,
        "created": taken.isoformat(),
        "vendor": "sqlite",
        "reason": reason,
        "migrations": {},
        "django": "5.2",
    }
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(MANIFEST, json.dumps(manifest))
        archive.writestr("database.sqlite3", b"x" * size)
    return path


def test_beyond_the_disk_bound_the_oldest_snapshots_go_but_never_a_tournaments_newest(backup_dir, settings):
    settings.TENBOU_BACKUP_MAX_MB = 1
    kb = 1024
    other = fake_snapshot(
        backup_dir, 30, "delete tournament other", 400 * kb
    )  # the oldest, but other's newest
    first = fake_snapshot(backup_dir, 3, "reseat demo sessions 8", 400 * kb)
    second = fake_snapshot(backup_dir, 2, "remove demo sessions 8", 400 * kb)
    newest = fake_snapshot(backup_dir, 1, "reseat demo sessions 7", 400 * kb)
    manual = backup_dir / "tenbou-20200101-000000.zip"  # `backup -o`: not counted, never deleted
    manual.write_bytes(b"x" * 2048 * kb)
    assert backups.prune() == [first, second]  # 1.6 MB -> 1.2 MB -> 0.8 MB: within 1 MB
    assert sorted(backup_dir.iterdir()) == sorted([other, newest, manual])
    usage = backups.snapshot_usage()
    assert (usage.count, usage.limit) == (2, 1024 * kb) and 800 * kb < usage.size < 820 * kb


def test_the_newest_of_each_tournament_stay_even_beyond_the_bound(backup_dir, settings):
    settings.TENBOU_BACKUP_MAX_MB = 1
    kept = [fake_snapshot(backup_dir, hours, f"reseat t{hours} sessions 8", 700 * 1024) for hours in (1, 2)]
    assert backups.prune() == [] and sorted(backup_dir.iterdir()) == sorted(kept)


def test_a_real_snapshot_prunes_to_the_bound(demo, backup_dir, settings):
    settings.TENBOU_BACKUP_MAX_MB = 1
    old = fake_snapshot(backup_dir, 5, "reseat demo sessions 6", 1100 * 1024)
    seating.apply_seating_plan(actor=None, tournament=demo, plan=turned(demo, [8]))
    assert not old.exists() and reasons() == ["reseat demo sessions 8"]


SETTINGS = Path(__file__).resolve().parents[2] / "config" / "settings.py"


@pytest.mark.parametrize("days", ["0", "-3", "two weeks", "1.5"])
def test_kept_days_must_be_a_whole_number_of_one_or_more(monkeypatch, days):
    monkeypatch.setenv("DJANGO_DEBUG", "1")
    monkeypatch.setenv("TENBOU_BACKUP_KEEP_DAYS", days)
    with pytest.raises(ImproperlyConfigured, match="whole number of days, 1 or more"):
        runpy.run_path(str(SETTINGS))


def test_kept_days_from_the_environment(monkeypatch):
    monkeypatch.setenv("DJANGO_DEBUG", "1")
    monkeypatch.setenv("TENBOU_BACKUP_KEEP_DAYS", "30")
    assert runpy.run_path(str(SETTINGS))["TENBOU_BACKUP_KEEP_DAYS"] == 30


@pytest.mark.parametrize(
    "name, value, message",
    [
        ("TENBOU_BACKUP_MAX_MB", "0", "TENBOU_BACKUP_MAX_MB must be a whole number of megabytes, 1 or more."),
        (
            "TENBOU_BACKUP_MAX_MB",
            "lots",
            "TENBOU_BACKUP_MAX_MB must be a whole number of megabytes, 1 or more.",
        ),
        (
            "TENBOU_SNAPSHOT_WINDOW_SECONDS",
            "-1",
            "TENBOU_SNAPSHOT_WINDOW_SECONDS must be a whole number, 0 or more.",
        ),
    ],
)
def test_the_snapshot_bounds_are_checked(monkeypatch, name, value, message):
    monkeypatch.setenv("DJANGO_DEBUG", "1")
    monkeypatch.setenv(name, value)
    with pytest.raises(ImproperlyConfigured, match=message):
        runpy.run_path(str(SETTINGS))
