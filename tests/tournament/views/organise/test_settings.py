"""The settings page: details, rules (frozen once a result exists), sessions, the second check, and what the
public sees. Each part goes through its service and the audit log; a refusal names what and where and changes
nothing."""

import pytest
from django.utils import timezone

from tests.tournament.views.organise.conftest import actions, last_entry_id, page
from tournament.models import Session, Tournament
from tournament.services.tournaments import create_tournament


def details(tournament, **change) -> dict:
    data = {
        "part": "details",
        "name": tournament.name,
        "short_name": tournament.short_name,
        "city": tournament.city,
        "country": tournament.country,
        "start_date": tournament.start_date.isoformat() if tournament.start_date else "",
        "end_date": tournament.end_date.isoformat() if tournament.end_date else "",
        "session_minutes": tournament.session_minutes,
        "signal_minutes": tournament.signal_minutes,
    }
    return {**data, **change}


def test_details_are_saved_and_logged(organiser_client, demo):
    since = last_entry_id()
    response = organiser_client.post(page("settings/"), details(demo, city="Amersfoort", qualification="on"))
    assert response.status_code == 302 and response["Location"] == page("settings/") + "#details"
    demo.refresh_from_db()
    assert (demo.city, demo.qualification) == ("Amersfoort", True)
    assert actions(demo, since) == ["tournament.update"]


def test_bad_details_are_named_and_change_nothing(organiser_client, demo):
    since = last_entry_id()
    response = organiser_client.post(page("settings/"), details(demo, end_date="2026-05-01", city="X"))
    assert response.status_code == 400
    assert "The last day is before the first day." in response.content.decode()
    demo.refresh_from_db()
    assert demo.city == "Utrecht" and actions(demo, since) == []


def test_the_rules_are_frozen_once_results_exist(organiser_client, demo):
    html = organiser_client.get(page("settings/")).content.decode()
    assert "The rules are frozen: results have been entered" in html
    assert 'name="ruleset" disabled' in html or "disabled" in html.split('name="ruleset"')[1].split(">")[0]
    since = last_entry_id()
    response = organiser_client.post(page("settings/"), {"part": "rules", "ruleset": "ema-2008"})
    assert response.status_code == 400
    assert "cannot change: results have been entered" in response.content.decode()
    demo.refresh_from_db()
    assert demo.ruleset == "ema-2016" and actions(demo, since) == []


@pytest.fixture
def fresh(client, make_user):
    tournament = create_tournament(actor=None, slug="fresh", name="Fresh Open")
    client.force_login(make_user("olga", tournament=tournament, role="organiser"))
    return tournament


def test_rules_change_before_any_result(client, fresh):
    since = last_entry_id()
    response = client.post(
        page("settings/", "fresh"), {"part": "rules", "ruleset": "ema-2008", "chombo_points": "8000"}
    )
    assert response.status_code == 302
    fresh.refresh_from_db()
    assert (fresh.ruleset, fresh.ruleset_overrides) == ("ema-2008", {"chombo_points": 8000})
    assert actions(fresh, since) == ["tournament.ruleset"]


