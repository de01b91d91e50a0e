"""Issue 28, item 2: the person at the seat is the person shown. A seat played from the start by a reserve shows the
reserve's own country and EMA number, a guest's seat the guest's name alone, "for <owner>" beside it; never the
absent player's country or EMA number (tournament.display.seats.seat_holder, the one home). Each place that shows
a seat is checked: the referee's table form (legend, chombo buttons, penalty choices), the digital score sheet's
choices, the printed score sheets, table stands and results form (HTML and the CSV/xlsx file), in English and
German. Who is charged for a chombo given from such a button does not change: the seat's registered player
(rules-interpretation section 3)."""

import html
from io import StringIO

import pytest
from django.core.management import call_command

from scoring.standings import RESERVE
from tests.tournament.factories import make_event, numbered_people
from tournament.display.seats import seat_holder
from tournament.exporters.catalogue import build_exporter
from tournament.models import Penalty, Player
from tournament.services import players
from tournament.services.substitutes import substitute

# The absent players' own numbers, which must not be shown at the seat they do not play.
ABSENT_EMA = "01000051"  # p02, Franz Hölzl's seat, AUT
GUESTS_OWNER_EMA = "01000077"  # p07
RESERVE_EMA = "04000007"  # r01 Uwe Fuß, SUI
UWE = "Uwe Fuß (for Franz Hölzl)"
PIET = "Piet Gast (for First07 Last07)"


@pytest.fixture
def event(db):
    people = numbered_people(8)
    people[1] = ("p02", "Franz", "Hölzl", "AUT", "")
    tournament = make_event("day", people, [[["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"]]])
    tournament.sessions.update(seating_published=True)
    Player.objects.filter(registrations__key="p02").update(ema_id=ABSENT_EMA)
    Player.objects.filter(registrations__key="p07").update(ema_id=GUESTS_OWNER_EMA)
    players.register_player(
        actor=None,
        tournament=tournament,
        key="r01",
        first_name="Uwe",
        last_name="Fuß",
        country="SUI",
        ema_id=RESERVE_EMA,
        status=RESERVE,
    )
    substitute(tournament=tournament, session_number=1, player_key="p02", reserve_key="r01", actor=None)
    substitute(tournament=tournament, session_number=1, player_key="p07", guest="Piet Gast", actor=None)
    return tournament


def shown(response) -> str:
    assert response.status_code == 200, response.status_code
    return html.unescape(response.content.decode())


def test_the_one_home(event):
    seats = {s.registration.key: s for s in event.sessions.get(number=1).seats.all()}
    assert seat_holder(seats["p02"]) == ("Franz Hölzl", "Uwe Fuß", "SUI", RESERVE_EMA)
    assert seat_holder(seats["p02"]).name == UWE
    assert seat_holder(seats["p07"]) == ("First07 Last07", "Piet Gast", "", "")
    assert seat_holder(seats["p01"]) == ("First01 Last01", "", "NED", "")


@pytest.fixture
def referee(client, event, make_user):
    client.force_login(make_user("rita", tournament=event, role="referee"))
    return client


def test_the_referees_table_form_names_who_plays(referee):
    page = shown(referee.get("/t/day/referee/sessions/1/tables/1/"))
    legend = page.split('class="seat-card wind-S"')[1].split("</legend>")[0]
    assert UWE in legend and "SUI" in legend and "AUT" not in legend
    chombos = page.split('class="chombo-list"')[1].split("</ul>")[0]
    assert chombos.count(UWE) == 2  # the line and the button's accessible name
    assert "Franz Hölzl</span>" not in chombos.replace(UWE, "")
    choices = page.split('name="seat"', 2)[2].split("</select>")[0]  # the other penalty's seat choice
    assert f"South, {UWE}" in choices
    assert page.count("Franz Hölzl") == page.count("(for Franz Hölzl)")  # nowhere named as if playing
    guest = shown(referee.get("/t/day/referee/sessions/1/tables/2/"))
    legend = guest.split('class="seat-card wind-W"')[1].split("</legend>")[0]
    assert PIET in legend and "NED" not in legend and 'class="country"' not in legend


def test_the_referees_table_form_in_german(referee):
    page = shown(referee.get("/t/day/referee/sessions/1/tables/1/", HTTP_ACCEPT_LANGUAGE="de"))
    legend = page.split('class="seat-card wind-S"')[1].split("</legend>")[0]
    assert "Uwe Fuß" in legend and "SUI" in legend and "AUT" not in legend


