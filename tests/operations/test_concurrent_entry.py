"""Eight referees' phones at the same tables at the same moment, through the real referee pages, on both databases:
PostgreSQL with its row locks, SQLite as production runs it (a file in WAL mode, ``BEGIN IMMEDIATE``, a busy timeout:
one writing transaction at a time, the others wait; the ``writers_database`` fixture). So a developer on the
default database sees a lost or doubled write too.

Each phone is a ``django.test.Client`` of its own, logged in as one of eight referees and checking CSRF as a browser
does. It opens the page first and posts the form the page rendered (its shown version, its submission key, its
CSRF token); a ``threading.Barrier`` lets all eight posts go at once. Every accepted write must be exactly one
version (one audit entry), every refused one the conflict page naming who saved, and nothing accepted may be lost.

Figures (2016 rules, 3.6.1): a player's result is raw points - 30,000 plus uma +15,000, +5,000, -5,000, -15,000 by
place; the values below keep E > S > W > N, so E gets raw - 15,000, S raw - 25,000, W -10,000 and N -25,000.
A chombo deducts 20,000 (3.4.6); an "other" penalty the points given (5.5).
"""

import pytest
from django.db import connection
from django.utils import timezone

from tests.operations.referee_phones import Phone, at_once, page_forms
from tests.tournament.factories import played_event
from tests.tournament.services.test_result_locks import Held
from tournament.models import AuditEntry, Penalty, TableResult
from tournament.selectors.results import standings
from tournament.services.penalties import give_penalty
from tournament.services.results import SeatScore, enter_table_result

pytestmark = [pytest.mark.usefixtures("writers_database"), pytest.mark.django_db(transaction=True)]

PHONES = 8
ROUNDS = 5
CONFLICT = "Somebody else saved this table while you were typing."


def raws(k: int) -> dict:
    """A distinct, valid table for each k < 100: E 40,000 + 100k, S 35,000 - 100k, W 25,000, N 20,000."""
    return {
        "E-raw": str(40_000 + 100 * k),
        "S-raw": str(35_000 - 100 * k),
        "W-raw": "25000",
        "N-raw": "20000",
    }


def stored(result: TableResult) -> dict:
    return {f"{row.seat.wind}-raw": str(row.raw_score) for row in result.seat_results.select_related("seat")}


def totals_by_hand(k: int) -> dict:
    return {"E": 25_000 + 100 * k, "S": 10_000 - 100 * k, "W": -10_000, "N": -25_000}  # see the docstring


def totals(event, table) -> dict:
    rows = {row.player: row.total for row in standings(event).rows}
    return {seat.wind: rows[seat.registration_id] for seat in table.seats.all()}


def entries(table) -> list[AuditEntry]:
    found = AuditEntry.objects.filter(action="result.enter", data__session=1, data__table=table.number)
    return list(found.order_by("data__version"))


@pytest.fixture
def race(make_user):
    """Twelve players seated at three tables of session 1, nothing entered; eight referees."""
    event = played_event("race", n_players=12, n_sessions=1, played=0)
    event.referees = [make_user(f"ref{i}", tournament=event, role="referee") for i in range(PHONES)]
    event.tables = list(event.sessions.get().tables.order_by("number"))
    return event


def save(phone: Phone, values: dict):
    def work(barrier):
        form = phone.table_form()
        barrier.wait()
        return form, phone.post(form, {**values, "action": "save"})

    return work


