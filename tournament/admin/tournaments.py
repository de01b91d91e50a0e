"""Tournaments and their roles in the admin, saved and deleted through services.tournaments (a delete takes a
snapshot of the database first)."""

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext_lazy

from tournament.admin.base import ServiceAdmin
from tournament.models import Tournament, TournamentRole
from tournament.services import DomainError, tournaments
from tournament.services.snapshots import snapshot_before

RULE_FIELDS = ("ruleset", "ruleset_overrides")
# The side rankings' settings: shown here, changed on the settings page (services.tournaments.set_rankings).
RANKING_FIELDS = ("tie_breaks", "team_best", "country_best", "club_best", "shown_groups", "shown_categories")


class RoleInline(admin.TabularInline):
    """Grants and revokes go through services.tournaments.grant_role / revoke_role (TournamentAdmin.save_formset)."""

    model = TournamentRole
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(ServiceAdmin):
    list_display = ("name", "slug", "city", "country", "start_date", "ruleset")
    search_fields = ("name", "slug", "city")
    inlines = [RoleInline]

    def get_readonly_fields(self, request, obj=None):
        """The short address is the tournament's identity in every URL and archive: set once. The rankings'
        settings are the settings page's (RANKING_FIELDS)."""
        return ("slug", *RANKING_FIELDS) if obj is not None else RANKING_FIELDS

    def get_changeform_initial_data(self, request):
        """A new tournament is a draft here too, as on /organise/new/ (services.setup): unticked unless chosen."""
        return {"is_public": False, **super().get_changeform_initial_data(request)}

    def get_form(self, request, obj=None, change=False, **kwargs):
        """The rules are frozen once a result exists (as services.tournaments.set_ruleset decides): shown, not
        editable. Disabled rather than read-only, so the rules check in Tournament.clean() has its field."""
        form_class = super().get_form(request, obj, change=change, **kwargs)
        if obj is not None and obj.has_results():
            for name in RULE_FIELDS:
                if name in form_class.base_fields:
                    form_class.base_fields[name].disabled = True
                    form_class.base_fields[name].help_text = FROZEN_HELP
        return form_class

    def save_model(self, request, obj, form, change):
        data = form.cleaned_data
        if not change:
            created = tournaments.create_tournament(
                actor=request.user,
                slug=data["slug"],
                name=data["name"],
                ruleset=data["ruleset"],
                ruleset_overrides=data["ruleset_overrides"],
                **{key: data[key] for key in tournaments.DETAIL_FIELDS if key in data and key != "name"},
            )
            _take_over(obj, created)
            return
        # a disabled JSON field can still count as changed (forms.JSONField.has_changed): leave disabled ones out
        changed = [name for name in form.changed_data if not form.fields[name].disabled]
        _refuse_unknown_changes(obj, changed)
        details = {name: data[name] for name in changed if name in tournaments.DETAIL_FIELDS}
        if details:
            tournaments.update_tournament(actor=request.user, tournament=obj, **details)
        if set(RULE_FIELDS) & set(changed):
            tournaments.set_ruleset(
                actor=request.user,
                tournament=obj,
                ruleset=data["ruleset"],
                overrides=data["ruleset_overrides"],
            )

    def delete_model(self, request, obj):
        tournaments.delete_tournament(actor=request.user, tournament=obj)

    def delete_queryset(self, request, queryset):
        for tournament in queryset:
            tournaments.delete_tournament(actor=request.user, tournament=tournament)

    def delete_view(self, request, object_id, extra_context=None):
        """A confirmed delete takes its snapshot before the admin's own transaction (services.snapshots; the
        service's delete inside takes no second one); a snapshot that cannot be written refuses the delete."""
        tournament = self.get_object(request, unquote(object_id)) if request.method == "POST" else None
        if tournament is None or not self._deletable(request, tournament):
            return super().delete_view(request, object_id, extra_context)
        try:
            with snapshot_before(tournaments.deletion_reason(tournament)):
                return super().delete_view(request, object_id, extra_context)
        except DomainError as refusal:
            self.message_user(request, refusal.message, messages.ERROR)
            return HttpResponseRedirect(reverse("admin:tournament_tournament_change", args=[tournament.pk]))

    def _deletable(self, request, tournament: Tournament) -> bool:
        """What the admin's delete view checks before it deletes (rows it may not delete, protected ones)."""
        if not self.has_delete_permission(request, tournament):
            return False
        _objects, _counts, perms_needed, protected = self.get_deleted_objects([tournament], request)
        return not perms_needed and not protected

    def get_actions(self, request):
        """'Delete selected' shows a refused snapshot as a message (it runs outside the admin's transaction)."""
        actions = super().get_actions(request)
        if "delete_selected" in actions:
            function, name, description = actions["delete_selected"]
            actions["delete_selected"] = (_refusal_as_message(function), name, description)
        return actions

    def save_formset(self, request, form, formset, change):
        if formset.model is not TournamentRole:
            raise NotImplementedError(f"{formset.model.__name__} needs a service")
        save_roles(request.user, form.instance, formset)


def _refusal_as_message(action):
    def refusing(modeladmin, request, queryset):
        try:
            return action(modeladmin, request, queryset)
        except DomainError as refusal:
            modeladmin.message_user(request, refusal.message, messages.ERROR)
            return None

    return refusing


FROZEN_HELP = gettext_lazy("Frozen: results have been entered (the rules cannot change any more).")


def _take_over(obj: Tournament, created: Tournament) -> None:
    """The admin goes on with the form's instance (the roles, the redirect): make it the created row."""
    obj.pk, obj.created_at = created.pk, created.created_at
    obj._state.adding, obj._state.db = False, created._state.db


def _refuse_unknown_changes(obj: Tournament, changed: list[str]) -> None:
    unknown = set(changed) - set(tournaments.DETAIL_FIELDS) - set(RULE_FIELDS)
    if unknown:
        raise DomainError.coded("admin_read_only", tournament=obj, fields=", ".join(sorted(unknown)))


def save_roles(actor, tournament: Tournament, formset) -> None:
    """Revokes first (a changed row is the old role revoked and the new one granted), then grants."""
    formset.save(commit=False)
    for role in formset.deleted_objects:
        tournaments.revoke_role(actor=actor, tournament=tournament, user=role.user, role=role.role)
    for role, _fields in formset.changed_objects:
        before = TournamentRole.objects.select_related("user").get(pk=role.pk)
        tournaments.revoke_role(actor=actor, tournament=tournament, user=before.user, role=before.role)
        tournaments.grant_role(actor=actor, tournament=tournament, user=role.user, role=role.role)
    for role in formset.new_objects:
        tournaments.grant_role(actor=actor, tournament=tournament, user=role.user, role=role.role)
