"""The read API's person (issue 30, sections 2 and 4): by EMA number, their history as their public page shows it
(views/public/people.py, selectors.history) and their statistics over the tournaments the public sees with their
standings (selectors.statistics.person_statistics). A person with no public tournament is a 404, as their page: the
API never names someone who played hidden tournaments only. Several tournaments: cached under the site's stamp and
the day (a series' MERS score changes with it), on the fast path as the page (``site_wide`` in the URLs)."""

from django.http import Http404
from django.utils import timezone
from drf_spectacular.utils import extend_schema

from tournament.models import Player
from tournament.presenters.api import person_record
from tournament.selectors.changes import site_stamp
from tournament.selectors.history import person_history
from tournament.selectors.statistics import person_statistics
from tournament.selectors.visibility import PUBLIC
from tournament.views.api import schemas
from tournament.views.api.base import ApiView, site_answer
from tournament.views.api.series import midnight


class Person(ApiView):
    @extend_schema(
        operation_id="person",
        responses=schemas.answers(schemas.Person),
        summary="A person by EMA number: their tournaments, series places and statistics",
        description="As their public history page: only public tournaments (none: 404), figures only where the "
        "final standings are public, the public series they are ranked in. Cached under the site's change stamp.",
    )
    def get(self, request, ema_id):
        found = Player.objects.filter(ema_id=ema_id).first()
        if found is None:
            raise Http404
        history = person_history(found)
        if not history.lines:
            raise Http404
        today = timezone.localdate()
        return site_answer(
            request,
            f"person|{found.pk}|{today}",
            site_stamp(),
            lambda: person_record(history, person_statistics(found.ema_id, reader=PUBLIC)),
            until=midnight(today),
        )
