"""The admin saves through the services (issues 8 and 13): the same checks and audit entries as the pages and
commands, a refusal is a form error (never a 500), fields without a service are read-only. Every test posts the
admin's own change forms as a superuser, inline management fields included."""

import json

import pytest

from tournament.models import AuditEntry, Player, Registration, Tournament, TournamentRole
from tournament.services import players, schedule, tournaments


@pytest.fixture
def boss(django_user_model):
    return django_user_model.objects.create_superuser("boss", password="x-secret-123")


@pytest.fixture
def admin(client, boss):
    client.force_login(boss)
    return client


@pytest.fixture
def open_event(db):
    """A tournament without results: eight players, two sessions, neither seated."""
    tournament = tournaments.create_tournament(
        actor=None, slug="spring-open", name="Spring Open", city="Utrecht", country="NED"
    )
    for i in range(8):
        players.register_player(actor=None, tournament=tournament, first_name=f"P{i}", last_name="Spring")
    schedule.ensure_sessions(actor=None, tournament=tournament, count=2)
    return tournament


def tournament_form(tournament: Tournament, roles=None, **changes) -> dict:
    """The change form as the admin shows it filled in (the short address is read-only there), plus the roles
    inline: ``roles`` lists (pk or None, user pk, role, delete) rows; None keeps the stored roles."""
    data = {
        "name": tournament.name,
        "short_name": tournament.short_name,
        "city": tournament.city,
        "country": tournament.country,
        "start_date": tournament.start_date.isoformat() if tournament.start_date else "",
        "end_date": tournament.end_date.isoformat() if tournament.end_date else "",
        "ruleset": tournament.ruleset,
        "language": tournament.language,
        "ruleset_overrides": json.dumps(tournament.ruleset_overrides),
        "session_minutes": tournament.session_minutes,
        "signal_minutes": tournament.signal_minutes,
        "mers_weight_override": tournament.mers_weight_override or "",
    }
    data.update(
        {
            flag: "on"
            for flag in ("qualification", "is_public", "confirmation_required", "count_unconfirmed")
            if getattr(tournament, flag)
        }
    )
    if roles is None:
        roles = [(r.pk, r.user_id, r.role, False) for r in tournament.roles.order_by("pk")]
    data.update(role_rows(tournament, roles))
    data.update(changes)
    return data


def role_rows(tournament: Tournament, roles) -> dict:
    existing = sum(1 for pk, *_rest in roles if pk is not None)
    data = {
        "roles-TOTAL_FORMS": str(len(roles)),
        "roles-INITIAL_FORMS": str(existing),
        "roles-MIN_NUM_FORMS": "0",
        "roles-MAX_NUM_FORMS": "1000",
    }
    for index, (pk, user, role, delete) in enumerate(roles):
        prefix = f"roles-{index}-"
        data.update(
            {prefix + "id": pk or "", prefix + "tournament": tournament.pk or "", prefix + "user": user}
        )
        data[prefix + "role"] = role
        if delete:
            data[prefix + "DELETE"] = "on"
    return data


def change_url(obj) -> str:
    return f"/admin/tournament/{obj._meta.model_name}/{obj.pk}/change/"


def errors_of(response) -> str:
    """The admin's error texts on a re-shown form (page 200, class errornote / errorlist)."""
    assert response.status_code == 200, response.status_code
    html = response.content.decode()
    assert 'class="errornote' in html or 'class="errorlist' in html, "no form error shown"
    return html


# --- tournaments: rules, details, creation -------------------------------------------------------------------


def test_bad_rule_change_is_a_form_error_and_the_standings_stay_up(admin, open_event):
    """Issue 8's probe: {"uma": "bad"} was stored and the standings answered 500."""
    response = admin.post(
        change_url(open_event), tournament_form(open_event, ruleset_overrides='{"uma": "bad"}')
    )
    assert "Uma must be a list of four whole numbers" in errors_of(
        response
    )  # services.tournaments refuses it
    open_event.refresh_from_db()
    assert open_event.ruleset_overrides == {}
    assert not AuditEntry.objects.filter(action__startswith="tournament.ruleset").exists()
    assert admin.get(f"/t/{open_event.slug}/standings/").status_code == 200


