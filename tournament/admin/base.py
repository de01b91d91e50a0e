"""The admin is not a second write path: a ServiceAdmin saves through ``tournament.services`` (the same checks and
audit entries as the pages and commands) and shows a refusal as a form error; fields without a service are
read-only. Deletes, one at a time or with the "delete selected" action, are written to Tenbou's audit log."""

from django.contrib import admin
from django.utils.translation import gettext as _

from tournament.models import Tournament
from tournament.services import DomainError, audit


class ServiceAdmin(admin.ModelAdmin):
    """Subclasses implement ``save_model`` with service calls. A DomainError from a service rolls back the whole
    save (the admin's view runs in one transaction) and the form is shown again with the refusal on it."""

    def save_model(self, request, obj, form, change):
        raise NotImplementedError(f"{type(self).__name__} must save through a service")

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except DomainError as refusal:
            if request.method != "POST":
                raise
            request.tenbou_refusal = refusal  # the second pass writes nothing: its form is invalid
            return super().changeform_view(request, object_id, form_url, extra_context)

    def get_form(self, request, obj=None, change=False, **kwargs):
        form_class = super().get_form(request, obj, change=change, **kwargs)
        refusal = getattr(request, "tenbou_refusal", None)
        if refusal is None:
            return form_class
        return _refused_form(form_class, refusal)

    def delete_model(self, request, obj):
        record_delete(request, obj)
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        for obj in queryset:
            record_delete(request, obj)
        super().delete_queryset(request, queryset)


def _refused_form(form_class, refusal: DomainError):
    class RefusedForm(form_class):
        def clean(self):
            cleaned = super().clean()
            self.add_error(None, refusal.message)
            return cleaned

    RefusedForm.__name__ = form_class.__name__
    return RefusedForm


def record_delete(request, obj) -> None:
    audit.record(
        actor=request.user,
        tournament=tournament_of(obj),
        action="admin.delete",
        summary=_("%(model)s %(object)s deleted in the admin")
        % {"model": obj._meta.verbose_name, "object": obj},
        data={"model": obj._meta.label, "pk": obj.pk, "object": str(obj)},
    )


def tournament_of(obj) -> Tournament | None:
    if isinstance(obj, Tournament):
        return obj
    return getattr(obj, "tournament", None)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows written only by the product's pages and commands (results, penalties, seating, the audit log)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