@pytest.mark.parametrize("shown", [0, 1], ids=["first-entry", "correction"])
def test_eight_phones_save_one_table_from_the_same_version_one_is_kept(race, make_user, shown):
    table = race.tables[0]
    if shown:
        olga = make_user("olga", tournament=race, role="referee")
        scores = [SeatScore(w, r) for w, r in zip("ESWN", (45_000, 35_000, 25_000, 15_000), strict=True)]
        enter_table_result(actor=olga, table=table, scores=scores, expected_version=0)
    phones = [Phone(user, table) for user in race.referees]
    outcomes = at_once([save(phone, raws(i)) for i, phone in enumerate(phones)])

    assert {form["fields"]["expected_version"] for form, _ in outcomes} == {str(shown)}
    assert sorted(response.status_code for _, response in outcomes) == [302] + [409] * (PHONES - 1)
    won = next(i for i, (_, response) in enumerate(outcomes) if response.status_code == 302)
    winner = race.referees[won]
    current = TableResult.objects.get(table=table, is_current=True)
    when = f"{timezone.localtime(current.entered_at):%H:%M}"  # the hall's time, as the page shows it
    assert outcomes[won][1]["Location"] == f"/t/race/referee/sessions/1/#table-{table.number}"
    for i, (_, response) in enumerate(outcomes):
        if i != won:
            html = response.content.decode()
            assert CONFLICT in html
            assert f"Session 1, table {table.number} was changed by {winner.username} at {when} " in html
            assert f"version {shown + 1} by {winner.username} at {when}" in html
            assert f"(now version {shown + 1}) after you opened the form. Nothing was saved" in html
            assert f'name="expected_version" value="{shown + 1}"' in html  # saving mine on top is offered
            assert f'value="{raws(i)["E-raw"]}"' in html  # what I typed is kept

    results = list(TableResult.objects.filter(table=table).order_by("version"))
    assert [result.version for result in results] == list(range(1, shown + 2))
    assert results[-1] == current and [r.is_current for r in results].count(True) == 1
    assert (current.entered_by, stored(current)) == (winner, raws(won))
    audit = entries(table)
    assert [entry.data["version"] for entry in audit] == list(range(1, shown + 2))
    assert audit[-1].actor == winner and audit[-1].data["scores"]["E"][0] == 40_000 + 100 * won
    assert totals(race, table) == totals_by_hand(won)

    loser = next(i for i in range(PHONES) if i != won)  # the conflict page's form, saved on top as it is
    (mine,) = [form for form in page_forms(outcomes[loser][1].content.decode()) if form["id"] == "table-form"]
    assert phones[loser].post(mine, {"action": "save"}).status_code == 302
    latest = TableResult.objects.get(table=table, is_current=True)
    assert (latest.version, latest.entered_by, stored(latest)) == (
        shown + 2,
        race.referees[loser],
        raws(loser),
    )
    assert totals(race, table) == totals_by_hand(loser)


def corrections(phone: Phone, i: int):
    """Each round: open the table, wait for the others, post a correction with values of this phone and round."""

    def work(barrier):
        posts = []
        for r in range(ROUNDS):
            form = phone.table_form()
            k = i * ROUNDS + r
            barrier.wait()
            response = phone.post(form, {**raws(k), "action": "save"})
            posts.append((k, response.status_code, response.content.decode()))
        return posts

    return work


def test_rounds_of_corrections_at_three_tables_keep_every_accepted_one_as_one_version(race):
    phones = [Phone(user, race.tables[i % 3]) for i, user in enumerate(race.referees)]
    outcomes = at_once([corrections(phone, i) for i, phone in enumerate(phones)])

    for t, table in enumerate(race.tables):
        mine = [i for i in range(PHONES) if i % 3 == t]
        posts = [(i, k, status, html) for i in mine for k, status, html in outcomes[i]]
        accepted = {k: race.referees[i] for i, k, status, _ in posts if status == 302}
        refused = [html for _, _, status, html in posts if status != 302 and CONFLICT in html]
        assert len(accepted) + len(refused) == len(posts) == len(mine) * ROUNDS  # nothing else (no 500)
        # exactly one per round: no post is in flight at the barrier, so the first post showing the current
        # version is kept and makes every other one stale; and whoever saved last opened the current version
        assert len(accepted) == ROUNDS
        results = list(TableResult.objects.filter(table=table).order_by("version"))
        assert [result.version for result in results] == list(range(1, len(accepted) + 1))  # no gap, no twin
        assert [result.is_current for result in results] == [False] * (len(results) - 1) + [True]
        by_values = {stored(result)["E-raw"]: result for result in results}
        assert len(by_values) == len(results)  # each version its own post
        assert {str(40_000 + 100 * k): user for k, user in accepted.items()} == {
            e: result.entered_by for e, result in by_values.items()
        }  # every accepted post is exactly one version, by its phone's referee; no refused one is
        assert [entry.data["version"] for entry in entries(table)] == list(range(1, len(accepted) + 1))
        last = (int(stored(results[-1])["E-raw"]) - 40_000) // 100
        assert totals(race, table) == totals_by_hand(last)


def test_one_form_posted_eight_times_at_once_is_one_version(race):
    table = race.tables[1]
    phone = Phone(race.referees[0], table)
    form = phone.table_form()
    retries = [phone.again() for _ in range(PHONES)]

    def retry(again):
        def work(barrier):
            barrier.wait()
            return again.post(form, {**raws(7), "action": "save"})

        return work

    responses = at_once([retry(again) for again in retries])
    assert [response.status_code for response in responses] == [302] * PHONES  # each gets the saved answer
    result = TableResult.objects.get(table=table)
    assert (result.version, result.submission_key, stored(result)) == (
        1,
        form["fields"]["submission_key"],
        raws(7),
    )
    assert len(entries(table)) == 1
    assert totals(race, table) == totals_by_hand(7)


def give(phone: Phone, wind: str, kind: str):
    def work(barrier):
        form = phone.penalty_form(wind, kind)
        values = {"points": "2000", "reason": f"phone of {phone.user.username}"} if kind == "other" else {}
        barrier.wait()
        return form, phone.post(form, values)

    return work