@pytest.mark.parametrize("overrides", ['{"oka": 1}', "[1, 2]", '{"chombo_points": -5}'])
def test_other_bad_rules_are_form_errors_too(admin, open_event, overrides):
    response = admin.post(change_url(open_event), tournament_form(open_event, ruleset_overrides=overrides))
    errors_of(response)
    open_event.refresh_from_db()
    assert open_event.ruleset_overrides == {}


def test_rule_change_goes_through_set_ruleset(admin, open_event):
    form = tournament_form(open_event, ruleset="ema-2008", ruleset_overrides='{"chombo_points": 10000}')
    assert admin.post(change_url(open_event), form).status_code == 302
    open_event.refresh_from_db()
    assert (open_event.ruleset, open_event.ruleset_overrides) == ("ema-2008", {"chombo_points": 10000})
    entry = AuditEntry.objects.get(action="tournament.ruleset")
    assert entry.actor_label == "boss" and entry.tournament == open_event
    assert entry.data["after"] == {"ruleset": "ema-2008", "overrides": {"chombo_points": 10000}}
    assert not AuditEntry.objects.filter(action="tournament.update").exists()  # only the rules changed


def test_frozen_rules_are_shown_disabled_and_a_post_cannot_change_them(admin, demo):
    html = admin.get(change_url(demo)).content.decode()
    assert '<select name="ruleset" disabled' in html and 'name="ruleset_overrides"' in html
    assert "Frozen: results have been entered" in html
    before = (demo.ruleset, demo.ruleset_overrides)
    form = tournament_form(demo, ruleset="nts", ruleset_overrides='{"uma": "bad"}', city="Leiden")
    assert admin.post(change_url(demo), form).status_code == 302
    demo.refresh_from_db()
    assert (demo.ruleset, demo.ruleset_overrides) == before and demo.city == "Leiden"
    assert admin.get(f"/t/{demo.slug}/standings/").status_code == 200


def test_detail_change_goes_through_update_tournament(admin, open_event):
    response = admin.post(change_url(open_event), tournament_form(open_event, city="Leiden", country="NED"))
    assert response.status_code == 302
    entry = AuditEntry.objects.get(action="tournament.update")
    assert entry.data == {"city": ["Utrecht", "Leiden"]} and entry.actor_label == "boss"


def test_short_address_is_read_only_after_creation(admin, open_event):
    html = admin.get(change_url(open_event)).content.decode()
    assert 'name="slug"' not in html
    admin.post(change_url(open_event), tournament_form(open_event, slug="renamed"))
    open_event.refresh_from_db()
    assert open_event.slug == "spring-open"


def test_the_rankings_settings_are_shown_not_changed_in_the_admin(admin, open_event):
    """They are the settings page's (services.tournaments.set_rankings, which checks them): a post of the change
    form without them (or with them) leaves them as they are."""
    html = admin.get(change_url(open_event)).content.decode()
    assert 'name="country_best"' not in html and 'name="tie_breaks"' not in html
    form = tournament_form(open_event, tie_breaks='["coin_toss"]', country_best="", city="Leiden")
    assert admin.post(change_url(open_event), form).status_code == 302
    open_event.refresh_from_db()
    assert (open_event.city, open_event.tie_breaks, open_event.country_best) == ("Leiden", [], 3)


def test_add_goes_through_create_tournament(admin, boss, db):
    form = tournament_form(
        Tournament(name="Autumn Open", city="Delft"), roles=[(None, boss.pk, "organiser", False)]
    )
    form["slug"] = "autumn-open"
    response = admin.post("/admin/tournament/tournament/add/", form)
    assert response.status_code == 302
    created = Tournament.objects.get(slug="autumn-open")
    assert AuditEntry.objects.get(action="tournament.create").tournament == created
    assert TournamentRole.objects.get(tournament=created).user == boss
    assert AuditEntry.objects.get(action="role.grant").tournament == created


def test_service_refusal_is_a_form_error_and_writes_nothing(admin, boss, db):
    """'Autumn' is a valid SlugField value but create_tournament refuses capitals: the refusal comes from the
    service during the save, the whole save (the role grant too) is rolled back and the form shown again."""
    form = tournament_form(Tournament(name="Autumn Open"), roles=[(None, boss.pk, "organiser", False)])
    form["slug"] = "Autumn"
    response = admin.post("/admin/tournament/tournament/add/", form)
    assert "may hold only lowercase letters, digits and hyphens" in errors_of(response)
    assert 'value="Autumn Open"' in response.content.decode()  # what was typed is kept
    assert not Tournament.objects.exists()
    assert not TournamentRole.objects.exists() and not AuditEntry.objects.exists()


