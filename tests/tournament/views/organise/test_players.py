"""The players pages: the list (Dutch sort order, search, paging), adding and correcting one, and a change of
status with a confirmation that says what happens to the standings (figures by hand: see the ``small``
fixture)."""

import re

from tests.tournament.views.organise.conftest import actions, last_entry_id, page
from tournament.models import Registration, TournamentRole
from tournament.services.players import register_player
from tournament.services.tournaments import create_tournament


def names(html: str) -> list[str]:
    """The player names of the table, in order."""
    body = html.split("<tbody")[1].split("</tbody>")[0]
    return re.findall(r'<td class="name">\s*<a href="[^"]+">([^<]+)</a>', body)


def test_the_list_sorts_the_way_dutch_lists_do(organiser_client):
    listed = names(organiser_client.get(page("players/")).content.decode())
    assert len(listed) == 34 and listed[0] == "Ångström, Björn"  # 32 players and the demo's 2 reserves
    assert listed.index("Bakker, Maartje") + 1 == listed.index("Berg, Joris van den")
    assert listed[-1] == "Zürcher, Mélanie" and "Vries, Anna de" in listed


def test_sorting_by_rank_and_searching(organiser_client, demo):
    by_rank = names(organiser_client.get(page("players/") + "?sort=rank").content.decode())
    assert by_rank[0] == "Berg, Joris van den"  # rank 1 in the demo's standings after 5 sessions
    assert names(organiser_client.get(page("players/") + "?q=jarvinen").content.decode()) == [
        "Järvinen, Aino"
    ]
    assert names(organiser_client.get(page("players/") + "?q=08124906").content.decode()) == [
        "Vries, Anna de"
    ]
    html = organiser_client.get(page("players/") + "?q=nobody-like-this").content.decode()
    assert "No player matches" in html


def test_the_list_is_paged(organiser_client):
    html = organiser_client.get(page("players/") + "?per_page=10&page=4").content.decode()
    assert len(names(html)) == 4  # 34: 32 players and the demo's 2 reserves
    assert organiser_client.get(page("players/") + "?page=99").status_code == 200  # the last page, no error
    assert organiser_client.get(page("players/") + "?sort=nonsense").status_code == 200
    assert organiser_client.get(page("players/") + "?page=x").status_code == 400  # views.params


def test_a_player_is_added_and_logged(organiser_client, demo):
    since = last_entry_id()
    data = {
        "first_name": "Pim",
        "last_name": "van Dam",
        "ema_id": "04010012",
        "country": "ned",
        "club": "Leiden",
    }
    response = organiser_client.post(page("players/add/"), data, follow=True)
    # the next key after the demo's 34 registrations (32 players, reserves r01 and r02)
    assert "Pim van Dam is registered (key p035)." in response.content.decode()
    registration = Registration.objects.get(tournament=demo, key="p035")
    assert (registration.player.country, registration.club) == ("NED", "Leiden")
    assert actions(demo, since) == ["player.register"]


def test_a_bad_player_is_named_at_the_field_and_not_added(organiser_client, demo):
    since = last_entry_id()
    cases = [
        ({"first_name": "Pim", "ema_id": "123"}, "the EMA number &#x27;123&#x27; must be eight digits"),
        ({"first_name": "", "last_name": ""}, "A player needs a name."),
        ({"first_name": "Pim", "country": "DEU"}, "DEU is the ISO code; the EMA code is GER."),
        ({"first_name": "Anna", "last_name": "de Vries", "ema_id": "08124906"}, "is registered already"),
    ]
    for data, message in cases:
        response = organiser_client.post(page("players/add/"), data)
        assert response.status_code == 400 and message in response.content.decode(), message
    assert demo.registrations.count() == 34 and actions(demo, since) == []


def edit_data(**change) -> dict:
    data = {"first_name": "Anna", "last_name": "de Vries", "ema_id": "08124906", "country": "NED", "club": ""}
    return {**data, **change}


def test_a_player_is_corrected(organiser_client, demo):
    since = last_entry_id()
    response = organiser_client.post(page("players/p01/edit/"), edit_data(first_name="Annie", club="Leiden"))
    assert response.status_code == 302
    registration = Registration.objects.select_related("player").get(tournament=demo, key="p01")
    assert (str(registration.player), registration.club) == ("Annie de Vries", "Leiden")
    assert actions(demo, since) == ["player.update", "player.club"]


