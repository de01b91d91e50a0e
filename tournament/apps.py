from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.contrib.auth.signals import user_login_failed

        from tournament.logs import refusals

        user_login_failed.connect(refusals.login_failed, dispatch_uid="tenbou.refused.login_failed")
