"""services.staff: one tournament's organisers never get a one-time link for another tournament's login (issue
"Trust on the day"), and a refusal names no tournament and no login outside this one."""

import pytest
from django.utils import translation

from tests.tournament.services.expect import audited, last_entry_id, new_actions, refused
from tournament.models import AuditEntry, TournamentRole
from tournament.services import DomainError, staff, tournaments


@pytest.fixture
def two(db, django_user_model):
    """Tournament A and B, each with its organiser; bob is B's login without a password yet."""
    a = tournaments.create_tournament(actor=None, slug="a", name="A Open")
    b = tournaments.create_tournament(actor=None, slug="b", name="Hidden Secret Open", is_public=False)
    ann = django_user_model.objects.create_user("ann", password="secret-pass-123")
    ben = django_user_model.objects.create_user("ben", password="secret-pass-123")
    TournamentRole.objects.create(tournament=a, user=ann, role="organiser")
    TournamentRole.objects.create(tournament=b, user=ben, role="organiser")
    bob = staff.create_login(actor=ben, tournament=b, username="bob", role="referee")
    return a, b, ann, ben, bob


def test_a_login_without_a_password_is_not_appointed_in_a_second_tournament(two):
    a, _b, ann, _ben, _bob = two
    with translation.override("nl"), pytest.raises(DomainError) as refused:
        staff.appoint(actor=ann, tournament=a, username="bob", role="referee")
    assert refused.value.code == "no_password_yet"
    assert refused.value.message.startswith("bob heeft nog geen wachtwoord")
    assert not TournamentRole.objects.filter(tournament=a, user__username="bob").exists()


def test_no_link_for_a_login_with_a_role_in_another_tournament(two, django_user_model):
    a, b, ann, ben, bob = two
    TournamentRole.objects.create(tournament=a, user=bob, role="referee")  # as a site administrator may
    count = AuditEntry.objects.count()
    with translation.override("nl"), pytest.raises(DomainError) as refused:
        staff.record_link(actor=ann, tournament=a, user=bob)
    assert refused.value.code == "shared_login" and "Hidden Secret Open" not in refused.value.message
    assert refused.value.message.startswith("bob heeft ook een rol in een ander toernooi")
    with pytest.raises(DomainError, match="only a site administrator"):
        staff.record_link(actor=ben, tournament=b, user=bob)  # B's organiser neither, now
    assert AuditEntry.objects.count() == count
    assert not staff.may_get_link(actor=ann, tournament=a, user=bob)

    root = django_user_model.objects.create_superuser("root", password="x-secret-123")
    staff.record_link(actor=root, tournament=a, user=bob)
    assert AuditEntry.objects.latest("id").action == "user.link"


def test_a_login_of_no_role_here_is_refused_without_its_name(two):
    a, _b, ann, ben, _bob = two
    with pytest.raises(DomainError) as refused:
        staff.record_link(actor=ann, tournament=a, user=ben)
    assert refused.value.code == "not_staff"
    assert refused.value.message == "That login has no role in this tournament."


def test_the_tournament_of_the_login_makes_its_link(two):
    _a, b, _ann, ben, bob = two
    assert staff.may_get_link(actor=ben, tournament=b, user=bob)
    staff.record_link(actor=ben, tournament=b, user=bob)
    assert AuditEntry.objects.filter(tournament=b, action="user.link", data__user="bob").exists()


# --- appoint, create_login, remove_role, record_link, record_password_set: each change audited --------------------


def test_an_existing_login_is_appointed_and_audited(two, django_user_model):
    a, _b, ann, _ben, _bob = two
    rita = django_user_model.objects.create_user("rita", password="secret-pass-123")
    since = last_entry_id()
    role = staff.appoint(actor=ann, tournament=a, username=" rita ", role="referee")
    assert (role.tournament, role.user, role.role) == (a, rita, "referee")
    audited(since, "role.grant", summary="rita is now referee", actor=ann, tournament=a)