def test_a_person_of_another_tournament_changes_only_when_confirmed(organiser_client, demo, small):
    register_player(
        actor=None,
        tournament=small,
        first_name="Anna",
        last_name="de Vries",
        ema_id="08124906",
        country="NED",
    )
    html = organiser_client.get(page("players/p01/edit/")).content.decode()
    assert "This person plays in Small Open too" in html
    response = organiser_client.post(page("players/p01/edit/"), edit_data(first_name="Annie"))
    assert response.status_code == 400
    assert "Anna de Vries plays in Small Open too" in response.content.decode()
    assert (
        str(Registration.objects.get(tournament=small, player__ema_id="08124906").player) == "Anna de Vries"
    )
    response = organiser_client.post(
        page("players/p01/edit/"), edit_data(first_name="Annie", confirm_shared="on")
    )
    assert response.status_code == 302
    assert (
        str(Registration.objects.get(tournament=small, player__ema_id="08124906").player) == "Annie de Vries"
    )


def test_a_hidden_tournament_of_the_person_is_counted_not_named(organiser_client, demo, small):
    # "This person plays in Hidden Secret Open" named a tournament hidden from the demo's organiser.
    hidden = create_tournament(actor=None, slug="secret", name="Hidden Secret Open", is_public=False)
    for tournament in (small, hidden):
        register_player(
            actor=None,
            tournament=tournament,
            first_name="Anna",
            last_name="de Vries",
            ema_id="08124906",
            country="NED",
        )
    html = organiser_client.get(page("players/p01/edit/")).content.decode()
    assert "This person plays in Small Open and 1 other tournament too" in html and "Secret" not in html
    response = organiser_client.post(page("players/p01/edit/"), edit_data(first_name="Annie"))
    html = response.content.decode()
    assert response.status_code == 400 and "Secret" not in html
    assert "Anna de Vries plays in Small Open and 1 other tournament too" in html
    # Staff of the hidden tournament may see it, and read its name.
    TournamentRole.objects.create(tournament=hidden, user=demo.roles.get().user, role="referee")
    html = organiser_client.get(page("players/p01/edit/")).content.decode()
    assert "This person plays in Hidden Secret Open, Small Open too" in html


def test_a_known_ema_number_of_a_hidden_tournament_is_refused_without_naming_it(organiser_client, demo):
    hidden = create_tournament(actor=None, slug="secret", name="Hidden Secret Open", is_public=False)
    register_player(
        actor=None,
        tournament=hidden,
        first_name="Mallory",
        last_name="Hidden",
        ema_id="08999999",
        country="NED",
    )
    data = {"first_name": "Mal", "last_name": "Other", "ema_id": "08999999", "country": "NED"}
    response = organiser_client.post(page("players/add/"), data)
    html = response.content.decode()
    assert response.status_code == 400 and "Secret" not in html
    assert "registered in 1 other tournament; this would rename them there too" in html


def test_an_unknown_player_is_not_found(organiser_client):
    assert organiser_client.get(page("players/nobody/edit/")).status_code == 404
    assert organiser_client.post(page("players/nobody/status/"), {"status": "withdrawn"}).status_code == 404


def test_disqualifying_says_where_the_player_ends_up(small_organiser):
    # Anna leads with +25.0; disqualified she is ranked below the other three (5.5, 5.8), who move up one each.
    html = small_organiser.get(page("players/a/status/?status=disqualified", "small")).content.decode()
    assert "Now: rank 1 of 4 (+25.0)" in " ".join(html.split())
    assert "rank 4 of 4; the result still counts for the EMA ranking" in html
    assert "3 other players change rank." in html


def test_withdrawing_the_last_player_moves_nobody(small_organiser):
    # Dirk is last with -25.0; removed from the results (5.8) the others keep ranks 1 to 3.
    html = small_organiser.get(page("players/d/status/?status=withdrawn", "small")).content.decode()
    assert "rank 4 of 4 (\u221225.0)" in html
    assert "left out of the standings and the EMA results file" in html
    assert "0 other players change rank." in html
    assert "Dirk Dekker has a seat in 1 session without results." in html
    assert "/t/small/organise/seating/withdrawals/" in html