def penalties_of(table, wind: str):
    return Penalty.objects.filter(session=table.session, registration=table.seats.get(wind=wind).registration)


def test_eight_penalties_for_one_player_at_once_are_eight(race):
    table = race.tables[0]
    phones = [Phone(user, table) for user in race.referees]
    kinds = ["chombo", "other"] * (PHONES // 2)  # the one-tap chombo and the penalty form, mixed
    outcomes = at_once([give(phone, "N", kind) for phone, kind in zip(phones, kinds, strict=True)])

    assert [response.status_code for _, response in outcomes] == [302] * PHONES
    keys = {form["fields"]["submission_key"] for form, _ in outcomes}
    given = penalties_of(table, "N")
    assert len(keys) == PHONES and set(given.values_list("submission_key", flat=True)) == keys
    assert sorted(given.values_list("kind", flat=True)) == ["chombo"] * 4 + ["other"] * 4
    assert AuditEntry.objects.filter(action="penalty.give").count() == PHONES
    assert totals(race, table)["N"] == -(4 * 20_000 + 4 * 2_000)  # 3.4.6 and 5.5, no result entered yet


@pytest.mark.parametrize("kind", ["chombo", "other"])
def test_one_penalty_form_posted_eight_times_at_once_is_one_penalty(race, kind):
    table = race.tables[0]
    phone = Phone(race.referees[0], table)
    form = phone.penalty_form("E", kind)
    values = {"points": "2000", "reason": "talking"} if kind == "other" else {}
    retries = [phone.again() for _ in range(PHONES)]

    def retry(again):
        def work(barrier):
            barrier.wait()
            return again.post(form, values)

        return work

    responses = at_once([retry(again) for again in retries])
    assert [response.status_code for response in responses] == [302] * PHONES
    assert list(penalties_of(table, "E").values_list("kind", "submission_key")) == [
        (kind, form["fields"]["submission_key"])
    ]
    assert AuditEntry.objects.filter(action="penalty.give").count() == 1


def test_one_penalty_cancelled_by_eight_phones_at_once_is_cancelled_once(race):
    table = race.tables[0]
    registration = table.seats.get(wind="W").registration
    penalty = give_penalty(actor=None, registration=registration, session=table.session, kind="chombo")
    phones = [Phone(user, table) for user in race.referees]

    def cancel(phone):
        def work(barrier):
            form = phone.cancel_form(penalty)
            barrier.wait()
            return phone.post(form, {"reason": f"{phone.user.username}: it was a draw"}, follow=True)

        return work

    responses = at_once([cancel(phone) for phone in phones])
    assert all(r.status_code == 200 and r.redirect_chain[0][1] == 302 for r in responses)
    pages = [response.content.decode() for response in responses]
    done = [i for i, html in enumerate(pages) if "The penalty is cancelled." in html]
    assert len(done) == 1
    winner = race.referees[done[0]]
    penalty.refresh_from_db()
    refusal = (
        f"The chombo of {registration.player} in session 1 was cancelled already by {winner.username} at "
        f"{timezone.localtime(penalty.cancelled_at):%H:%M} ({winner.username}: it was a draw). Nothing was changed."
    )
    assert [i for i, html in enumerate(pages) if refusal in html] == [
        i for i in range(PHONES) if i not in done
    ]
    assert (penalty.cancelled, penalty.cancelled_by, penalty.cancel_reason) == (
        True,
        winner,
        f"{winner.username}: it was a draw",
    )
    assert AuditEntry.objects.filter(action="penalty.cancel").count() == 1
    assert totals(race, table)["W"] == 0


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="row locks: on SQLite every writer waits for the one writing transaction, by design",
)
def test_a_cancel_does_not_wait_for_an_entry_in_progress_at_another_table(race):
    """The cancel locked the penalty's session and tournament rows FOR UPDATE: it queued behind every entry of the
    tournament in progress, and deadlocked (a 500) with one that held the tournament and was taking the session."""
    table, other = race.tables[:2]
    penalty = give_penalty(
        actor=None, registration=table.seats.get(wind="S").registration, session=table.session, kind="chombo"
    )
    phone = Phone(race.referees[0], table)
    form = phone.cancel_form(penalty)
    scores = [SeatScore(w, int(r)) for w, r in zip("ESWN", raws(0).values(), strict=True)]
    with Held(lambda: enter_table_result(actor=None, table=other, scores=scores, expected_version=0)):
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '5s'")  # before the fix: waited, then this error
        try:
            response = phone.post(form, {"reason": "wrong player"}, follow=True)
        finally:
            with connection.cursor() as cursor:
                cursor.execute("RESET lock_timeout")
    assert "The penalty is cancelled." in response.content.decode()
    assert Penalty.objects.get(pk=penalty.pk).cancelled
    assert TableResult.objects.get(table=other).version == 1