def test_an_unknown_or_inactive_login_is_refused(two, django_user_model):
    a, _b, ann, _ben, _bob = two
    django_user_model.objects.create_user("gone", password="secret-pass-123", is_active=False)
    for username in ("nobody", "gone"):
        refused(
            lambda username=username: staff.appoint(
                actor=ann, tournament=a, username=username, role="referee"
            ),
            "no_such_login",
            f"There is no login {username}. Check the spelling, or create a new login below.",
        )


def test_a_login_with_the_role_already_is_refused(two):
    a, _b, ann, _ben, _bob = two
    refused(
        lambda: staff.appoint(actor=ann, tournament=a, username="ann", role="organiser"),
        "has_role",
        "ann is organiser of this tournament already.",
    )


def test_a_login_without_a_password_gets_a_second_role_where_it_has_one(two):
    _a, b, _ann, ben, bob = two
    staff.appoint(actor=ben, tournament=b, username="bob", role="organiser")
    assert set(TournamentRole.objects.filter(user=bob).values_list("role", flat=True)) == {
        "referee",
        "organiser",
    }


def test_a_site_administrator_appoints_a_login_without_a_password_anywhere(two, django_user_model):
    a, _b, _ann, _ben, bob = two
    root = django_user_model.objects.create_superuser("root", password="x-secret-123")
    staff.appoint(actor=root, tournament=a, username="bob", role="referee")
    assert TournamentRole.objects.filter(tournament=a, user=bob).exists()


def test_a_new_login_has_no_password_and_its_creation_and_role_are_audited(two):
    a, _b, ann, _ben, _bob = two
    since = last_entry_id()
    rita = staff.create_login(
        actor=ann, tournament=a, username=" rita ", role="referee", first_name=" Rita ", last_name="Smit"
    )
    rita.refresh_from_db()
    assert (rita.username, rita.first_name, rita.last_name) == ("rita", "Rita", "Smit")
    assert not rita.has_usable_password()
    assert TournamentRole.objects.filter(tournament=a, user=rita, role="referee").exists()
    assert new_actions(since) == ["user.create", "role.grant"]
    entry = audited(
        since,
        "user.create",
        summary="Created the login rita (the password is set through a one-time link)",
        actor=ann,
        tournament=a,
    )
    assert entry.data == {"user": "rita", "user_id": rita.pk, "role": "referee"}


def test_a_login_name_taken_in_any_case_is_refused(two):
    a, _b, ann, _ben, _bob = two
    refused(
        lambda: staff.create_login(actor=ann, tournament=a, username="BOB", role="referee"),
        "username_taken",
        "The login name BOB is taken. Choose another, or appoint the existing login above.",
    )


def test_a_login_name_django_refuses_is_refused_naming_it(two):
    a, _b, ann, _ben, _bob = two
    refused(
        lambda: staff.create_login(actor=ann, tournament=a, username="rita smit", role="referee"),
        "bad_username",
        "Login name rita smit: Enter a valid username.",
    )


def test_a_role_is_removed_and_audited(two):
    _a, b, _ann, ben, bob = two
    since = last_entry_id()
    staff.remove_role(actor=ben, tournament=b, user=bob, role="referee")
    assert not TournamentRole.objects.filter(user=bob).exists()
    audited(since, "role.revoke", summary="bob is no longer referee", actor=ben, tournament=b)


def test_the_last_organiser_is_not_removed(two):
    _a, b, _ann, ben, _bob = two
    refused(
        lambda: staff.remove_role(actor=ben, tournament=b, user=ben, role="organiser"),
        "last_organiser",
        "ben is the only organiser of Hidden Secret Open; appoint another organiser first.",
    )


def test_no_link_for_a_login_with_a_password(two):
    a, _b, ann, _ben, _bob = two
    refused(
        lambda: staff.record_link(actor=ann, tournament=a, user=ann),
        "no_link",
        "ann has a password already; only its owner or a site administrator can change it.",
    )


