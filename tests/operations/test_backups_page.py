"""The organiser's page of snapshots and backups (/t/<slug>/organise/backups/, selectors.backups): this tournament's
snapshots and the whole-database backups, newest first, with the local time, what each was taken before, the size
and how long it is kept; another tournament's snapshots are not shown to its organisers; a superuser sees every
file; the page says how the operator restores one and restores nothing itself.

The files are written here with their manifest only: the page reads nothing else (tests/operations/test_backups
and test_snapshots write real ones)."""

import json
import zipfile

import pytest
from django.template.defaultfilters import filesizeformat

from tournament.database.backups import FORMAT, MANIFEST
from tournament.services import tournaments

PAGE = "/t/demo/organise/backups/"
# Taken 30 May 2026 at 10:00 UTC: 12:00 in Amsterdam (summer time), the tournament's time zone
DEMO_RESEAT = "snapshot-20260530T100000000000Z-reseat-demo-sessions-6-8.zip"
OTHER_DELETE = "snapshot-20260530T110000000000Z-delete-tournament-other.zip"
MANUAL = "tenbou-20260529-080000.zip"
OLD_STYLE = "snapshot-20260528T090000000000Z-import-tournament-replace-demo.zip"


def write(folder, name: str, created: str, reason: str, padding: int = 0) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    manifest = {
        "format": FORMAT,
        "version": 1,
        "created": created,
        "vendor": "sqlite",
        "reason": reason,
        "migrations": {},
        "django": "5.2",
    }
    with zipfile.ZipFile(folder / name, "w") as archive:
        archive.writestr(MANIFEST, json.dumps(manifest))
        archive.writestr("database.sqlite3", b"x" * padding)


@pytest.fixture
def folder(settings, tmp_path):
    settings.TENBOU_BACKUP_DIR = tmp_path / "backups"
    settings.TENBOU_BACKUP_KEEP_DAYS = 14
    settings.TENBOU_SNAPSHOTS = True
    folder = settings.TENBOU_BACKUP_DIR
    write(folder, DEMO_RESEAT, "2026-05-30T10:00:00+00:00", "reseat demo sessions 6-8", padding=3000)
    write(folder, OTHER_DELETE, "2026-05-30T11:00:00+00:00", "delete tournament other")
    write(folder, MANUAL, "2026-05-29T08:00:00+00:00", "before the final")
    write(folder, OLD_STYLE, "2026-05-28T09:00:00+00:00", "import_tournament --replace demo")
    (folder / "broken.zip").write_bytes(b"not a zip")
    return folder


def rows(html: str) -> list[str]:
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    return body.split("<tr>")[1:]


def test_the_organiser_sees_this_tournaments_snapshots_and_the_backups_newest_first(organiser_client, folder):
    response = organiser_client.get(PAGE)
    assert response.status_code == 200
    html = response.content.decode()
    listed = rows(html)
    assert [next(n for n in (DEMO_RESEAT, MANUAL, OLD_STYLE) if n in row) for row in listed] == [
        DEMO_RESEAT,
        MANUAL,
        OLD_STYLE,
    ]
    reseat, manual, replaced = listed
    assert "Sat\u00a030\u00a0May\u00a02026, 12:00:00" in reseat  # local time, not UTC
    assert "Snapshot before the seating of sessions 6-8 was replaced" in reseat
    assert "until Sat\u00a013\u00a0Jun\u00a02026, 12:00" in reseat  # 14 days
    size = (folder / DEMO_RESEAT).stat().st_size
    assert 3000 < size < 4096 and filesizeformat(size) in reseat  # "3.3 KB"
    assert "Backup of the whole database (before the final)" in manual
    assert "until the operator deletes it" in manual
    assert "Snapshot before the tournament was replaced by an imported archive" in replaced
    assert "Snapshots are kept 14 days, then deleted" in html
    assert "python manage.py restore FILE --yes" in html and "This page restores nothing." in html


def test_another_tournaments_snapshots_and_unreadable_files_are_not_shown(organiser_client, folder):
    html = organiser_client.get(PAGE).content.decode()
    assert OTHER_DELETE not in html and "delete tournament other" not in html
    assert "broken.zip" not in html


