"""Players, registrations and sessions in the admin: the fields a service changes go through it, the rest is
read-only (players are registered through the player list import, sessions come with the seating)."""

from django.contrib import admin

from tournament.admin.base import ServiceAdmin
from tournament.models import Player, Registration, Session
from tournament.services import players, seating


@admin.register(Player)
class PlayerAdmin(ServiceAdmin):
    list_display = ("last_name", "first_name", "ema_id", "country")
    search_fields = ("last_name", "first_name", "ema_id")
    fields = ("first_name", "last_name", "ema_id", "country")

    def has_add_permission(self, request):
        return False

    def save_model(self, request, obj, form, change):
        data = form.cleaned_data
        players.update_person(
            actor=request.user,
            player=obj,
            first_name=data["first_name"],
            last_name=data["last_name"],
            ema_id=data["ema_id"],
            country=data["country"],
        )


@admin.register(Registration)
class RegistrationAdmin(ServiceAdmin):
    list_display = ("player", "tournament", "key", "club", "status")
    list_filter = ("tournament", "status")
    search_fields = ("player__last_name", "player__first_name", "key")
    fields = ("tournament", "player", "key", "club", "status")
    readonly_fields = ("tournament", "player", "key", "club")

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False  # a player who stops is withdrawn (the status), the results keep their seat

    def save_model(self, request, obj, form, change):
        if "status" in form.changed_data:
            players.set_status(actor=request.user, registration=obj, status=form.cleaned_data["status"])


@admin.register(Session)
class SessionAdmin(ServiceAdmin):
    list_display = ("tournament", "number", "starts_at", "duration_minutes", "seating_published")
    list_filter = ("tournament",)
    fields = ("tournament", "number", "starts_at", "duration_minutes", "seating_published")
    readonly_fields = ("tournament", "number", "starts_at", "duration_minutes")

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        if "seating_published" in form.changed_data:
            seating.publish_seating(
                actor=request.user,
                tournament=obj.tournament,
                numbers=[obj.number],
                published=form.cleaned_data["seating_published"],
            )