def test_a_rule_the_scoring_refuses_is_shown_at_its_field(client, fresh):
    response = client.post(
        page("settings/", "fresh"), {"part": "rules", "ruleset": "ema-2016", "score_unit": "0"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    error_at_field = html.split('name="score_unit"')[1].split("</div>")[0]
    assert "score_unit must be a whole number from 1 to 100,000" in error_at_field
    fresh.refresh_from_db()
    assert fresh.ruleset_overrides == {}


def test_a_rule_the_scoring_refuses_is_shown_in_dutch(client, fresh):
    """The sentence comes from tournament.errors in the reader's language, the figures as the page shows them."""
    response = client.post(
        page("settings/", "fresh"),
        {"part": "rules", "ruleset": "ema-2016", "score_unit": "0"},
        headers={"accept-language": "nl"},
    )
    error_at_field = response.content.decode().split('name="score_unit"')[1].split("</div>")[0]
    assert "score_unit moet een geheel getal van 1 tot en met 100.000 zijn" in error_at_field


def sessions_data(tournament, count, **changes) -> dict:
    data = {"part": "sessions", "count": count}
    for session in tournament.sessions.all():
        start = timezone.localtime(session.starts_at).strftime("%Y-%m-%dT%H:%M") if session.starts_at else ""
        data[f"start_{session.number}"] = start
        data[f"minutes_{session.number}"] = session.duration_minutes
    return {**data, **changes}


def test_session_times_and_lengths_are_saved(organiser_client, demo):
    since = last_entry_id()
    data = sessions_data(demo, 8, start_8="2026-05-10T17:30", minutes_8="75")
    assert organiser_client.post(page("settings/"), data).status_code == 302
    last = Session.objects.get(tournament=demo, number=8)
    assert timezone.localtime(last.starts_at).strftime("%H:%M") == "17:30" and last.duration_minutes == 75
    assert actions(demo, since) == ["session.times"]


def test_later_sessions_without_results_can_be_removed_and_added(organiser_client, demo):
    assert organiser_client.post(page("settings/"), sessions_data(demo, 6)).status_code == 302
    assert list(demo.sessions.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]
    assert organiser_client.post(page("settings/"), sessions_data(demo, 7)).status_code == 302
    assert demo.sessions.count() == 7 and not demo.sessions.get(number=7).tables.exists()
    assert "session.remove" in actions(demo) and "session.create" in actions(demo)


@pytest.mark.parametrize(
    "count, changes, message",
    [
        (4, {}, "Session 5 has results or penalties; it cannot be removed."),
        (8, {"start_3": "2026-05-09T09:00"}, "Session 3 starts before session 2; check the start times."),
        (8, {"minutes_2": "0"}, "greater than or equal to 1"),
        (8, {"start_2": "yesterday"}, "Enter a date and time such as "),
        (41, {}, "less than or equal to 40"),
    ],
)
def test_bad_sessions_are_named_and_change_nothing(organiser_client, demo, count, changes, message):
    before = list(demo.sessions.values_list("number", "starts_at", "duration_minutes"))
    since = last_entry_id()
    response = organiser_client.post(page("settings/"), sessions_data(demo, count, **changes))
    assert response.status_code == 400
    assert message in response.content.decode()
    assert list(demo.sessions.values_list("number", "starts_at", "duration_minutes")) == before
    assert actions(demo, since) == []


def test_the_second_check_is_switched_on(organiser_client, demo):
    data = {"part": "check", "confirmation_required": "on", "count_unconfirmed": ""}
    assert organiser_client.post(page("settings/"), data).status_code == 302
    demo.refresh_from_db()
    assert demo.confirmation_required and not demo.count_unconfirmed


def test_publish_unpublish_and_hide_the_standings(organiser_client, demo, client):
    since = last_entry_id()
    organiser_client.post(page("settings/"), {"part": "public", "what": "standings", "value": "on"})
    organiser_client.post(page("settings/"), {"part": "public", "what": "tournament", "value": "off"})
    demo.refresh_from_db()
    assert demo.standings_hidden and not demo.is_public
    assert actions(demo, since) == ["tournament.standings_hidden", "tournament.is_public"]
    html = organiser_client.get(page("")).content.decode()
    assert "The tournament is not public: only its staff see it." in html
    assert "The standings are hidden from the public." in html
    organiser_client.post(page("settings/"), {"part": "public", "what": "tournament", "value": "on"})
    assert Tournament.objects.get(pk=demo.pk).is_public


def test_an_unknown_part_changes_nothing(organiser_client, demo):
    since = last_entry_id()
    response = organiser_client.post(
        page("settings/"), {"part": "public", "what": "everything", "value": "on"}
    )
    assert response.status_code == 400 and actions(demo, since) == []
    assert organiser_client.post(page("settings/"), {"part": "nonsense"}).status_code == 400


def test_the_self_check_in_switch_is_saved_and_logged(organiser_client, demo):
    # issue 20: the organiser allows players to check themselves in
    from tournament.models import AuditEntry, Tournament

    assert 'name="self_check_in"' in organiser_client.get(page("settings/")).content.decode()
    organiser_client.post(page("settings/"), details(demo, self_check_in="on"))
    assert Tournament.objects.get(slug="demo").self_check_in is True
    assert AuditEntry.objects.filter(tournament=demo, action__startswith="tournament.").exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "the check-in page of the QR code"), ("nl", "de aanmeldpagina van de QR-code")],
)
def test_the_self_check_in_switch_says_where_players_check_in(organiser_client, language, words):
    """Issue 20: only the check-in page that the schedule card's QR code opens marks a player present, not the
    player's own page."""
    html = organiser_client.get(page("settings/"), headers={"accept-language": language}).content.decode()
    assert words in html
    assert "own page" not in html and "eigen pagina" not in html


