"""A series' public pages (docs/organisers.md, "Series"): the ranking with its tournaments and the rule explained,
each person's calculation, and the ranking's CSV and workbook. A hidden series is a 404 but to those who manage
series (selectors.creators); its page is never kept for others. The pages of a public series are the same for
every reader: rendered once per change of the site (selectors.changes.site_stamp), the day and the language, with
the public pages' ETag, 304 and Cache-Control (operations.caching), and answered by the fast path until the next
change or midnight (operations.fast_public, ``site_wide``)."""

from datetime import datetime, time, timedelta

from django.http import Http404
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import get_language

from tournament.exporters.catalogue import ExportRequestError, build_series_exporter
from tournament.operations.caching import Version, address_key, answer, digest, remember_address
from tournament.operations.fast_public import SITE_PK, site_wide
from tournament.presenters.series import calculation, labels, ranking_rows, score_text
from tournament.selectors.changes import site_stamp
from tournament.selectors.creators import can_create_tournaments
from tournament.selectors.series import series_ranking, visible_series
from tournament.selectors.visibility import series_open_to_everybody
from tournament.views.downloads import download
from tournament.views.public.live import LANGUAGE_FROM

EXPORTS = ("series-ranking-csv", "series-ranking-xlsx")


def _series(request, slug):
    manager = can_create_tournaments(request.user)
    series = visible_series(slug, manager=manager)
    if series is None:
        raise Http404("no such series")
    return series


def cached_page(request, name: str, template: str, build) -> object:
    """``template`` with the context ``build()`` makes, as a public page: one rendering per site change, day and
    language for every reader without a login (shared), the reader's own otherwise."""
    stamp = site_stamp()
    today = timezone.localdate()
    version = Version(
        key=digest(name, stamp.token, today, get_language(), request.get_full_path()),
        last_modified=int(stamp.at.timestamp()) if stamp.at else None,
        shared=not request.user.is_authenticated and not request.META.get("QUERY_STRING"),
    )

    def render(etag: str) -> bytes:
        return render_to_string(template, build(), request).encode()

    response = answer(request, version, render, vary=LANGUAGE_FROM)
    tomorrow = datetime.combine(today + timedelta(days=1), time(), tzinfo=timezone.get_current_timezone())
    address = address_key(request, SITE_PK, get_language())
    until = tomorrow.timestamp()
    remember_address(request, address, version, stamp=stamp.token, vary=LANGUAGE_FROM, until=until)
    return response


@site_wide
def series_page(request, series):
    found = _series(request, series)
    request.staff_page = not series_open_to_everybody(found)

    def build():
        ranking = series_ranking(found)
        return {
            "series": found,
            "ranking": ranking,
            "rows": ranking_rows(ranking),
            "exports": EXPORTS,
            "unranked": len(ranking.unranked),
        }

    return cached_page(request, f"series:{found.pk}", "public/series.html", build)


@site_wide
def series_player(request, series, ema_id):
    found = _series(request, series)
    request.staff_page = not series_open_to_everybody(found)

    def build():
        ranking = series_ranking(found)
        row = ranking.person(ema_id)
        if row is None:
            raise Http404("not in this series")
        return {
            "series": found,
            "ranking": ranking,
            "row": row,
            "score": score_text(ranking, row.score),
            "calculation": calculation(ranking, row),
            "labels": labels(),
        }

    return cached_page(request, f"series-player:{found.pk}:{ema_id}", "public/series_player.html", build)


def series_export(request, series, identifier):
    found = _series(request, series)
    request.staff_page = not series_open_to_everybody(found)
    try:
        return download(build_series_exporter(identifier, found))
    except ExportRequestError as error:
        raise Http404(str(error)) from None
