"""services.tournaments: creating, changing and deleting a tournament, its rules and its roles. Each change is
audited with who made it; each refusal names what and where and writes nothing."""

from datetime import date

import pytest

from tests.tournament.factories import played_event
from tests.tournament.services.expect import audited, last_entry_id, new_actions, refused
from tournament.models import (
    AuditEntry,
    Player,
    Registration,
    Session,
    TableResult,
    Tournament,
    TournamentRole,
)
from tournament.services import tournaments


@pytest.fixture
def spring(db):
    return tournaments.create_tournament(actor=None, slug="spring", name="Spring Open")


# --- create_tournament ---------------------------------------------------------------------------------------------


def test_a_new_tournament_is_stored_with_its_details_and_audited(db, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    created = tournaments.create_tournament(
        actor=olga,
        slug="lotus-2026",
        name="Lotus Open",
        ruleset="ema-2008",
        ruleset_overrides={"chombo_points": 8_000},
        city="Leiden",
        country="NED",
        start_date=date(2026, 5, 9),
    )
    saved = Tournament.objects.get(slug="lotus-2026")
    assert saved.pk == created.pk
    assert (
        saved.name,
        saved.ruleset,
        saved.ruleset_overrides,
        saved.city,
        saved.country,
        saved.start_date,
    ) == (
        "Lotus Open",
        "ema-2008",
        {"chombo_points": 8_000},
        "Leiden",
        "NED",
        date(2026, 5, 9),
    )
    entry = audited(
        since, "tournament.create", summary="Created tournament Lotus Open", actor=olga, tournament=saved
    )
    assert entry.data == {"slug": "lotus-2026", "name": "Lotus Open", "ruleset": "ema-2008"}


@pytest.mark.parametrize("slug", ["Spring Open", "Spring", "", "lente-ü"])
def test_a_short_address_that_is_no_slug_is_refused(db, slug):
    refused(
        lambda: tournaments.create_tournament(actor=None, slug=slug, name="Spring Open"),
        "bad_slug",
        f"The short address {slug!r} may hold only lowercase letters, digits and hyphens.",
    )


def test_a_short_address_taken_is_refused(spring):
    refused(
        lambda: tournaments.create_tournament(actor=None, slug="spring", name="Another Spring"),
        "slug_taken",
        "A tournament with the short address spring exists already.",
    )


def test_unknown_details_are_refused_by_name(db):
    refused(
        lambda: tournaments.create_tournament(
            actor=None, slug="spring", name="Spring", colour="red", venue="x"
        ),
        "unknown_field",
        "Unknown tournament fields: colour, venue",
    )


def test_an_unknown_ruleset_is_refused(db):
    refused(
        lambda: tournaments.create_tournament(actor=None, slug="spring", name="Spring", ruleset="ema-1999"),
        "unknown_ruleset",
        "'ema-1999'",
        "ema-2016, ema-2008, nts",
    )


def test_rule_changes_that_are_no_object_are_refused(db):
    refused(
        lambda: tournaments.create_tournament(
            actor=None, slug="spring", name="Spring", ruleset_overrides=[1]
        ),
        "bad_ruleset_overrides",
        "must be a JSON object",
    )


def test_a_detail_the_model_refuses_is_named_with_the_tournament(db):
    refused(
        lambda: tournaments.create_tournament(
            actor=None, slug="spring", name="Spring Open", country="Holland"
        ),
        "invalid_field",
        "Spring Open: host country: Use the three-letter EMA country code",
    )


# --- update_tournament ---------------------------------------------------------------------------------------------


def test_a_change_is_stored_and_audited_with_before_and_after(spring, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    tournaments.update_tournament(
        actor=olga, tournament=spring, name="Spring Open 2026", city="Delft", country=""
    )
    saved = Tournament.objects.get(pk=spring.pk)
    assert (saved.name, saved.city) == ("Spring Open 2026", "Delft")
    entry = audited(since, "tournament.update", summary="Changed city, name", actor=olga, tournament=spring)
    # the country was "" already: not a change
    assert entry.data == {"name": ["Spring Open", "Spring Open 2026"], "city": ["", "Delft"]}


def test_the_same_values_again_are_no_change_and_not_audited(spring):
    since = last_entry_id()
    tournaments.update_tournament(actor=None, tournament=spring, name="Spring Open", session_minutes=90)
    assert new_actions(since) == []


def test_an_unknown_detail_is_refused_on_update(spring):
    refused(
        lambda: tournaments.update_tournament(actor=None, tournament=spring, slug="autumn"),
        "unknown_field",
        "Unknown tournament fields: slug",
    )


def test_a_bad_detail_is_refused_on_update_and_nothing_changes(spring):
    refused(
        lambda: tournaments.update_tournament(
            actor=None, tournament=spring, city="Delft", signal_minutes=601
        ),
        "invalid_field",
        "Spring Open: signal before the end (minutes):",
    )


# --- set_ruleset ---------------------------------------------------------------------------------------------------


def test_the_rules_are_stored_and_audited_with_before_and_after(spring, make_user):
    olga = make_user("olga")
    tournaments.set_ruleset(
        actor=None, tournament=spring, ruleset="ema-2016", overrides={"chombo_points": 10_000}
    )
    since = last_entry_id()
    tournaments.set_ruleset(actor=olga, tournament=spring, ruleset="ema-2008")
    saved = Tournament.objects.get(pk=spring.pk)
    assert (saved.ruleset, saved.ruleset_overrides) == ("ema-2008", {})
    entry = audited(
        since, "tournament.ruleset", summary="Rules set to ema-2008", actor=olga, tournament=spring
    )
    assert entry.data == {
        "before": {"ruleset": "ema-2016", "overrides": {"chombo_points": 10_000}},
        "after": {"ruleset": "ema-2008", "overrides": {}},
    }


@pytest.mark.django_db
def test_the_rules_of_a_tournament_with_a_result_are_frozen():
    event = played_event("frozen", n_players=4, n_sessions=1, played=1)
    assert TableResult.objects.filter(table__session__tournament=event).exists()
    refused(
        lambda: tournaments.set_ruleset(actor=None, tournament=event, ruleset="nts"),
        "ruleset_frozen",
        "The rules of Event frozen cannot change: results have been entered.",
    )


def test_rule_changes_that_are_no_object_are_refused_on_set(spring):
    refused(
        lambda: tournaments.set_ruleset(actor=None, tournament=spring, ruleset="ema-2016", overrides="x"),
        "bad_ruleset_overrides",
    )


# --- delete_tournament ---------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_deleting_takes_everything_of_the_tournament_and_keeps_its_log(make_user):
    event = played_event("doomed", n_players=8, n_sessions=2, played=1)
    other = played_event("kept", n_players=4, n_sessions=1, played=1)
    olga = make_user("olga")
    entries_of_event = AuditEntry.objects.filter(tournament=event).count()
    since = last_entry_id()
    tournaments.delete_tournament(actor=olga, tournament=event)
    assert not Tournament.objects.filter(slug="doomed").exists()
    assert not Session.objects.filter(tournament_id=event.pk).exists()
    assert not Registration.objects.filter(tournament_id=event.pk).exists()
    assert not TableResult.objects.filter(table__session__tournament_id=event.pk).exists()
    assert Player.objects.count() == 12  # the people stay: they may play elsewhere
    assert TableResult.objects.filter(table__session__tournament=other).count() == 1
    entry = audited(
        since,
        "tournament.delete",
        summary="Deleted tournament Event doomed (doomed)",
        actor=olga,
        tournament=None,
    )
    assert entry.data == {"slug": "doomed", "name": "Event doomed"}  # no snapshot: they are off in tests
    # the entries of the deleted tournament stay, linked to none
    assert AuditEntry.objects.filter(tournament=None).count() == entries_of_event + 1


# --- grant_role, revoke_role ---------------------------------------------------------------------------------------


def test_a_role_is_granted_once_and_audited_once(spring, make_user):
    olga, rita = make_user("olga"), make_user("rita")
    since = last_entry_id()
    role = tournaments.grant_role(actor=olga, tournament=spring, user=rita, role="referee")
    again = tournaments.grant_role(actor=olga, tournament=spring, user=rita, role="referee")
    assert again.pk == role.pk
    assert list(TournamentRole.objects.values_list("user__username", "role")) == [("rita", "referee")]
    entry = audited(since, "role.grant", summary="rita is now referee", actor=olga, tournament=spring)
    assert entry.data == {"user": "rita", "user_id": rita.pk, "role": "referee"}


def test_a_role_is_revoked_and_audited_and_revoking_nothing_is_false(spring, make_user):
    rita = make_user("rita", tournament=spring, role="organiser")
    since = last_entry_id()
    assert tournaments.revoke_role(actor=None, tournament=spring, user=rita, role="organiser") is True
    assert not TournamentRole.objects.exists()
    entry = audited(
        since, "role.revoke", summary="rita is no longer organiser", actor=None, tournament=spring
    )
    assert entry.data == {"user": "rita", "user_id": rita.pk, "role": "organiser"}
    since = last_entry_id()
    assert tournaments.revoke_role(actor=None, tournament=spring, user=rita, role="organiser") is False
    assert new_actions(since) == []


def test_an_unknown_role_is_refused(spring, make_user):
    rita = make_user("rita", tournament=spring, role="referee")
    refused(
        lambda: tournaments.grant_role(actor=None, tournament=spring, user=rita, role="admin"),
        "bad_role",
        "Unknown role admin.",
    )
    refused(
        lambda: tournaments.revoke_role(actor=None, tournament=spring, user=rita, role="Referee"),
        "bad_role",
        "Unknown role Referee.",
    )


# --- set_rankings (docs/organisers.md, "Teams, categories and the side rankings' settings") ---------------------


def rankings(tournament, actor=None, **change):
    settings = {
        "tie_breaks": [],
        "team_best": None,
        "country_best": 3,
        "club_best": None,
        "shown_groups": [],
        "shown_categories": [],
    }
    return tournaments.set_rankings(actor=actor, tournament=tournament, **{**settings, **change})


def test_the_rankings_settings_are_stored_cleaned_and_audited(spring, make_user):
    olga = make_user("olga")
    since = last_entry_id()
    rankings(
        spring,
        olga,
        tie_breaks=["most_firsts", "best_session"],
        team_best=3,
        country_best=None,
        shown_groups=["club", "team", "club"],  # stored in the order of the pages, once each
        shown_categories=[" ladies", "Ladies", "newcomer"],
    )
    saved = Tournament.objects.get(pk=spring.pk)
    assert (saved.tie_breaks, saved.team_best, saved.country_best, saved.club_best) == (
        ["most_firsts", "best_session"],
        3,
        None,
        None,
    )
    assert (saved.shown_groups, saved.shown_categories) == (["team", "club"], ["ladies", "newcomer"])
    entry = audited(
        since,
        "tournament.update",
        summary="Changed country_best, shown_categories, shown_groups, team_best, tie_breaks",
        actor=olga,
        tournament=spring,
    )
    assert entry.data["tie_breaks"] == [[], ["most_firsts", "best_session"]]
    assert entry.data["country_best"] == [3, None]


def test_the_same_rankings_settings_again_are_no_change(spring):
    rankings(spring, tie_breaks=["last_session"])
    since = last_entry_id()
    rankings(spring, tie_breaks=["last_session"])
    assert new_actions(since) == []


@pytest.mark.parametrize(
    ("change", "code", "words"),
    [
        (
            {"tie_breaks": ["coin_toss"]},
            "unknown_tie_break",
            "Unknown tie-break 'coin_toss'; choose from best_session",
        ),
        (
            {"tie_breaks": ["most_firsts", "best_session", "most_firsts"]},
            "tie_break_twice",
            "The tie-break 'more first places at the table' is chosen twice",
        ),
        (
            {"team_best": 0},
            "best_out_of_range",
            "Team ranking: The best 0 members: the number of members counted must be from 1 to 100.",
        ),
        ({"country_best": 101}, "best_out_of_range", "Country ranking: The best 101 members"),
        ({"club_best": True}, "best_out_of_range", "Club ranking: The best True members"),
        (
            {"shown_groups": ["city"]},
            "unknown_grouping",
            "Unknown ranking 'city'; choose from team, country, club.",
        ),
        ({"shown_categories": [""]}, "category_empty", "A category needs a name"),
        ({"shown_categories": ["x" * 40]}, "category_too_long", "longer than 39 characters"),
    ],
)
def test_bad_rankings_settings_are_refused_and_change_nothing(spring, change, code, words):
    refused(
        lambda: rankings(spring, **{"tie_breaks": ["best_session"], "team_best": 2, **change}), code, words
    )


def test_more_categories_may_be_shown_than_one_player_may_have(spring):
    rankings(spring, shown_categories=[f"c{i}" for i in range(12)])  # a player has at most 10
    assert len(Tournament.objects.get(pk=spring.pk).shown_categories) == 12
