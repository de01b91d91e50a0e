"""The audit log's filter form: session, table, player and the person who made the change."""

from django import forms
from django.utils.translation import gettext_lazy

from scoring.limits import MAX_TABLES
from tournament.display.actors import shown
from tournament.display.names import listed_name, name_sort_key
from tournament.models import Tournament
from tournament.selectors.audit import LogFilter, people
from tournament.selectors.players import player_infos

ANY = ("", gettext_lazy("any"))


class LogFilterForm(forms.Form):
    session = forms.TypedChoiceField(
        label=gettext_lazy("Session"), coerce=int, required=False, empty_value=None
    )
    table = forms.IntegerField(label=gettext_lazy("Table"), min_value=1, max_value=MAX_TABLES, required=False)
    player = forms.ChoiceField(label=gettext_lazy("Player"), required=False)
    person = forms.ChoiceField(label=gettext_lazy("Changed by"), required=False)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        numbers = tournament.sessions.order_by("number").values_list("number", flat=True)
        self.fields["session"].choices = [ANY, *((n, n) for n in numbers)]
        infos = sorted(
            player_infos(tournament).values(), key=lambda i: name_sort_key(i.last_name, i.first_name)
        )
        self.fields["player"].choices = [
            ANY,
            *((i.key, listed_name(i.last_name, i.first_name)) for i in infos),
        ]
        self.fields["person"].choices = [ANY, *((label, shown(label)) for label in people(tournament))]

    def wanted(self) -> LogFilter:
        if not self.is_valid():
            return LogFilter()
        data = self.cleaned_data
        return LogFilter(data["session"], data["table"], data["player"] or None, data["person"] or None)
