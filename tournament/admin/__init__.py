"""Django admin for what the product pages do not cover yet. It is not a second write path: every save goes
through the same service as the pages and commands (base.ServiceAdmin), fields without a service are read-only,
results, penalties and seating are shown read-only, and deletes and user privileges are audited too."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from tournament.admin import people, tournaments, users  # noqa: F401 - registers the model admins
from tournament.admin.base import ReadOnlyAdmin
from tournament.display.audit_words import describe
from tournament.models import AuditEntry, Penalty, Seat, SeatResult, Table, TableResult


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
    list_display = ("created_at", "tournament", "actor_label", "action", "what")
    list_filter = ("tournament", "action")
    search_fields = ("summary", "actor_label")

    @admin.display(description=_("What"))
    def what(self, entry: AuditEntry) -> str:
        return describe(entry)


admin.site.register(Table, ReadOnlyAdmin)
admin.site.register(Seat, ReadOnlyAdmin)
