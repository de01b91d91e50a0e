"""The dashboard: every session with tables entered, confirmed and missing, the penalties of each session, the
problems to fix each with a link to the page that fixes it (none into /admin/), and the latest changes."""

import re

from django.test import Client

from tests.tournament.views.organise.conftest import page
from tournament.models import Registration, Table
from tournament.services.checks import check_result
from tournament.services.players import register_player, set_status
from tournament.services.results import SeatScore, enter_table_result
from tournament.services.tournaments import create_tournament, update_tournament


def flat(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def todo(html: str) -> list[tuple[str, str]]:
    """(message, fix link) of each problem."""
    block = html.split('<ul class="todo">')[1].split("</ul>")[0] if '<ul class="todo">' in html else ""
    return re.findall(r'<span class="text">([^<]+)</span> <a class="button small" href="([^"]+)"', block)


def enter(table: Table, actor=None):
    scores = [SeatScore(w, r) for w, r in zip("ESWN", (40_000, 30_000, 30_000, 20_000), strict=True)]
    return enter_table_result(actor=actor, table=table, scores=scores)


def test_sessions_show_entered_and_missing_tables(organiser_client, demo):
    enter(Table.objects.get(session__tournament=demo, session__number=6, number=3))
    html = organiser_client.get(page("")).content.decode()
    text = flat(html)
    assert text.count("8 / 8") == 5 and "1 / 8" in text and "none entered yet (8 tables)" in text
    assert '<a href="/t/demo/referee/tables/' not in html
    missing = re.findall(r'href="/t/demo/referee/sessions/6/tables/(\d+)/"', html)
    assert missing == ["1", "2", "4", "5", "6", "7", "8"]
    assert "Confirmed" not in text  # only with the second check on


def test_the_penalties_of_each_session(organiser_client, demo):
    text = flat(organiser_client.get(page("")).content.decode())
    # 3.4.6: a chombo is 20,000 after uma; 5.7: lateness 1,000 a minute (the demo's late player: 4 minutes)
    assert "Łukasz Wiśniewski: chombo \u221220,000" in text
    assert "Aino Järvinen: lateness \u22124,000" in text
    assert "Oliver Smith: warning (" in text  # a warning deducts nothing


def test_confirmed_tables_with_the_second_check(organiser_client, demo, make_user):
    update_tournament(actor=None, tournament=demo, confirmation_required=True)
    table = Table.objects.get(session__tournament=demo, session__number=6, number=1)
    enter(table, make_user("rita", tournament=demo, role="referee"))
    check_result(
        actor=make_user("ruud", tournament=demo, role="referee"), table=table, version=1, verdict="confirmed"
    )
    text = flat(organiser_client.get(page("")).content.decode())
    assert "Confirmed" in text and "1 / 8 1 / 8" in text


def test_problems_link_to_the_organisers_pages(organiser_client, demo, make_user):
    update_tournament(actor=None, tournament=demo, city="", confirmation_required=True)
    set_status(
        actor=None, registration=Registration.objects.get(tournament=demo, key="p05"), status="withdrawn"
    )
    table = Table.objects.get(session__tournament=demo, session__number=6, number=2)
    enter(table, make_user("rita", tournament=demo, role="referee"))
    check_result(
        actor=make_user("ruud", tournament=demo, role="referee"),
        table=table,
        version=1,
        verdict="disputed",
        reason="E?",
    )
    problems = dict(todo(organiser_client.get(page("")).content.decode()))
    assert problems["Łukasz Wiśniewski is withdrawn but still has seats in sessions without results."] == (
        "/t/demo/organise/seating/withdrawals/"
    )
    assert problems["Session 6, table 2: the result is disputed."] == "/t/demo/referee/sessions/6/tables/2/"
    assert problems["EMA results file: The host city is not set."] == "/t/demo/organise/settings/#details"
    # every session is seated: the one uncovered seat is the withdrawn player's, named above, not the count
    assert not any("multiple of 4" in message for message in problems)
    assert not any(link.startswith("/admin/") for link in problems.values())


def test_a_withdrawal_a_reserve_covers_warns_of_nothing_and_never_advises_withdrawing(organiser_client, demo):
    """Issue 28 item 5: 31 players after a withdrawal whose seats a reserve takes: every seat is played, nothing
    to warn of (before: "register 1 more or withdraw 3", also after the last session)."""
    from tournament.services.substitutes import reserve_for_withdrawn

    withdrawn = Registration.objects.get(tournament=demo, key="p05")
    set_status(actor=None, registration=withdrawn, status="withdrawn")
    reserve_for_withdrawn(actor=None, registration=withdrawn, reserve_key="r02")
    problems = dict(todo(organiser_client.get(page("")).content.decode()))
    assert not any("multiple of 4" in message or "withdraw" in message for message in problems), problems
    for table in Table.objects.filter(session__tournament=demo, results__isnull=True).distinct():
        enter(table)  # the last sessions played
    problems = dict(todo(organiser_client.get(page("")).content.decode()))
    assert not any("multiple of 4" in message or "withdraw" in message for message in problems), problems


def test_a_session_still_to_seat_asks_for_players_never_a_withdrawal(organiser_client, demo):
    from tournament.services.schedule import ensure_sessions

    set_status(
        actor=None, registration=Registration.objects.get(tournament=demo, key="p05"), status="withdrawn"
    )
    ensure_sessions(actor=None, tournament=demo, count=demo.sessions.count() + 1)  # a ninth, not seated yet
    problems = dict(todo(organiser_client.get(page("")).content.decode()))
    message = (
        "31 players are active or disqualified, but the seating needs a multiple of 4: register 1 more or make "
        "reserves active."
    )
    assert problems[message] == "/t/demo/organise/players/"


def test_a_player_registered_after_the_seating(organiser_client, demo):
    register_player(actor=None, tournament=demo, first_name="Pim", last_name="Laat", country="NED")
    problems = dict(todo(organiser_client.get(page("")).content.decode()))
    assert problems["1 player has no seat in sessions 6, 7, 8: make a new seating for them."] == (
        "/t/demo/organise/seating/"
    )


def test_the_referee_warning_and_the_latest_changes(organiser_client, demo, make_user):
    problems = dict(todo(organiser_client.get(page("")).content.decode()))
    assert (
        problems["No referee is appointed; only organisers can enter results."] == "/t/demo/organise/staff/"
    )
    make_user("rita", tournament=demo, role="referee")
    update_tournament(actor=None, tournament=demo, city="Zwolle")
    html = organiser_client.get(page("")).content.decode()
    assert "No referee is appointed" not in html
    latest = html.split('id="latest"')[1]
    assert "Changed city" in latest and "/t/demo/organise/log/" in latest


def test_a_new_tournament_says_what_to_do_first(client, make_user):
    tournament = create_tournament(actor=None, slug="fresh", name="Fresh Open")
    client.force_login(make_user("olga", tournament=tournament, role="organiser"))
    problems = dict(todo(client.get(page("", "fresh")).content.decode()))
    assert problems["No player is registered yet."] == "/t/fresh/organise/players/"
    assert problems["The tournament has no sessions."] == "/t/fresh/organise/settings/#sessions"


def test_a_chombo_the_players_entered_waits_on_the_dashboard_until_a_referee_records_it(
    organiser_client, demo
):
    """A chombo entered through the players' link is a proposal (issue "Trust on the day", item 6): it counts
    (3.4.6) only once a referee records it, so the dashboard names the table until then, and links to it."""
    from tournament.forms.sheet import sheet_token
    from tournament.selectors.sheets import proposed_chombos
    from tournament.services.sheets import record_sheet_chombo

    table = Table.objects.select_related("session__tournament").get(
        session__tournament=demo, session__number=6, number=2
    )
    url = f"/t/demo/sessions/6/tables/2/sheet/{sheet_token(table)}/"
    posted = {"action": "hand", "expected_count": "0", "submission_key": "players-chombo", "kind": "chombo"}
    assert Client().post(url, {**posted, "offender": "S"}).status_code == 302
    assert len(proposed_chombos(table)) == 1
    problems = todo(organiser_client.get(page("")).content.decode())
    table_page = "/t/demo/referee/sessions/6/tables/2/"
    waiting = [(message, link) for message, link in problems if link == table_page]
    assert len(waiting) == 1 and "Session 6, table 2" in waiting[0][0] and "chombo" in waiting[0][0]
    record_sheet_chombo(actor=None, table=table, line=1)
    problems = todo(organiser_client.get(page("")).content.decode())
    assert not [message for message, link in problems if link == table_page]


def test_each_session_still_to_play_links_its_substitutes_page(organiser_client, demo):
    """Issue 20: the substitutes of a session (5.8) are one tap from the dashboard's session list."""
    html = organiser_client.get(page("")).content.decode()
    assert 'href="/t/demo/organise/sessions/8/substitutes/"' in html
    assert 'href="/t/demo/organise/sessions/1/substitutes/"' not in html  # complete: nothing to substitute


def penalty_summaries(html: str) -> dict[int, str]:
    """Session number -> the words of its penalties' summary (the count the organiser reads)."""
    found = {}
    for row in html.split("<tbody>", 1)[1].split("</tbody>", 1)[0].split("<tr")[1:]:
        number = int(re.search(r"/referee/sessions/(\d+)/\"", row).group(1))
        summary = re.search(r"<summary>(.*?)</summary>", row, re.S)
        if summary:
            found[number] = flat(summary.group(1))
    return found


def test_a_cancelled_penalty_is_listed_but_not_counted(organiser_client, demo):
    """Issue 21, item 9: a cancelled penalty deducts nothing (selectors.penalties.active_penalties), so the count
    the organiser reads leaves it out; the list still shows it, struck through."""
    from tournament.models import Penalty
    from tournament.services.penalties import cancel_penalty

    chombo = Penalty.objects.get(session__tournament=demo, kind="chombo")
    number = chombo.session.number
    given = Penalty.objects.filter(session=chombo.session).count()
    before = penalty_summaries(organiser_client.get(page("")).content.decode())[number]
    assert before == f"{given} penalties" if given > 1 else "1 penalty"
    cancel_penalty(actor=None, penalty=chombo, reason="appeal upheld")
    html = organiser_client.get(page("")).content.decode()
    active = given - 1
    counted = {0: "0 penalties", 1: "1 penalty"}.get(active, f"{active} penalties")
    assert penalty_summaries(html)[number] == f"{counted} · 1 cancelled"
    assert '<li class="cancelled">Łukasz Wiśniewski: chombo' in html


def test_the_dashboard_asks_to_end_the_clock_of_a_session_whose_tables_all_have_results(
    organiser_client, demo
):
    """Issue 28: when the clock runs on after every table has its result (it was started afterwards, or the end
    was refused), the dashboard asks the organiser to end it, with the clock page's link."""
    from tournament.services.clock import end_clock, start_clock

    session = demo.sessions.get(number=5)  # every table has a result
    start_clock(actor=None, session=session)
    problems = todo(organiser_client.get(page("")).content.decode())
    assert (
        "Session 5: every table has a result, but its clock still runs.",
        "/t/demo/organise/clock/",
    ) in problems
    end_clock(actor=None, session=session)
    assert not any(
        "clock" in message for message, _url in todo(organiser_client.get(page("")).content.decode())
    )
