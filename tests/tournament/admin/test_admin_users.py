"""The user and group admins audit privilege changes (issue 13): making a user superuser or staff, groups and
permissions, a password set by an administrator, deletes. These entries belong to no tournament."""

import pytest

from tournament.models import AuditEntry


@pytest.fixture
def boss(django_user_model):
    return django_user_model.objects.create_superuser("boss", password="x-secret-123")


@pytest.fixture
def admin(client, boss):
    client.force_login(boss)
    return client


def user_form(user, **changes) -> dict:
    data = {
        "username": user.username,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "email": user.email,
        "date_joined_0": user.date_joined.strftime("%Y-%m-%d"),
        "date_joined_1": user.date_joined.strftime("%H:%M:%S"),
    }
    data.update({flag: "on" for flag in ("is_active", "is_staff", "is_superuser") if getattr(user, flag)})
    data.update(changes)
    return data


def test_making_a_user_superuser_is_audited(admin, make_user):
    anna = make_user("anna")
    response = admin.post(
        f"/admin/auth/user/{anna.pk}/change/", user_form(anna, is_staff="on", is_superuser="on")
    )
    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.is_superuser
    entry = AuditEntry.objects.get(action="user.privileges")
    assert entry.tournament is None and entry.actor_label == "boss"
    assert entry.data["changes"] == {"is_staff": [False, True], "is_superuser": [False, True]}
    assert "anna" in entry.summary and "is_superuser False -> True" in entry.summary


def test_groups_and_permissions_of_a_user_are_audited(admin, make_user):
    from django.contrib.auth.models import Group, Permission

    anna = make_user("anna")
    group = Group.objects.create(name="hall staff")
    permission = Permission.objects.get(codename="view_tournament")
    form = user_form(anna, groups=[group.pk], user_permissions=[permission.pk])
    assert admin.post(f"/admin/auth/user/{anna.pk}/change/", form).status_code == 302
    changes = AuditEntry.objects.get(action="user.privileges").data["changes"]
    assert changes == {
        "groups": [[], ["hall staff"]],
        "user_permissions": [[], ["tournament.view_tournament"]],
    }


def test_user_edit_without_privilege_change_writes_no_privilege_entry(admin, make_user):
    anna = make_user("anna")
    assert (
        admin.post(f"/admin/auth/user/{anna.pk}/change/", user_form(anna, email="a@example.org")).status_code
        == 302
    )
    assert not AuditEntry.objects.filter(action="user.privileges").exists()


def test_password_set_in_the_admin_is_audited(admin, make_user):
    anna = make_user("anna")
    form = {"password1": "a-new-secret-991", "password2": "a-new-secret-991", "usable_password": "true"}
    response = admin.post(f"/admin/auth/user/{anna.pk}/password/", form)
    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.check_password("a-new-secret-991")
    entry = AuditEntry.objects.get(action="user.password_admin")
    assert entry.data == {"user": "anna", "user_id": anna.pk} and entry.actor_label == "boss"


def test_group_permissions_are_audited(admin, db):
    from django.contrib.auth.models import Group, Permission

    group = Group.objects.create(name="hall staff")
    permission = Permission.objects.get(codename="change_tournament")
    response = admin.post(
        f"/admin/auth/group/{group.pk}/change/", {"name": "hall staff", "permissions": [permission.pk]}
    )
    assert response.status_code == 302
    entry = AuditEntry.objects.get(action="group.permissions")
    assert entry.data["changes"] == {"permissions": [[], ["tournament.change_tournament"]]}
    assert entry.tournament is None and entry.actor_label == "boss"


def test_delete_selected_users_is_audited(admin, make_user):
    from django.contrib.auth import get_user_model

    people = [make_user("anna"), make_user("bram")]
    response = admin.post(
        "/admin/auth/user/",
        {"action": "delete_selected", "_selected_action": [u.pk for u in people], "post": "yes"},
    )
    assert response.status_code == 302
    assert not get_user_model().objects.filter(username__in=["anna", "bram"]).exists()
    assert sorted(e.data["object"] for e in AuditEntry.objects.filter(action="admin.delete")) == [
        "anna",
        "bram",
    ]
