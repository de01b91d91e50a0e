"""Database steps of the HTTP load benchmark, run in the server's environment (bench/http_load.py starts them):

    python bench/_http_db.py referees SLUG COUNT PASSWORD [PREFIX]
                                                            create COUNT referee logins for the tournament
                                                            (PREFIX01, PREFIX02, ...; default ref01, ref02, ...)
    python bench/_http_db.py verify SLUG FILE                check every accepted submission key (JSON list in FILE)
    python bench/_http_db.py series SLUG T1,T2,...           a MERS series of those tournaments (bench/many_events.py)

``verify`` prints JSON: accepted keys, rows found for them, lost (no row), duplicated (more than one row), the rows
written during the run whose answer never reached the client, and the versions written in all.
"""

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _setup() -> None:
    import django

    django.setup()


def referees(slug: str, count: int, password: str, prefix: str = "ref") -> None:
    from django.contrib.auth import get_user_model

    from tournament.models import Tournament
    from tournament.services import tournaments

    tournament = Tournament.objects.get(slug=slug)
    for number in range(1, count + 1):
        user = get_user_model().objects.create_user(username=f"{prefix}{number:02d}", password=password)
        tournaments.grant_role(actor=None, tournament=tournament, user=user, role="referee")


def verify(slug: str, path: str) -> None:
    from tournament.models import TableResult

    accepted = json.loads(Path(path).read_text())
    rows = TableResult.objects.filter(table__session__tournament__slug=slug, submission_key__isnull=False)
    by_key = Counter(rows.values_list("submission_key", flat=True))
    answered = set(accepted)
    report = {
        "accepted": len(answered),
        "rows_for_accepted": sum(by_key[key] for key in answered),
        "lost": sum(1 for key in answered if by_key[key] == 0),
        "duplicated": sum(1 for key in answered if by_key[key] > 1),
        "unanswered_rows": sum(count for key, count in by_key.items() if key not in answered),
        "versions": rows.count(),
    }
    print(json.dumps(report))


def series(slug: str, tournaments: str) -> None:
    from tournament.models import Tournament
    from tournament.services.series import add_tournaments, create_series

    found = [Tournament.objects.get(slug=one) for one in tournaments.split(",")]
    created = create_series(actor=None, slug=slug, name="Bench league", rule="mers")
    add_tournaments(actor=None, series=created, tournaments=found)


if __name__ == "__main__":
    _setup()
    command, *rest = sys.argv[1:]
    if command == "referees":
        referees(rest[0], int(rest[1]), *rest[2:4])
    elif command == "verify":
        verify(rest[0], rest[1])
    elif command == "series":
        series(rest[0], rest[1])
    else:
        raise SystemExit(f"unknown command {command!r}")
