import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.errors import ScoringError
from scoring.hands import GameResult, parse_log, score_game
from scoring.hands.log import SEATS
from scoring.ruleset import DEFAULT_PRESET, PRESETS, build_ruleset


class Command(BaseCommand):
    help = (
        "Replay a hand log (JSON, seats named by their wind at the start of the game) and print the running "
        "scores after each hand and the final raw points by seat."
    )
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE.json")
        parser.add_argument("--ruleset", default=DEFAULT_PRESET, choices=list(PRESETS))
        parser.add_argument("--format", choices=["text", "json"], default="text")

    def handle(self, *args, file, ruleset, format, **options):
        data = _read(file)
        try:
            result = score_game(build_ruleset(ruleset), parse_log(data))
        except ScoringError as error:
            raise CommandError(f"{file}: {error.message}") from error
        if format == "json":
            self.stdout.write(json.dumps(game_json(ruleset, result), indent=2))
        else:
            self.stdout.write(game_text(result))


def _read(file: str):
    try:
        return json.loads(Path(file).read_text(encoding="utf-8"))
    except OSError as error:
        raise CommandError(f"{file}: cannot read the file ({error.strerror})") from error
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CommandError(f"{file}: not a JSON file ({error})") from error


def _by_seat(values) -> dict:
    return dict(zip(SEATS, values, strict=True))


def game_json(ruleset: str, result: GameResult) -> dict:
    hands = [
        {
            "hand": hand.hand.number,
            "round": hand.before.round_name,
            "dealer": SEATS[hand.before.dealer],
            "counters": hand.before.counters,
            "result": hand.description,
            "points": _by_seat(hand.deltas),
            "scores": _by_seat(hand.after.scores),
            "sticks_on_table": hand.after.sticks,
        }
        for hand in result.hands
    ]
    return {
        "ruleset": ruleset,
        "hands": hands,
        "finished": result.finished,
        "ended_by": result.ended_by,
        "leftover_bets": _by_seat(result.leftover),
        "sticks_left": result.sticks_left,
        "final": result.final_by_seat(),
        "chombos": [{"hand": number, "seat": seat} for number, seat in result.chombos],
    }


def game_text(result: GameResult) -> str:
    lines = [f"{'hand':>4}  {'round':<5} {'ctr':>3}  " + "".join(f"{s:>9}" for s in SEATS) + "  result"]
    for hand in result.hands:
        scores = "".join(f"{score:>9,}" for score in hand.after.scores)
        sticks = f" [{hand.after.sticks} on table]" if hand.after.sticks else ""
        lines.append(
            f"{hand.hand.number:>4}  {hand.before.round_name:<5} {hand.before.counters:>3}  {scores}  "
            f"{hand.description}{sticks}"
        )
    lines.append(_ending(result))
    lines.append(
        "final raw points: "
        + "  ".join(f"{seat} {score:,}" for seat, score in result.final_by_seat().items())
    )
    lines += [f"chombo by {seat} in hand {number}" for number, seat in result.chombos]
    return "\n".join(lines) + "\n"


def _ending(result: GameResult) -> str:
    if not result.finished:
        return f"game not finished: {result.sticks_left} riichi stick(s) on the table"
    how = "end of the south round (3.5)" if result.ended_by == "south_round" else "time signal (5.9)"
    extra = ", ".join(f"{seat} +{points:,}" for seat, points in _by_seat(result.leftover).items() if points)
    return f"game over: {how}" + (f"; leftover riichi bets {extra} (3.6)" if extra else "")