# --- the side rankings (issue 22) ----------------------------------------------------------------------------------


def ranking_settings(**change) -> dict:
    data = {
        "part": "rankings",
        "tie_break_1": "",
        "tie_break_2": "",
        "tie_break_3": "",
        "tie_break_4": "",
        "team_best": "",
        "country_best": "3",
        "club_best": "",
    }
    return {**data, **change}


def with_categories(demo):
    from tournament.models import Registration

    Registration.objects.filter(tournament=demo, key="p01").update(categories=["ladies", "newcomer"])
    Registration.objects.filter(tournament=demo, key="p02").update(categories=["junior"])


def test_the_rankings_part_offers_the_tie_breaks_the_k_and_the_categories_in_use(organiser_client, demo):
    with_categories(demo)
    html = organiser_client.get(page("settings/")).content.decode()
    section = html.split('id="rankings"')[1].split("</section>")[0]
    assert '<label for="id_tie_break_1">1st tie-break:</label>' in section
    assert '<label for="id_tie_break_4">4th tie-break:</label>' in section
    assert '<option value="most_firsts">more first places at the table</option>' in section
    assert '<label for="id_country_best">Country ranking: the best members counted:</label>' in section
    assert 'name="country_best" value="3"' in section  # the default: the best 3 (issue 22)
    assert 'value="team"' in section and "by team" in section
    assert [name for name in ("junior", "ladies", "newcomer") if f'value="{name}"' in section] == [
        "junior",
        "ladies",
        "newcomer",
    ]


def test_the_rankings_settings_are_saved_and_logged(organiser_client, demo):
    with_categories(demo)
    since = last_entry_id()
    data = ranking_settings(
        tie_break_1="most_firsts",
        tie_break_2="",  # a gap is closed up
        tie_break_3="best_session",
        team_best="2",
        country_best="",
        shown_groups=["team", "country"],
        shown_categories=["ladies"],
    )
    response = organiser_client.post(page("settings/"), data)
    assert response.status_code == 302 and response["Location"] == page("settings/") + "#rankings"
    demo.refresh_from_db()
    assert (demo.tie_breaks, demo.team_best, demo.country_best, demo.club_best) == (
        ["most_firsts", "best_session"],
        2,
        None,
        None,
    )
    assert (demo.shown_groups, demo.shown_categories) == (["team", "country"], ["ladies"])
    assert actions(demo, since) == ["tournament.update"]
    html = organiser_client.get(page("settings/")).content.decode()
    assert '<option value="most_firsts" selected>' in html and 'name="team_best" value="2"' in html


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"team_best": "0"}, "Ensure this value is greater than or equal to 1."),
        ({"club_best": "101"}, "Ensure this value is less than or equal to 100."),
        (
            {"tie_break_1": "coin_toss"},
            "Select a valid choice. coin_toss is not one of the available choices.",
        ),
        (
            {"tie_break_1": "most_firsts", "tie_break_3": "most_firsts"},
            "The tie-break &#x27;more first places at the table&#x27; is chosen twice.",
        ),
        ({"shown_groups": ["city"]}, "Select a valid choice. city is not one of the available choices."),
        ({"shown_categories": ["x" * 40]}, "is not one of the available choices"),
    ],
)
def test_bad_rankings_settings_are_named_and_change_nothing(organiser_client, demo, change, message):
    with_categories(demo)
    since = last_entry_id()
    response = organiser_client.post(page("settings/"), ranking_settings(**{"team_best": "4", **change}))
    assert response.status_code == 400
    section = response.content.decode().split('id="rankings"')[1].split("</section>")[0]
    assert message in section
    demo.refresh_from_db()
    assert (demo.tie_breaks, demo.team_best) == ([], None) and actions(demo, since) == []


