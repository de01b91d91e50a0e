from typing import ClassVar

_REGISTRY: dict[str, type["Exporter"]] = {}


class Exporter:
    identifier: ClassVar[str]
    name: ClassVar[str]
    extension: ClassVar[str]
    content_type: ClassVar[str]

    def __init__(self, tournament, **options):
        self.tournament = tournament
        self.options = options

    def filename(self) -> str:
        return f"{self.tournament.slug}-{self.identifier}.{self.extension}"

    def render(self) -> bytes:
        raise NotImplementedError


def register(exporter: type[Exporter]) -> type[Exporter]:
    _REGISTRY[exporter.identifier] = exporter
    return exporter


def get_exporter(identifier: str) -> type[Exporter]:
    return _REGISTRY[identifier]


def registered() -> list[type[Exporter]]:
    return list(_REGISTRY.values())
