"""The exporter registry and base class. Like a printed document (tournament.printing.documents.Document), an
exporter declares on its class the options it takes and whether the public may download it; the constructor
refuses any other option, so the views and the commands accept exactly the same things."""

from typing import ClassVar

_REGISTRY: dict[str, type["Exporter"]] = {}


class ExportRequestError(ValueError):
    """An unknown exporter or an option it does not take; the message says which."""


class Exporter:
    identifier: ClassVar[str]
    name: ClassVar[str]
    extension: ClassVar[str]
    content_type: ClassVar[str]
    options: ClassVar[tuple[str, ...]] = ()
    # Standings are on the public pages already; everything else (archive, EMA file, raw points) is for organisers.
    public: ClassVar[bool] = False
    # What it exports: a tournament (the export page and the export command), or a series (its own pages).
    subject: ClassVar[str] = "tournament"

    def __init__(self, tournament, **given):
        """``given``: the options asked for; None and False mean "not given"."""
        given = {key: value for key, value in given.items() if value not in (None, False)}
        refused = sorted(set(given) - set(self.options))
        if refused:
            raise ExportRequestError(f"the export {self.identifier} does not take {', '.join(refused)}")
        self.tournament = tournament
        self.given = given

    def filename(self) -> str:
        return f"{self.tournament.slug}-{self.identifier}.{self.extension}"

    def render(self) -> bytes:
        raise NotImplementedError


def register(exporter: type[Exporter]) -> type[Exporter]:
    _REGISTRY[exporter.identifier] = exporter
    return exporter


def get_exporter(identifier: str, subject: str = "tournament") -> type[Exporter]:
    found = _REGISTRY.get(identifier)
    if found is None or found.subject != subject:
        known = ", ".join(sorted(exporter.identifier for exporter in registered(subject)))
        raise ExportRequestError(f"unknown export {identifier!r} (known: {known})")
    return found


def registered(subject: str = "tournament") -> list[type[Exporter]]:
    """The exporters of a tournament (or of a series)."""
    return [exporter for exporter in _REGISTRY.values() if exporter.subject == subject]
