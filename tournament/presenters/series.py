"""A series' ranking as its pages show it (templates/public/series*.html): each row's figures in the reader's
language (display.numbers), a shared rank "2=", the addresses of a person's calculation and history, and the
calculation written out as mahjong-portal shows it (each result's base rank x weight x age factor)."""

from collections import Counter
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.series import MERS
from tournament.display import numbers
from tournament.display.names import rank_label
from tournament.selectors.series import SeriesLine, SeriesRanking, SeriesRow

HALF = "0.5"  # the score is half of part A and half of part B (scoring.mers.mers_score)


def score_text(ranking: SeriesRanking, value: Decimal) -> str:
    """MERS: two decimals (504.95); a sum or an average of totals: points as the standings show them (+12.5), an
    average to the whole point."""
    if ranking.series.rule == MERS:
        return numbers.decimal(value)
    return numbers.points(int(value.to_integral_value(rounding=ROUND_HALF_UP)))


def ranking_rows(ranking: SeriesRanking) -> list[dict]:
    ranks = Counter(row.rank for row in ranking.rows)
    return [
        {
            "rank": rank_label(row.rank, ranks[row.rank] > 1),
            "name": row.name,
            "country": row.country,
            "ema_id": row.ema_id,
            "score": score_text(ranking, row.score),
            "counted": row.counted,
            "results": len(row.lines),
            "url": reverse("series_player", args=[ranking.series.slug, row.ema_id]),
        }
        for row in ranking.rows
    ]


def factor_text(value: Fraction | Decimal | None) -> str:
    """A weight or an age factor without trailing zeros: 2, 1.5, 0.5 (1,5 and 0,5 in Dutch)."""
    if value is None:
        return ""
    if isinstance(value, Fraction):
        value = Decimal(value.numerator) / Decimal(value.denominator)
    text = numbers.decimal(value).rstrip("0")
    return text if text[-1].isdigit() else text[:-1]


def calculation(ranking: SeriesRanking, row: SeriesRow) -> dict:
    """The person's lines and, for MERS, part A and part B written out."""
    lines = [_line(line) for line in row.lines]
    result = {"lines": lines, "score": score_text(ranking, row.score), "counted": row.counted}
    if ranking.series.rule == MERS:
        half = factor_text(Decimal(HALF))
        result |= {
            "part_a": numbers.decimal(row.part_a),
            "part_b": numbers.decimal(row.part_b),
            "formula_a": _formula([x for x in row.lines if x.counted], row.padding_a, row.part_a),
            "formula_b": _formula([x for x in row.lines if x.in_part_b], row.padding_b, row.part_b),
            "formula_score": f"{half} × {numbers.decimal(row.part_a)} + {half} × {numbers.decimal(row.part_b)} = "
            f"{numbers.decimal(row.score)}",
        }
    return result


def _line(line: SeriesLine) -> dict:
    return {
        "tournament": line.tournament.name,
        "slug": line.tournament.slug,
        "last_day": line.tournament.last_day,
        "place": line.place,
        "players": line.tournament.players,
        "total": numbers.points(line.total),
        "base_rank": line.base_rank,
        "weight": factor_text(line.tournament.weight),
        "age": "" if line.age_factor is None else f"{int(line.age_factor * 100)} %",
        "counted": line.counted,
        "in_part_b": line.in_part_b,
    }


def _formula(lines: list[SeriesLine], padding: int, value: Decimal) -> str:
    """ "(1000 × 2 × 1 + 333 × 1 × 0.5 + 0 + 0) / (2 × 1 + 1 × 0.5 + 1 + 1) = 454.45"."""
    tops = [
        f"{x.base_rank} × {factor_text(x.tournament.weight)} × {factor_text(x.age_factor)}" for x in lines
    ]
    bottoms = [f"{factor_text(x.tournament.weight)} × {factor_text(x.age_factor)}" for x in lines]
    tops += ["0"] * padding
    bottoms += ["1"] * padding
    return f"({' + '.join(tops)}) / ({' + '.join(bottoms)}) = {numbers.decimal(value)}"


def labels() -> dict:
    """The column names a phone shows beside each figure (the tables' data-label)."""
    return {
        "place": _("Place"),
        "players": _("Players"),
        "total": _("Total"),
        "base_rank": _("Base rank"),
        "weight": _("Weight"),
        "age": _("Age factor"),
        "counted": _("Counted"),
    }


def history_context(history) -> dict:
    """A person's history page (selectors.history) with the figures in the reader's language."""
    return {
        "labels": labels(),
        "person": history.player,
        "lines": [
            line._asdict() | {"total_text": "" if line.total is None else numbers.points(line.total)}
            for line in history.lines
        ],
        "series_places": [
            {
                "slug": place.slug,
                "name": place.name,
                "rank": place.rank,
                "score": numbers.decimal(place.score)
                if place.rule == MERS
                else numbers.points(int(place.score)),
            }
            for place in history.series
        ],
    }
