"""Django admin for what the product pages do not cover yet. Changes to results and penalties go through the
services (the admin shows them read-only), so the audit log and the versioning stay complete."""

from django.contrib import admin

from tournament.models import (
    AuditEntry,
    Penalty,
    Player,
    Registration,
    Seat,
    SeatResult,
    Session,
    Table,
    TableResult,
    Tournament,
    TournamentRole,
)
from tournament.services import audit


class AuditedAdmin(admin.ModelAdmin):
    """Admin edits are changes by a person too: each save and delete gets an entry in Tenbou's audit log."""

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        action = "admin.change" if change else "admin.add"
        fields = sorted(form.changed_data)
        audit.record(
            actor=request.user,
            tournament=_tournament_of(obj),
            action=action,
            summary=f"{obj._meta.verbose_name} {obj}: {', '.join(fields) or 'saved'}",
            data={"model": obj._meta.label, "pk": obj.pk, "fields": fields},
        )

    def delete_model(self, request, obj):
        audit.record(
            actor=request.user,
            tournament=_tournament_of(obj),
            action="admin.delete",
            summary=f"{obj._meta.verbose_name} {obj} deleted",
            data={"model": obj._meta.label, "pk": obj.pk},
        )
        super().delete_model(request, obj)


def _tournament_of(obj):
    if isinstance(obj, Tournament):
        return obj
    return getattr(obj, "tournament", None)


class RoleInline(admin.TabularInline):
    model = TournamentRole
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(AuditedAdmin):
    list_display = ("name", "slug", "city", "country", "start_date", "ruleset")
    search_fields = ("name", "slug", "city")
    inlines = [RoleInline]

    def get_readonly_fields(self, request, obj=None):
        """The rules are frozen once a result exists (the same rule as services.tournaments.set_ruleset)."""
        if obj is not None and obj.has_results():
            return ("ruleset", "ruleset_overrides")
        return ()


@admin.register(Player)
class PlayerAdmin(AuditedAdmin):
    list_display = ("last_name", "first_name", "ema_id", "country")
    search_fields = ("last_name", "first_name", "ema_id")


@admin.register(Registration)
class RegistrationAdmin(AuditedAdmin):
    list_display = ("player", "tournament", "key", "club", "status")
    list_filter = ("tournament", "status")
    search_fields = ("player__last_name", "player__first_name", "key")


@admin.register(Session)
class SessionAdmin(AuditedAdmin):
    list_display = ("tournament", "number", "starts_at", "duration_minutes", "seating_published")
    list_filter = ("tournament",)


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SeatResultInline(admin.TabularInline):
    model = SeatResult
    extra = 0
    can_delete = False
    readonly_fields = ("seat", "raw_score", "substitute", "substitute_name")

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(TableResult)
class TableResultAdmin(ReadOnlyAdmin):
    list_display = ("table", "version", "is_current", "entered_by_label", "entered_at")
    list_filter = ("table__session__tournament", "is_current")
    inlines = [SeatResultInline]


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    list_display = (
        "registration",
        "session",
        "kind",
        "minutes",
        "points",
        "reason",
        "cancelled",
        "created_by_label",
    )
    list_filter = ("session__tournament", "kind", "cancelled")


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "tournament", "actor_label", "action", "summary")
    list_filter = ("tournament", "action")
    search_fields = ("summary", "actor_label")


admin.site.register(Table, ReadOnlyAdmin)
admin.site.register(Seat, ReadOnlyAdmin)
