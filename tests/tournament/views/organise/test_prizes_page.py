"""The prizes page: the organiser adds, edits, moves and deletes prizes and adds the usual ones; bad input is
refused with the reason on the page (400) and nothing is written; only the tournament's organisers get in."""

import pytest

from tests.tournament.services.expect import database
from tests.tournament.views.organise.conftest import actions, last_entry_id, page
from tournament.models import Prize, Registration
from tournament.services.prizes import add_prize

PRIZES = page("prizes/", "small")


def listed(tournament) -> list[tuple]:
    return list(tournament.prizes.values_list("title", "ranking", "category", "place"))


@pytest.fixture
def newcomers(small):
    Registration.objects.filter(tournament=small, key__in=["b", "d"]).update(categories=["newcomer"])
    return small


def test_a_prize_is_added_from_the_form(small_organiser, newcomers):
    since = last_entry_id()
    response = small_organiser.post(
        PRIZES, {"title": "Best newcomer", "ranking": "category:newcomer", "place": "1"}, follow=True
    )
    text = response.content.decode()
    assert "The prize “Best newcomer” is added." in text
    assert "place 1 of the category newcomer" in text
    assert listed(newcomers) == [("Best newcomer", "category", "newcomer", 1)]
    assert actions(newcomers, since) == ["prize.add"]


