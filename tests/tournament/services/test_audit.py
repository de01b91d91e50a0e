"""services.audit: one entry per change, naming who made it (a login, the command line, or the players of a table
through the sheet's link) and the tournament."""

from tournament.models import AuditEntry
from tournament.services import audit, tournaments


def test_a_login_is_named_by_its_username(make_user):
    olga = make_user("olga")
    assert audit.actor_label(olga) == "olga"
    assert audit.actor_label(None) == "command line"


def test_an_entry_names_who_what_and_where(db, make_user):
    olga = make_user("olga")
    tournament = tournaments.create_tournament(actor=None, slug="spring", name="Spring Open")
    entry = audit.record(
        actor=olga, tournament=tournament, action="test.act", summary="Did it", data={"table": 3}
    )
    stored = AuditEntry.objects.get(pk=entry.pk)
    assert (
        stored.actor,
        stored.actor_label,
        stored.tournament,
        stored.action,
        stored.summary,
        stored.data,
    ) == (
        olga,
        "olga",
        tournament,
        "test.act",
        "Did it",
        {"table": 3},
    )


def test_the_command_line_and_the_players_of_a_table_have_no_login(db):
    by_command = audit.record(actor=None, tournament=None, action="test.act", summary="x")
    by_players = audit.record(
        actor=None, tournament=None, action="test.act", summary="x", label="players of table 4"
    )
    assert (by_command.actor, by_command.actor_label, by_command.data) == (None, "command line", {})
    assert (by_players.actor, by_players.actor_label) == (None, "players of table 4")


def test_a_long_summary_is_cut_to_the_column(db):
    entry = audit.record(actor=None, tournament=None, action="test.act", summary="x" * 499 + "yz")
    entry.refresh_from_db()
    assert entry.summary == "x" * 499 + "y"
