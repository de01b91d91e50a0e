"""Counts in sentences: each count with its own words through ngettext, so a count of one reads right in every
language ("1 chombo given", German "1 Chombo vergeben", French "1 chombo donné", and French's 0 in the singular).
A sentence with several counts is made of parts, one count each, never one message whose noun follows only the
first count."""

from django.utils.translation import gettext, ngettext


def tables_written(entered: int, corrected: int, unchanged: int) -> str:
    """What a results file wrote, table by table: "2 tables entered, 1 table corrected, 0 tables unchanged"."""
    return ", ".join(
        (
            ngettext("%(count)s table entered", "%(count)s tables entered", entered) % {"count": entered},
            ngettext("%(count)s table corrected", "%(count)s tables corrected", corrected)
            % {"count": corrected},
            ngettext("%(count)s table unchanged", "%(count)s tables unchanged", unchanged)
            % {"count": unchanged},
        )
    )


def results_file_written(
    *, entered: int, corrected: int, chombos_only: int, unchanged: int, given: int, cancelled: int
) -> str:
    """What a results file wrote, and only that: "2 tables entered; 1 chombo given" (a count of 0 is left out; the
    command, the organiser's page and the audit log say it alike)."""
    tables = (
        (entered, ngettext("%(count)s table entered", "%(count)s tables entered", entered)),
        (
            corrected,
            ngettext(
                "%(count)s table corrected (a new version)",
                "%(count)s tables corrected (a new version each)",
                corrected,
            ),
        ),
        (
            chombos_only,
            ngettext(
                "chombos changed at %(count)s table", "chombos changed at %(count)s tables", chombos_only
            ),
        ),
        (unchanged, ngettext("%(count)s table unchanged", "%(count)s tables unchanged", unchanged)),
    )
    chombos = (
        (given, ngettext("%(count)s chombo given", "%(count)s chombos given", given)),
        (cancelled, ngettext("%(count)s chombo cancelled", "%(count)s chombos cancelled", cancelled)),
    )
    tables_part, chombos_part = (
        ", ".join(text % {"count": count} for count, text in group if count) for group in (tables, chombos)
    )
    if tables_part and chombos_part:  # French puts its narrow no-break space before the ";"
        return gettext("%(tables)s; %(chombos)s") % {"tables": tables_part, "chombos": chombos_part}
    return tables_part or chombos_part
