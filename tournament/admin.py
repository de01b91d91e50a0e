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


class RoleInline(admin.TabularInline):
    model = TournamentRole
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "city", "country", "start_date", "ruleset")
    search_fields = ("name", "slug", "city")
    inlines = [RoleInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("last_name", "first_name", "ema_id", "country")
    search_fields = ("last_name", "first_name", "ema_id")


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ("player", "tournament", "key", "club", "status")
    list_filter = ("tournament", "status")
    search_fields = ("player__last_name", "player__first_name", "key")


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
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
