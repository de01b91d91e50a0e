"""A cut after session N and who went through to the final (docs/organisers.md, "Finals and cuts"). Written only
by tournament.services.finals; the final ranking is computed from it when asked (scoring.finals), never stored."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.finals import CLEARED, HALVED, KEPT
from scoring.standings import CONSOLATION, FINAL
from tournament.models.people import Registration
from tournament.models.tournaments import Tournament

CARRY_CHOICES = [(KEPT, _("kept")), (HALVED, _("halved")), (CLEARED, _("cleared"))]
GROUP_CHOICES = [(FINAL, _("final")), (CONSOLATION, _("consolation group"))]


class Cut(models.Model):
    """The top ``top`` after session ``after_session`` play ``sessions`` final sessions, their totals carried
    over as ``carry`` says; with ``consolation`` the rest play on in a consolation group."""

    tournament = models.OneToOneField(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="cut"
    )
    after_session = models.PositiveSmallIntegerField(_("after session"))
    top = models.PositiveSmallIntegerField(_("top"))
    carry = models.CharField(_("carry-over"), max_length=10, choices=CARRY_CHOICES)
    sessions = models.PositiveSmallIntegerField(_("final sessions"), default=1)
    consolation = models.BooleanField(_("consolation group"), default=False)
    # The session numbers the cut created (undoing the cut removes them; sessions that existed lose their seating)
    created = models.JSONField(_("sessions created"), default=list, blank=True)

    class Meta:
        verbose_name = _("cut")
        verbose_name_plural = _("cuts")

    def __str__(self) -> str:
        return f"{self.tournament}: top {self.top} after session {self.after_session}"


class CutPlace(models.Model):
    """A player who plays on after the cut: in the final or the consolation group, their place at the cut and how
    they went through (on their total, by a tie-break's name, or by the organiser's decision)."""

    cut = models.ForeignKey(Cut, verbose_name=_("cut"), on_delete=models.CASCADE, related_name="places")
    registration = models.ForeignKey(
        Registration, verbose_name=_("player"), on_delete=models.CASCADE, related_name="cut_places"
    )
    group = models.CharField(_("group"), max_length=12, choices=GROUP_CHOICES)
    place = models.PositiveSmallIntegerField(_("place at the cut"))
    how = models.CharField(_("how"), max_length=20, blank=True)

    class Meta:
        ordering = ["place"]
        constraints = [
            models.UniqueConstraint(fields=["cut", "registration"], name="one_cut_place_per_player")
        ]
        verbose_name = _("place at the cut")
        verbose_name_plural = _("places at the cut")

    def __str__(self) -> str:
        return f"{self.registration} ({self.group})"
