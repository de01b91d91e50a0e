"""The organiser's list of registered players: every registration with its rank in the standings now, found by a
search that ignores case and accents (tournament.display.names.folded) in the name, key, EMA number, club, country,
team and categories."""

from tournament import selectors
from tournament.display.names import folded, listed_name, name_sort_key, rank_label
from tournament.models import Tournament

STATUS_ORDER = {"active": 0, "reserve": 1, "disqualified": 2, "withdrawn": 3}


def player_rows(tournament: Tournament, query: str = "") -> list[dict]:
    standings = selectors.standings(tournament)
    ranks = {row.player: (row.rank, row.tied) for row in standings.rows}
    wanted = folded(query.strip())
    rows = []
    for info in standings.players.values():
        name = listed_name(info.last_name, info.first_name)
        if wanted and not any(
            wanted in folded(text or "")
            for text in (
                name,
                info.name,
                info.key,
                info.ema_id,
                info.club,
                info.country,
                info.team,
                *info.categories,
            )
        ):
            continue
        rank, tied = ranks.get(info.registration_id, (None, False))
        rows.append(
            {
                "key": info.key,
                "name": name,
                "full_name": info.name,
                "sort_name": name_sort_key(info.last_name, info.first_name),
                "ema_id": info.ema_id,
                "country": info.country,
                "club": info.club,
                "team": info.team,
                "categories": "; ".join(info.categories),
                "status": info.status,
                "status_order": STATUS_ORDER.get(info.status, 4),
                "rank": rank_label(rank, tied) if rank is not None else None,
                "rank_order": rank if rank is not None else 10**6,
            }
        )
    return rows
