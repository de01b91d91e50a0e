"""The read API's series (issue 30, sections 1 and 4): the public series, one page at a time; a series with the
tournaments it counts; and its ranking, the record of ``series SLUG ranking --format json``
(presenters.series_records: the same rows and figures). A hidden series is a 404, whoever asks (the API is the
public's view); a public series counts and names only public tournaments with public standings
(selectors.series.counted_tournaments). An answer of several tournaments has no one tournament's stamp: it is
cached under the site's (selectors.changes.site_stamp) and the day, as the series page (a MERS age factor changes
with the day), and answered by the fast path until the next change or midnight (operations.fast_public,
``site_wide``, marked in tournament/urls/api.py)."""

from datetime import date, datetime, time, timedelta

from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema

from tournament.models import Series
from tournament.presenters.series_records import series_detail, series_fields, series_record
from tournament.selectors.changes import site_stamp
from tournament.selectors.series import series_ranking, visible_series
from tournament.views.api import schemas
from tournament.views.api.base import ApiView, page_of, page_query, site_answer
from tournament.views.api.tournaments import PAGE_PARAMETERS
from tournament.views.params import date_param

SERIES_NOTE = (
    "Public data as JSON, the same for everybody (no login), cached under the site's change stamp: an ETag and "
    "`Cache-Control: public, max-age`, a 304 while nothing changed. A series that is not public: 404; a public "
    "series counts and names only public tournaments with public standings. Over the address's rate limit: 429."
)


def midnight(day: date) -> float:
    """The end of ``day`` here: an answer of today's ranking is kept no longer."""
    return datetime.combine(
        day + timedelta(days=1), time(), tzinfo=timezone.get_current_timezone()
    ).timestamp()


def api_series(slug: str) -> Series:
    """The series of the address as the public sees it: a 404 when it does not exist or is hidden."""
    series = visible_series(slug, manager=False)
    if series is None:
        raise Http404
    return series


class SeriesList(ApiView):
    @extend_schema(
        operation_id="series_list",
        responses=schemas.answers(schemas.SeriesPage),
        parameters=PAGE_PARAMETERS,
        summary="The public series, by name",
        description=SERIES_NOTE,
    )
    def get(self, request):
        query = page_query(request)
        path = reverse("api_series_list")

        def build():
            found = Series.objects.filter(is_public=True).order_by("name", "slug")
            rows = [
                series_fields(series) | {"url": reverse("api_series", args=[series.slug])} for series in found
            ]
            return page_of(path, rows, query)

        return site_answer(request, "series", site_stamp(), build, query=query)


class SeriesDetail(ApiView):
    @extend_schema(
        operation_id="series",
        responses=schemas.answers(schemas.SeriesDetail),
        summary="A series: its rule and the finished tournaments it counts today",
        description=SERIES_NOTE,
    )
    def get(self, request, series):
        found = api_series(series)
        today = timezone.localdate()
        return site_answer(
            request,
            f"series|{found.pk}|{today}",
            site_stamp(),
            lambda: (
                series_detail(series_ranking(found, today))
                | {"ranking": reverse("api_series_ranking", args=[found.slug])}
            ),
        )


class SeriesRanking(ApiView):
    @extend_schema(
        operation_id="series_ranking",
        responses=schemas.answers(schemas.SeriesRanking),
        parameters=[
            OpenApiParameter(
                "on", OpenApiTypes.DATE, description="as it stands on this day, YYYY-MM-DD (default today)"
            )
        ],
        summary="A series' ranking (as `series SLUG ranking --format json`)",
        description=SERIES_NOTE,
    )
    def get(self, request, series):
        found = api_series(series)
        on = date_param(request.GET, "on")
        day = on or timezone.localdate()
        return site_answer(
            request,
            f"series-ranking|{found.pk}|{day}",
            site_stamp(),
            lambda: series_record(series_ranking(found, day)),
            query={"on": on and on.isoformat()},
            until=midnight(timezone.localdate()),
        )