def test_the_form_offers_the_rankings_and_the_categories_in_use_with_labels(small_organiser, newcomers):
    text = small_organiser.get(PRIZES).content.decode()
    for label in ('for="id_title"', 'for="id_ranking"', 'for="id_place"'):
        assert label in text
    assert '<option value="category:newcomer">Category newcomer</option>' in text
    assert '<option value="team">Teams</option>' in text


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"title": "Best", "ranking": "overall", "place": "0"}, "greater than or equal to 1"),
        (
            {"title": "Best lady", "ranking": "category:ladies", "place": "1"},
            "Prize “Best lady”: no player has the category “ladies”. The categories in use are newcomer.",
        ),
        ({"title": "Best", "ranking": "ladder", "place": "1"}, "Select a valid choice."),
    ],
)
def test_bad_input_is_refused_on_the_page_and_nothing_is_written(small_organiser, newcomers, data, message):
    before = database()
    response = small_organiser.post(PRIZES, data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert database() == before


def test_the_usual_prizes_in_one_go_and_then_none_again(small_organiser, newcomers):
    response = small_organiser.post(page("prizes/usual/", "small"), follow=True)
    text = response.content.decode()
    assert "4 prizes added: First place, Second place, Third place, Best newcomer." in text
    assert listed(newcomers) == [  # named after their places (no title), in each reader's language
        ("", "overall", "", 1),
        ("", "overall", "", 2),
        ("", "overall", "", 3),
        ("", "category", "newcomer", 1),
    ]
    assert set(newcomers.prizes.values_list("kind", flat=True)) == {"place"}
    again = small_organiser.post(page("prizes/usual/", "small"), follow=True)
    assert "The usual prizes are all there already." in again.content.decode()


def test_a_prize_without_a_title_is_named_after_its_place_in_the_readers_language(small_organiser, small):
    response = small_organiser.post(PRIZES, {"title": " ", "ranking": "overall", "place": "4"}, follow=True)
    assert "The prize “4th place” is added." in response.content.decode()
    prize = small.prizes.get()
    assert (prize.kind, prize.title) == ("place", "")
    small_organiser.cookies["django_language"] = "de"
    edit = small_organiser.get(page(f"prizes/{prize.pk}/edit/", "small")).content.decode()
    assert "Preis „4. Platz“" in edit and 'placeholder="4. Platz"' in edit and 'for="id_title"' in edit


def test_a_prize_is_edited_moved_and_deleted(small_organiser, small):
    first = add_prize(actor=None, tournament=small, title="First", ranking="overall", place=1)
    second = add_prize(actor=None, tournament=small, title="Second", ranking="overall", place=2)
    edit = page(f"prizes/{second.pk}/edit/", "small")
    assert 'value="Second"' in small_organiser.get(edit).content.decode()
    assert (
        small_organiser.post(edit, {"title": "Runner-up", "ranking": "overall", "place": "2"}).status_code
        == 302
    )
    small_organiser.post(page("prizes/move/", "small"), {"prize": second.pk, "direction": "up"})
    assert [title for title, *_ in listed(small)] == ["Runner-up", "First"]
    small_organiser.post(page("prizes/delete/", "small"), {"prize": first.pk})
    assert [title for title, *_ in listed(small)] == ["Runner-up"]
    assert actions(small)[-3:] == ["prize.change", "prize.move", "prize.delete"]


def test_an_edit_with_bad_input_keeps_the_prize(small_organiser, small):
    prize = add_prize(actor=None, tournament=small, title="First", ranking="overall", place=1)
    response = small_organiser.post(
        page(f"prizes/{prize.pk}/edit/", "small"), {"title": "First", "ranking": "category:", "place": "1"}
    )
    assert response.status_code == 400
    assert "a category needs a name" in response.content.decode().lower()
    assert listed(small) == [("First", "overall", "", 1)]


def test_posted_ids_and_directions_that_do_not_fit_are_refused(small_organiser, small, demo):
    prize = add_prize(actor=None, tournament=small, title="First", ranking="overall", place=1)
    other = add_prize(actor=None, tournament=demo, title="Elsewhere", ranking="overall", place=1)
    move = page("prizes/move/", "small")
    assert small_organiser.post(move, {"prize": "x", "direction": "up"}).status_code == 400
    assert small_organiser.post(move, {"prize": other.pk, "direction": "up"}).status_code == 404
    refused = small_organiser.post(move, {"prize": prize.pk, "direction": "sideways"})
    assert (
        refused.status_code == 400
        and "Choose whether to move the prize up or down." in refused.content.decode()
    )
    assert small_organiser.post(page("prizes/delete/", "small"), {"prize": other.pk}).status_code == 404
    assert Prize.objects.count() == 2


@pytest.mark.parametrize("path", ["prizes/", "prizes/usual/", "prizes/move/", "prizes/delete/"])
def test_only_organisers_get_in(referee_client, client, path):
    assert referee_client.post(page(path)).status_code == 403
    client.logout()
    assert client.post(page(path)).status_code == 302  # to the login page


@pytest.fixture
def winners(db, client, make_user):
    """The prize event (tests/tournament/prize_event.py, worked by hand) and its organiser logged in."""
    from tests.tournament.prize_event import prize_event

    event = prize_event()
    client.force_login(make_user("olga", tournament=event, role="organiser"))
    return client


def test_the_prize_page_shows_who_wins_each_prize(winners):
    text = " ".join(winners.get(page("prizes/", "prizes")).content.decode().split())
    # a tie for first at 50,000 broken by the best session (45,000 against 40,000)
    assert 'First01 Last01</strong> <span class="prize-country">NED</span>' in text
    assert "place decided by the tie-break: the higher best single session" in text
    # p07 and p08 at -44,000 with the same sessions
    assert "Tie between First07 Last07 and First08 Last08" in text
    assert "the tie-breaks cannot separate them" in text
    # p02: second place and the best newcomer
    assert "also wins: Best newcomer" in text and "also wins: Second place" in text
    assert "Dragons" in text and "+90.0" in text
    assert "Equal totals are separated for prizes by: the higher best single session." in text
    assert "Provisional" not in text


def test_the_prize_page_in_dutch(winners):
    winners.cookies["django_language"] = "nl"
    text = " ".join(
        winners.get(page("prizes/", "prizes"), HTTP_ACCEPT_LANGUAGE="nl").content.decode().split()
    )
    assert "Gelijk tussen First07 Last07 en First08 Last08" in text
    assert "plaats beslist door de tiebreak: de hoogste score in één sessie" in text
