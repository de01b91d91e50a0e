"""The user and group admins with an audit trail: who made whom superuser or staff, changed their groups or
permissions, set their password, or changed what a group may do. Deletes are recorded too. These entries belong
to no tournament."""

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group
from django.utils.translation import gettext as _

from tournament.admin.base import AuditedDeletes
from tournament.services import audit

User = get_user_model()


def privileges(user) -> dict:
    """What a user may do beyond their tournament roles, in a form the audit log can keep."""
    if user is None or user.pk is None:
        return {"is_superuser": False, "is_staff": False, "groups": [], "user_permissions": []}
    return {
        "is_superuser": user.is_superuser,
        "is_staff": user.is_staff,
        "groups": sorted(user.groups.values_list("name", flat=True)),
        "user_permissions": sorted(
            f"{app}.{codename}"
            for app, codename in user.user_permissions.values_list("content_type__app_label", "codename")
        ),
    }


admin.site.unregister(User)
admin.site.unregister(Group)


@admin.register(User)
class AuditedUserAdmin(AuditedDeletes, UserAdmin):
    def save_model(self, request, obj, form, change):
        form.tenbou_before = privileges(User.objects.get(pk=obj.pk) if change else None)
        super().save_model(request, obj, form, change)
        if not change:
            audit.record(
                actor=request.user,
                tournament=None,
                action="user.add",
                summary=_("User %(user)s added") % {"user": obj.get_username()},
                data={"user": obj.get_username(), "user_id": obj.pk},
            )

    def save_related(self, request, form, formsets, change):
        """Groups and permissions are saved here (after save_model): compare once everything is written."""
        super().save_related(request, form, formsets, change)
        before, after = form.tenbou_before, privileges(form.instance)
        changes = {key: [before[key], after[key]] for key in after if before[key] != after[key]}
        if changes:
            audit.record(
                actor=request.user,
                tournament=None,
                action="user.privileges",
                summary=_("%(user)s: %(changes)s")
                % {"user": form.instance.get_username(), "changes": _describe(changes)},
                data={"user": form.instance.get_username(), "user_id": form.instance.pk, "changes": changes},
            )

    def user_change_password(self, request, id, form_url=""):
        response = super().user_change_password(request, id, form_url)
        if request.method == "POST" and response.status_code == 302:  # saved: the form redirects
            user = self.get_object(request, id)
            audit.record(
                actor=request.user,
                tournament=None,
                action="user.password_admin",
                summary=_("Password of %(user)s set in the admin") % {"user": user.get_username()},
                data={"user": user.get_username(), "user_id": user.pk},
            )
        return response


def group_permissions(group) -> list[str]:
    if group is None or group.pk is None:
        return []
    return sorted(
        f"{app}.{codename}"
        for app, codename in group.permissions.values_list("content_type__app_label", "codename")
    )


@admin.register(Group)
class AuditedGroupAdmin(AuditedDeletes, GroupAdmin):
    """A group's permissions are every member's: changing them is a change of privileges too."""

    def save_model(self, request, obj, form, change):
        form.tenbou_before = group_permissions(Group.objects.get(pk=obj.pk) if change else None)
        super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        before, after = form.tenbou_before, group_permissions(form.instance)
        if before != after:
            changes = {"permissions": [before, after]}
            audit.record(
                actor=request.user,
                tournament=None,
                action="group.permissions",
                summary=_("%(user)s: %(changes)s")
                % {"user": form.instance.name, "changes": _describe(changes)},
                data={"group": form.instance.name, "group_id": form.instance.pk, "changes": changes},
            )


def _describe(changes: dict) -> str:
    parts = []
    for key, (before, after) in sorted(changes.items()):
        if isinstance(after, bool):
            parts.append(f"{key} {before} -> {after}")
        else:
            added, removed = sorted(set(after) - set(before)), sorted(set(before) - set(after))
            parts.append(f"{key} +[{', '.join(added)}] -[{', '.join(removed)}]")
    return "; ".join(parts)