def test_the_rankings_settings_are_named_in_dutch(organiser_client, demo):
    response = organiser_client.post(
        page("settings/"),
        ranking_settings(tie_break_1="last_session", tie_break_2="last_session"),
        headers={"accept-language": "nl"},
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert (
        "De tiebreak &#x27;de hoogste score in de laatst gespeelde sessie&#x27; is twee keer gekozen" in html
    )
    assert "1e tiebreak" in html


# Issue 28, item 6: a start the hall's clocks never show, or show twice, a lateness limit of 0 and a uma that does
# not add up to 0 are refused with a reason at their field (the uma only until it is confirmed as a house rule).


def test_a_start_that_does_not_exist_in_the_halls_time_zone_is_refused(organiser_client, demo):
    """02:30 on the last Sunday of March 2027 in Amsterdam: the clocks go from 02:00 to 03:00."""
    before = list(demo.sessions.values_list("starts_at", flat=True))
    response = organiser_client.post(page("settings/"), sessions_data(demo, 8, start_8="2027-03-28T02:30"))
    assert response.status_code == 400
    at_field = response.content.decode().split('name="start_8"')[1].split("</td>")[0]
    assert "does not exist in Europe/Amsterdam" in at_field, at_field
    assert "03:30" in at_field
    assert list(demo.sessions.values_list("starts_at", flat=True)) == before


def test_a_start_the_clocks_show_twice_is_refused_with_both_meanings(organiser_client, demo):
    """02:30 on the last Sunday of October 2026 in Amsterdam happens in summer time and again in winter time."""
    response = organiser_client.post(page("settings/"), sessions_data(demo, 8, start_8="2026-10-25T02:30"))
    assert response.status_code == 400
    at_field = response.content.decode().split('name="start_8"')[1].split("</td>")[0]
    assert "happens twice" in at_field and "UTC+02:00" in at_field and "UTC+01:00" in at_field, at_field


def test_a_new_tournaments_start_that_does_not_exist_is_refused(client, db, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("root", password="x-secret-123"))
    data = {
        "name": "Spring",
        "slug": "spring",
        "ruleset": "ema-2016",
        "sessions": "2",
        "session_minutes": "90",
        "signal_minutes": "15",
        "starts": "2027-03-28 02:30\n2026-10-25 02:30",
    }
    response = client.post("/organise/new/", data)
    html = response.content.decode()
    assert response.status_code == 400 and not Tournament.objects.filter(slug="spring").exists()
    assert "does not exist in Europe/Amsterdam" in html and "happens twice" in html


def test_a_lateness_limit_of_0_is_refused_at_its_field(client, fresh):
    response = client.post(
        page("settings/", "fresh"), {"part": "rules", "ruleset": "ema-2016", "lateness_max_minutes": "0"}
    )
    assert response.status_code == 400
    at_field = response.content.decode().split('name="lateness_max_minutes"')[1].split("</div>")[0]
    assert "lateness_max_minutes must be a whole number from 1 to 600" in at_field
    fresh.refresh_from_db()
    assert fresh.ruleset_overrides == {}


def test_a_uma_that_does_not_add_up_to_0_needs_the_house_rule_confirmed(client, fresh):
    data = {"part": "rules", "ruleset": "ema-2016", "uma": "15000; 5000; -5000; -10000"}
    response = client.post(page("settings/", "fresh"), data)
    assert response.status_code == 400
    at_field = response.content.decode().split('name="uma"')[1].split("</div>")[0]
    assert "adds up to 5,000, not 0" in at_field, at_field
    fresh.refresh_from_db()
    assert fresh.ruleset_overrides == {}
    response = client.post(page("settings/", "fresh"), {**data, "uma_sum_confirmed": "on"})
    assert response.status_code == 302
    fresh.refresh_from_db()
    assert fresh.ruleset_overrides == {"uma": [15000, 5000, -5000, -10000], "uma_sum_confirmed": True}
