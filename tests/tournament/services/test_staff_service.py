"""services.staff: one tournament's organisers never get a one-time link for another tournament's login (issue
"Trust on the day"), and a refusal names no tournament and no login outside this one."""

import pytest
from django.utils import translation

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
