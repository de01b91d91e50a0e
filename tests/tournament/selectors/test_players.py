"""selectors.players.player_infos: every registration as a plain tuple, by registration id, in alphabetical order
(last name, first name, then registration), withdrawn and disqualified players included with their status."""

from tests.tournament.factories import make_event
from tournament.selectors.players import PlayerInfo, player_infos
from tournament.services import players
from tournament.services.tournaments import create_tournament

PEOPLE = [
    ("zoe", "Zoë", "Aalders", "NED", "Tonpuu"),
    ("ann", "Ann", "Smit", "GER", ""),
    ("bob", "Bob", "Aalders", "BEL", "Tonpuu"),
    ("ann2", "Ann", "Smit", "NED", "Hanchan"),  # the same name twice: registration order
]


def test_players_in_alphabetical_order_with_their_status(db, django_assert_num_queries):
    tournament = make_event("people", PEOPLE)
    regs = {r.key: r for r in tournament.registrations.all()}
    players.set_status(actor=None, registration=regs["ann"], status="withdrawn")
    players.set_status(actor=None, registration=regs["zoe"], status="disqualified")
    with django_assert_num_queries(1):
        infos = player_infos(tournament)
    assert [info.key for info in infos.values()] == ["bob", "zoe", "ann", "ann2"]
    assert list(infos) == [regs[key].pk for key in ("bob", "zoe", "ann", "ann2")]
    assert infos[regs["zoe"].pk] == PlayerInfo(
        regs["zoe"].pk, "zoe", "Zoë", "Aalders", None, "NED", "Tonpuu", "disqualified"
    )
    assert infos[regs["ann"].pk].status == "withdrawn" and infos[regs["ann"].pk].name == "Ann Smit"


def test_another_tournaments_players_are_not_listed(db):
    tournament = make_event("people", PEOPLE[:2])
    other = create_tournament(actor=None, slug="other", name="Other Open")
    assert player_infos(other) == {}
    players.register_player(actor=None, tournament=other, key="bob", first_name="Bob", last_name="Aalders")
    assert [info.key for info in player_infos(tournament).values()] == ["zoe", "ann"]
    assert [info.key for info in player_infos(other).values()] == ["bob"]