def test_a_chombo_from_the_button_is_charged_to_the_seats_player(referee, event):
    """Only who is named changes: the chombo given at the reserve's seat belongs to the seat's registered player,
    as before (a penalty belongs to a player and a session, rules-interpretation section 3)."""
    page = shown(referee.get("/t/day/referee/sessions/1/tables/1/"))
    key = page.split('name="seat" value="S"')[1].split('name="submission_key" value="')[1].split('"')[0]
    posted = referee.post(
        "/t/day/referee/sessions/1/tables/1/penalties/",
        {"seat": "S", "kind": "chombo", "submission_key": key},
    )
    assert posted.status_code in (200, 302)
    assert [p.registration.key for p in Penalty.objects.filter(kind="chombo")] == ["p02"]
    page = shown(referee.get("/t/day/referee/sessions/1/tables/1/"))
    given = page.split('class="penalty-list"')[1].split("</ul>")[0]
    assert UWE in given  # the list of given penalties names the seat as the buttons do


def test_the_score_sheets_choices_name_who_plays(referee):
    page = shown(referee.get("/t/day/referee/sessions/1/tables/1/sheet/"))
    assert f'<option value="S">South, {UWE}</option>' in page
    assert page.count("Franz Hölzl") == page.count(
        "(for Franz Hölzl)"
    )  # the legend and the running scores too


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("document", ["score-sheets", "seating-by-table"])
def test_the_prints_show_the_reserves_own_numbers(event, document, language, tmp_path):
    target = tmp_path / "doc.html"
    call_command(
        "print_document",
        "day",
        document,
        "--session",
        "1",
        "--html",
        "--language",
        language,
        "-o",
        str(target),
        stdout=StringIO(),
    )
    page = html.unescape(target.read_text(encoding="utf-8"))
    assert "Uwe Fuß" in page and "Piet Gast" in page
    assert RESERVE_EMA in page and "SUI" in page
    assert ABSENT_EMA not in page and "AUT" not in page and GUESTS_OWNER_EMA not in page


def test_the_results_form_names_who_plays(event, tmp_path):
    target = tmp_path / "form.html"
    call_command(
        "print_document",
        "day",
        "results-form",
        "--session",
        "1",
        "--html",
        "-o",
        str(target),
        stdout=StringIO(),
    )
    page = html.unescape(target.read_text(encoding="utf-8"))
    assert "Uwe Fuß<small>" in page and "for Franz Hölzl" in page  # who plays; "for" on a line of its own
    assert "Piet Gast<small>" in page and "for First07 Last07" in page


def test_the_results_form_file_names_who_plays(event):
    names = [row[4] for row in build_exporter("results-form-csv", event, session=1).rows()]
    assert UWE in names and PIET in names


def test_the_schedule_cards_show_the_seat_the_reserve_plays(event):
    """The reserve's own card lists the seat they play from the start, "for" its player; the absent player's card
    says who plays their seat (the printed schedule cards, with the reserve's own EMA number on the card)."""
    from tournament.printing.schedule_cards import ScheduleCards

    cards = {card.player.last_name: card for card in ScheduleCards(event)._cards(list(event.sessions.all()))}
    reserve = cards["Fuß"].lines[0]
    assert (reserve.table, reserve.wind, reserve.substitutes_for) == (1, "S", "Franz Hölzl")
    assert cards["Fuß"].player.ema_id == RESERVE_EMA and cards["Fuß"].player.country == "SUI"
    assert cards["Hölzl"].lines[0].substitute == "Uwe Fuß"
    assert cards["Last07"].lines[0].substitute == "Piet Gast"
    page = html.unescape(ScheduleCards(event).html())
    assert "for Franz Hölzl" in page and "Substituted by Uwe Fuß" in page


def test_the_hall_and_the_public_pages_name_who_plays(client, event):
    from tournament.presenters.hall import seating_pages

    by_table, _by_name = seating_pages(event.sessions.get(number=1))
    names = [seat.name for page in by_table for _number, seats in page.items for seat in seats]
    assert UWE in names and PIET in names and "Franz Hölzl" not in names
    session = shown(client.get("/t/day/sessions/1/"))
    assert UWE in session and session.count("Franz Hölzl") == session.count("(for Franz Hölzl)")
    reserve = shown(client.get("/t/day/players/r01/"))
    assert "SUI" in reserve and RESERVE_EMA in reserve and "for Franz Hölzl" in reserve
