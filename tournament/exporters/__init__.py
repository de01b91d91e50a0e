"""Exports as a small registry (pretix style): each exporter has an identifier, a name, a file type and a
method that returns the bytes. The views and the management commands look exporters up by identifier.
"""

from tournament.exporters.base import Exporter, get_exporter, register, registered
from tournament.exporters.standings import StandingsCsv, StandingsJson

__all__ = ["Exporter", "StandingsCsv", "StandingsJson", "get_exporter", "register", "registered"]