# --- roles through the inline ----------------------------------------------------------------------------------


def test_role_grant_through_the_inline_is_audited_with_user_and_role(admin, open_event, make_user):
    anna = make_user("anna")
    form = tournament_form(open_event, roles=[(None, anna.pk, "referee", False)])
    assert admin.post(change_url(open_event), form).status_code == 302
    assert TournamentRole.objects.filter(tournament=open_event, user=anna, role="referee").exists()
    entry = AuditEntry.objects.get(action="role.grant")
    assert entry.data == {"user": "anna", "user_id": anna.pk, "role": "referee"}
    assert "anna" in entry.summary and "referee" in entry.summary and entry.actor_label == "boss"


def test_role_revoke_through_the_inline_is_audited(admin, open_event, make_user):
    anna = make_user("anna", tournament=open_event, role="organiser")
    role = TournamentRole.objects.get(user=anna)
    form = tournament_form(open_event, roles=[(role.pk, anna.pk, "organiser", True)])
    assert admin.post(change_url(open_event), form).status_code == 302
    assert not TournamentRole.objects.filter(user=anna).exists()
    entry = AuditEntry.objects.get(action="role.revoke")
    assert entry.data == {"user": "anna", "user_id": anna.pk, "role": "organiser"}
    assert entry.tournament == open_event


def test_role_changed_in_a_row_is_a_revoke_and_a_grant(admin, open_event, make_user):
    anna = make_user("anna", tournament=open_event, role="organiser")
    role = TournamentRole.objects.get(user=anna)
    form = tournament_form(open_event, roles=[(role.pk, anna.pk, "referee", False)])
    assert admin.post(change_url(open_event), form).status_code == 302
    assert list(TournamentRole.objects.filter(user=anna).values_list("role", flat=True)) == ["referee"]
    assert [
        (e.action, e.data["role"]) for e in AuditEntry.objects.order_by("id") if e.action.startswith("role.")
    ] == [
        ("role.revoke", "organiser"),
        ("role.grant", "referee"),
    ]


# --- registrations, sessions, players ----------------------------------------------------------------------


def test_status_change_goes_through_set_status(admin, open_event):
    registration = open_event.registrations.first()
    form = {"status": "withdrawn", "key": "hacked", "club": "hacked"}
    assert admin.post(change_url(registration), form).status_code == 302
    registration.refresh_from_db()
    assert (registration.status, registration.key, registration.club) == ("withdrawn", "p001", "")
    entry = AuditEntry.objects.get(action="player.status")
    assert entry.data["before"] == "active" and entry.data["after"] == "withdrawn"


def test_registrations_and_sessions_are_not_added_or_deleted_in_the_admin(admin, open_event):
    registration, session = open_event.registrations.first(), open_event.sessions.first()
    assert admin.get("/admin/tournament/registration/add/").status_code == 403
    assert admin.get("/admin/tournament/session/add/").status_code == 403
    assert admin.get(f"/admin/tournament/registration/{registration.pk}/delete/").status_code == 403
    assert admin.get(f"/admin/tournament/session/{session.pk}/delete/").status_code == 403
    assert admin.get("/admin/tournament/player/add/").status_code == 403


def test_publishing_a_session_goes_through_publish_seating(admin, demo):
    session = demo.sessions.get(number=6)
    demo.sessions.update(seating_published=False)
    assert admin.post(change_url(session), {"seating_published": "on"}).status_code == 302
    session.refresh_from_db()
    assert session.seating_published
    assert AuditEntry.objects.get(action="seating.publish").data == {"sessions": [6]}
    assert admin.post(change_url(session), {}).status_code == 302
    assert AuditEntry.objects.get(action="seating.unpublish").data == {"sessions": [6]}


def test_publishing_a_session_without_seating_is_refused_on_the_form(admin, open_event):
    session = open_event.sessions.get(number=1)
    response = admin.post(change_url(session), {"seating_published": "on", "duration_minutes": "5"})
    assert "has no seating yet" in errors_of(response)
    session.refresh_from_db()
    assert not session.seating_published and session.duration_minutes == 90