def test_a_link_is_audited_by_who_made_it(two):
    _a, b, _ann, ben, bob = two
    since = last_entry_id()
    staff.record_link(actor=ben, tournament=b, user=bob)
    entry = audited(
        since, "user.link", summary="One-time link to set the password made for bob", actor=ben, tournament=b
    )
    assert entry.data == {"user": "bob", "user_id": bob.pk}


def test_a_password_set_through_the_link_is_audited_in_each_tournament_of_the_login(two, django_user_model):
    a, b, _ann, _ben, bob = two
    root = django_user_model.objects.create_superuser("root", password="x-secret-123")
    staff.appoint(actor=root, tournament=a, username="bob", role="referee")
    since = last_entry_id()
    staff.record_password_set(user=bob)
    entries = AuditEntry.objects.filter(pk__gt=since).order_by("tournament__slug")
    assert [(e.action, e.tournament, e.actor, e.summary) for e in entries] == [
        ("user.password", a, bob, "bob set the password through the one-time link"),
        ("user.password", b, bob, "bob set the password through the one-time link"),
    ]


def test_a_login_is_appointed_whatever_the_case_it_is_typed_in(two, django_user_model):
    """create_login refuses "BOB" as taken by "bob"; appointing "BOB" said there was no such login, and sent the
    organiser to create it: each refusal pointed at the other."""
    a, _b, ann, _ben, _bob = two
    rita = django_user_model.objects.create_user("rita", password="secret-pass-123")
    staff.appoint(actor=ann, tournament=a, username="Rita", role="referee")
    assert TournamentRole.objects.filter(tournament=a, user=rita, role="referee").exists()


def test_of_two_logins_differing_in_case_the_exact_one_is_appointed(two, django_user_model):
    a, _b, ann, _ben, _bob = two
    django_user_model.objects.create_user("rita", password="secret-pass-123")
    upper = django_user_model.objects.create_user("Rita", password="secret-pass-123")  # as the admin may
    staff.appoint(actor=ann, tournament=a, username="Rita", role="referee")
    assert list(
        TournamentRole.objects.filter(tournament=a, role="referee").values_list("user", flat=True)
    ) == [upper.pk]


def test_removing_a_role_the_login_does_not_have_is_refused(two):
    _a, b, _ann, ben, bob = two
    refused(
        lambda: staff.remove_role(actor=ben, tournament=b, user=bob, role="organiser"),
        "no_role",
        "bob is not organiser of this tournament.",
    )


# Issue 28: the site's administrator allows a login to create tournaments on a page of the console.


def test_a_site_administrator_allows_a_login_to_create_tournaments(db, django_user_model):
    root = django_user_model.objects.create_superuser("root", password="secret-pass-123")
    pim = django_user_model.objects.create_user("pim", password="secret-pass-123")
    since = last_entry_id()
    staff.set_may_create(actor=root, username="PIM", allowed=True)
    pim = django_user_model.objects.get(pk=pim.pk)  # permissions are cached on the instance
    assert pim.has_perm("tournament.create_tournaments")
    entry = audited(
        since, "user.privileges", summary="pim may create tournaments", actor=root, tournament=None
    )
    assert entry.data["changes"] == {"user_permissions": [[], ["tournament.create_tournaments"]]}
    since = last_entry_id()
    staff.set_may_create(actor=root, username="pim", allowed=False)
    assert not django_user_model.objects.get(pk=pim.pk).has_perm("tournament.create_tournaments")
    audited(
        since, "user.privileges", summary="pim may no longer create tournaments", actor=root, tournament=None
    )


def test_only_a_site_administrator_allows_creating_tournaments(db, django_user_model):
    ann = django_user_model.objects.create_user("ann", password="secret-pass-123")
    django_user_model.objects.create_user("pim", password="secret-pass-123")
    refused(lambda: staff.set_may_create(actor=ann, username="pim", allowed=True), "not_site_admin")
    root = django_user_model.objects.create_superuser("root", password="secret-pass-123")
    refused(
        lambda: staff.set_may_create(actor=root, username="nobody", allowed=True), "no_such_login", "nobody"
    )