def test_the_organiser_of_another_tournament_does_not_see_this_ones_snapshots(
    client, demo, make_user, folder
):
    other = tournaments.create_tournament(actor=None, slug="other", name="Other Open")
    client.force_login(make_user("elsewhere", tournament=other, role="organiser"))
    assert client.get(PAGE).status_code == 403
    html = client.get("/t/other/organise/backups/").content.decode()
    assert OTHER_DELETE in html and "Snapshot before the tournament was deleted" in html
    assert MANUAL in html
    assert DEMO_RESEAT not in html and OLD_STYLE not in html


def test_a_superuser_sees_every_file(client, demo, django_user_model, folder):
    client.force_login(django_user_model.objects.create_superuser("boss", password="x-secret-123"))
    html = client.get(PAGE).content.decode()
    for name in (DEMO_RESEAT, OTHER_DELETE, MANUAL, OLD_STYLE):
        assert name in html
    assert "broken.zip: not a Tenbou backup (no readable manifest.json)" in html
    assert '<span class="badge">other</span>' in html


def test_referees_and_strangers_are_refused(client, demo, make_user, folder):
    assert client.get(PAGE).status_code == 302  # to the log-in page
    client.force_login(make_user("ref", tournament=demo, role="referee"))
    assert client.get(PAGE).status_code == 403


def test_an_empty_folder_says_so_and_switched_off_snapshots_are_mentioned(
    organiser_client, settings, tmp_path
):
    settings.TENBOU_BACKUP_DIR = tmp_path / "nothing-here"
    settings.TENBOU_SNAPSHOTS = False
    html = organiser_client.get(PAGE).content.decode()
    assert "No snapshots or backups of this tournament yet." in html
    assert "Automatic snapshots are switched off on this server" in html


def test_the_page_in_dutch(organiser_client, folder):
    html = organiser_client.get(PAGE, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Momentopnamen en back-ups" in html
    assert "Momentopname vóór het vervangen van de tafelindeling van sessies 6-8" in html
    assert "Dit scherm zet niets terug." in html


def test_the_navigation_and_the_dashboard_link_to_the_page(organiser_client, folder):
    html = organiser_client.get("/t/demo/organise/").content.decode()
    assert html.count(f'href="{PAGE}"') == 2


def test_the_page_shows_the_room_the_snapshots_take(organiser_client, folder, settings):
    settings.TENBOU_BACKUP_MAX_MB = 500
    settings.TENBOU_SNAPSHOT_WINDOW_SECONDS = 300
    html = organiser_client.get(PAGE).content.decode()
    snapshots = [DEMO_RESEAT, OTHER_DELETE, OLD_STYLE]  # every tournament's: they share the room
    size = sum((folder / name).stat().st_size for name in snapshots)
    assert (
        f"The 3 snapshots on this server take {filesizeformat(size)} of the 500 MB allowed; beyond that the "
        "oldest are deleted, never the newest of a tournament."
    ) in html
    assert (
        "A change within 5 minutes of this tournament's last snapshot uses that snapshot instead of a new one "
        "when everything it removes is already in it."
    ) in html.replace("&#x27;", "'")
    dutch = organiser_client.get(PAGE, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "De 3 momentopnamen op deze server nemen" in dutch


def test_one_snapshot_and_a_bound_of_thousands_read_naturally(organiser_client, settings, tmp_path):
    settings.TENBOU_BACKUP_DIR = tmp_path / "one"
    settings.TENBOU_SNAPSHOTS = True
    settings.TENBOU_BACKUP_MAX_MB = 1000
    write(
        settings.TENBOU_BACKUP_DIR,
        "snapshot-20260530T100000000000Z-remove-demo-sessions-8.zip",
        "2026-05-30T10:00:00+00:00",
        "remove demo sessions 8",
    )
    html = organiser_client.get(PAGE).content.decode()
    assert "The only snapshot on this server takes" in html and "of the 1,000 MB allowed" in html
    assert "Snapshot before session 8 was removed" in html  # one session: not "sessions 8 were"
    dutch = organiser_client.get(PAGE, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "De enige momentopname op deze server neemt" in dutch and "van de toegestane 1.000 MB" in dutch
    assert "Momentopname vóór het verwijderen van sessie 8" in dutch