def test_player_edit_goes_through_update_person_in_every_tournament(admin, open_event, demo):
    registration = demo.registrations.get(key="p01")
    person = registration.player
    Registration.objects.create(tournament=open_event, player=person, key="guest")
    form = {"first_name": "Anna", "last_name": "de Vries-Bakker", "ema_id": person.ema_id, "country": "NED"}
    assert admin.post(change_url(person), form).status_code == 302
    person.refresh_from_db()
    assert (person.first_name, person.last_name) == ("Anna", "de Vries-Bakker")
    entries = AuditEntry.objects.filter(action="player.update")
    assert {entry.tournament for entry in entries} == {demo, open_event}
    assert all(entry.actor_label == "boss" for entry in entries)
    assert entries[0].data["changes"]["last_name"][1] == "de Vries-Bakker"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("ema_id", "123", "eight digits"),
        ("country", "nld", "three-letter"),
        ("first_name", "", "This field is required"),
    ],
)
def test_bad_player_edit_is_a_form_error(admin, demo, field, value, message):
    person = demo.registrations.get(key="p02").player
    form = {"first_name": person.first_name, "last_name": person.last_name, "ema_id": person.ema_id or ""}
    form.update({"country": person.country, field: value})
    assert message in errors_of(admin.post(change_url(person), form))
    assert not AuditEntry.objects.filter(action="player.update").exists()
    person.refresh_from_db()
    assert getattr(person, field) != value


def test_update_person_refuses_an_ema_number_of_another_person(open_event):
    first, second = (r.player for r in open_event.registrations.all()[:2])
    Player.objects.filter(pk=first.pk).update(ema_id="10990001")
    from tournament.services import DomainError

    with pytest.raises(DomainError) as error:
        players.update_person(
            actor=None, player=second, first_name="P1", last_name="Spring", ema_id="10990001", country=""
        )
    assert error.value.code == "ema_id_taken" and "P0 Spring" in error.value.message


# --- deletes ---------------------------------------------------------------------------------------------------


def test_delete_selected_writes_an_audit_entry_per_object(admin, db):
    """Two tournaments without players (one with players and seating cannot be deleted in the admin: its
    registrations, sessions and results may not be)."""
    for slug in ("first", "second"):
        tournaments.create_tournament(actor=None, slug=slug, name=f"{slug.title()} Open")
    response = admin.post(
        "/admin/tournament/tournament/",
        {
            "action": "delete_selected",
            "_selected_action": list(Tournament.objects.values_list("pk", flat=True)),
            "post": "yes",
        },
    )
    assert response.status_code == 302
    assert not Tournament.objects.exists()
    entries = AuditEntry.objects.filter(action="tournament.delete")  # through services.delete_tournament
    assert sorted(entry.data["name"] for entry in entries) == ["First Open", "Second Open"]
    assert all(entry.actor_label == "boss" and entry.tournament is None for entry in entries)


def test_a_tournament_with_players_cannot_be_deleted_in_the_admin(admin, open_event):
    response = admin.post(f"/admin/tournament/tournament/{open_event.pk}/delete/", {"post": "yes"})
    assert response.status_code == 403
    assert Tournament.objects.filter(pk=open_event.pk).exists()
    assert not AuditEntry.objects.filter(action__in=["admin.delete", "tournament.delete"]).exists()


def test_delete_selected_players_is_audited(admin, db):
    people = [Player.objects.create(first_name="Nobody", last_name=f"Number {i}") for i in range(2)]
    response = admin.post(
        "/admin/tournament/player/",
        {"action": "delete_selected", "_selected_action": [p.pk for p in people], "post": "yes"},
    )
    assert response.status_code == 302 and not Player.objects.exists()
    assert AuditEntry.objects.filter(action="admin.delete", data__model="tournament.Player").count() == 2


def test_delete_of_one_object_is_audited(admin, db):
    person = Player.objects.create(first_name="Nobody", last_name="Registered")
    response = admin.post(f"/admin/tournament/player/{person.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    entry = AuditEntry.objects.get(action="admin.delete")
    assert entry.data["model"] == "tournament.Player" and entry.tournament is None


def test_the_admins_new_tournament_form_starts_as_a_draft(admin):
    """Issue 28: as on /organise/new/, a new tournament is hidden unless the administrator ticks it public."""
    html = admin.get("/admin/tournament/tournament/add/").content.decode()
    box = (
        html.split('name="is_public"')[0].rsplit("<input", 1)[1]
        + html.split('name="is_public"')[1].split(">")[0]
    )
    assert "checked" not in box