def test_a_status_change_is_made_logged_and_leads_to_the_seating(small_organiser, small):
    since = last_entry_id()
    response = small_organiser.post(
        page("players/d/status/", "small"), {"status": "withdrawn", "reason": "ill"}
    )
    assert response.status_code == 302 and response["Location"] == "/t/small/organise/seating/withdrawals/"
    assert Registration.objects.get(tournament=small, key="d").status == "withdrawn"
    assert actions(small, since) == ["player.status"]
    response = small_organiser.post(page("players/d/status/", "small"), {"status": "active"})
    assert response["Location"] == page("players/", "small")


def test_a_status_the_player_has_or_an_unknown_one_changes_nothing(small_organiser, small):
    since = last_entry_id()
    for status in ("active", "retired", ""):
        response = small_organiser.post(page("players/a/status/", "small"), {"status": status}, follow=True)
        assert "Choose a status Anna Aalders does not have yet." in response.content.decode()
    assert (
        actions(small, since) == [] and Registration.objects.get(tournament=small, key="a").status == "active"
    )


def test_a_known_ema_number_with_another_name_asks_before_renaming(organiser_client, demo, small):
    # Anna de Vries (08124906) plays in the demo; registering her number in Small Open as "Annie" would rename her
    # there too (services.people): refused until confirmed.
    TournamentRole.objects.create(tournament=small, user=demo.roles.get().user, role="organiser")
    data = {"first_name": "Annie", "last_name": "de Vries", "ema_id": "08124906", "country": "NED"}
    response = organiser_client.post(page("players/add/", "small"), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert "this would rename them there too" in html and 'type="checkbox" name="confirm_rename"' in html
    assert not Registration.objects.filter(tournament=small, player__ema_id="08124906").exists()
    response = organiser_client.post(page("players/add/", "small"), {**data, "confirm_rename": "on"})
    assert response.status_code == 302
    assert str(Registration.objects.get(tournament=demo, key="p01").player) == "Annie de Vries"


def test_a_reserve_is_added_marked_in_the_list_and_made_active(organiser_client, demo):
    # issue 20: a reserve is registered from the add page, marked in the list, and active <-> reserve on the status
    # page while the player has no seat
    data = {"first_name": "Rita", "last_name": "Reserve", "status": "reserve"}
    response = organiser_client.post(page("players/add/"), data, follow=True)
    assert "Rita Reserve is registered (key p035)." in response.content.decode()
    assert Registration.objects.get(tournament=demo, key="p035").status == "reserve"
    html = organiser_client.get(page("players/") + "?q=rita").content.decode()
    assert '<tr class="reserve even">' in html and '<span class="badge">reserve</span>' in html
    organiser_client.post(page("players/p035/status/"), {"status": "active"})
    assert Registration.objects.get(tournament=demo, key="p035").status == "active"


def test_a_seated_player_made_a_reserve_is_refused_with_the_reason(organiser_client, demo):
    response = organiser_client.post(page("players/p01/status/"), {"status": "reserve"}, follow=True)
    assert "cannot become a reserve" in response.content.decode()
    assert Registration.objects.get(tournament=demo, key="p01").status == "active"


# --- team and categories -------------------------------------------------------------------------------------------


def test_a_player_is_added_with_a_team_and_categories(organiser_client, demo):
    since = last_entry_id()
    data = {
        "first_name": "Pim",
        "last_name": "van Dam",
        "team": "Leiden A",
        "categories": "newcomer; junior;",
    }
    assert organiser_client.post(page("players/add/"), data).status_code == 302
    registration = Registration.objects.get(tournament=demo, key="p035")
    assert (registration.team, registration.categories) == ("Leiden A", ["newcomer", "junior"])
    assert actions(demo, since) == ["player.register"]


def test_the_edit_page_shows_and_changes_the_team_and_categories(organiser_client, demo):
    Registration.objects.filter(tournament=demo, key="p01").update(
        team="Lotus", categories=["ladies", "newcomer"]
    )
    html = organiser_client.get(page("players/p01/edit/")).content.decode()
    assert '<label for="id_team">Team:</label>' in html and 'value="Lotus"' in html
    assert '<label for="id_categories">Categories:</label>' in html and 'value="ladies; newcomer"' in html
    since = last_entry_id()
    club = Registration.objects.get(tournament=demo, key="p01").club
    response = organiser_client.post(
        page("players/p01/edit/"), edit_data(club=club, team="Lotus B", categories="ladies")
    )
    assert response.status_code == 302
    registration = Registration.objects.get(tournament=demo, key="p01")
    assert (registration.team, registration.categories) == ("Lotus B", ["ladies"])
    assert actions(demo, since) == ["player.team", "player.categories"]


def test_a_category_the_rankings_cannot_use_is_named_at_its_field(organiser_client, demo):
    since = last_entry_id()
    too_long = "c" * 40
    for url, data in [
        (page("players/add/"), {"first_name": "Pim", "categories": f"newcomer; {too_long}"}),
        (page("players/p01/edit/"), edit_data(categories=f"newcomer; {too_long}")),
        (page("players/p01/edit/"), edit_data(categories="; ".join(f"c{i}" for i in range(11)))),
    ]:
        response = organiser_client.post(url, data)
        html = response.content.decode()
        assert response.status_code == 400
        field = html.split('id="id_categories"')[1].split("</div>")[0]
        assert "longer than 39 characters" in field or "a player has at most 10." in field, field
    assert demo.registrations.count() == 34 and actions(demo, since) == []
    assert Registration.objects.get(tournament=demo, key="p01").categories == []


def chosen(*keys, action="team", value="", **extra) -> dict:
    return {"keys": list(keys), "action": action, "value": value, **extra}


def test_the_list_shows_team_and_categories_and_finds_by_them(organiser_client, demo):
    Registration.objects.filter(tournament=demo, key="p01").update(team="Lotus", categories=["ladies"])
    html = organiser_client.get(page("players/")).content.decode()
    assert '<a href="?sort=team">Team</a>' in html and re.search(
        r'<th class="categories">\s*Categories\s*</th>', html
    )
    assert re.search(r'<td class="team">Lotus</td>\s*<td class="categories">ladies</td>', html)
    assert names(organiser_client.get(page("players/") + "?q=lotus").content.decode()) == ["Vries, Anna de"]
    assert names(organiser_client.get(page("players/") + "?q=ladies").content.decode()) == ["Vries, Anna de"]
    # every row has a labelled checkbox to choose the player
    assert '<input type="checkbox" name="keys" value="p01" id="choose-p01">' in html
    assert '<label class="visually-hidden" for="choose-p01">Choose Anna de Vries</label>' in html


def test_a_team_is_set_for_the_chosen_players_from_the_list(organiser_client, demo):
    since = last_entry_id()
    response = organiser_client.post(
        page("players/") + "?q=de&sort=rank", chosen("p01", "p02", value="Lotus A")
    )
    assert response.status_code == 302 and response["Location"] == page("players/") + "?q=de&sort=rank"
    teams = dict(demo.registrations.filter(key__in=["p01", "p02", "p03"]).values_list("key", "team"))
    assert teams == {"p01": "Lotus A", "p02": "Lotus A", "p03": ""}
    assert actions(demo, since) == ["player.team", "player.team"]
    html = organiser_client.get(response["Location"]).content.decode()
    assert "2 players are now in the team Lotus A." in html


def with_category(tournament, name: str) -> list[str]:
    return sorted(
        key for key, names in tournament.registrations.values_list("key", "categories") if name in names
    )


def test_a_category_is_added_to_and_removed_from_the_chosen_players(organiser_client, demo):
    organiser_client.post(page("players/"), chosen("p01", "p02", action="add_category", value="newcomer"))
    assert with_category(demo, "newcomer") == ["p01", "p02"]
    response = organiser_client.post(
        page("players/"), chosen("p02", action="remove_category", value="Newcomer"), follow=True
    )
    assert "1 player no longer has the category Newcomer." in response.content.decode()
    assert with_category(demo, "newcomer") == ["p01"]


def test_a_bad_choice_for_the_chosen_players_is_refused_on_the_list_and_changes_nothing(
    organiser_client, demo
):
    since = last_entry_id()
    cases = [
        (chosen(value="Lotus"), "Choose at least one player."),
        (chosen("p01", action="add_category", value="c" * 40), "longer than 39 characters"),
        (chosen("p01", action="add_category", value=" "), "A category needs a name"),
        (chosen("p01", "p404", value="Lotus"), "p404"),
        (chosen("p01", action="rename", value="Lotus"), "rename"),
    ]
    for data, message in cases:
        response = organiser_client.post(page("players/"), data)
        html = response.content.decode()
        assert response.status_code == 400 and message in html, (message, html[-3000:])
    assert actions(demo, since) == []
    # the chosen players stay chosen on the refused page
    html = organiser_client.post(
        page("players/"), chosen("p01", action="add_category", value=" ")
    ).content.decode()
    assert '<input type="checkbox" name="keys" value="p01" id="choose-p01" checked>' in html
