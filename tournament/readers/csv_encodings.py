"""Which encoding a CSV file is in, read without ever replacing a character ("Trust on the day").

- UTF-16 with its byte order mark (Excel's "Unicode text"), strictly;
- else UTF-8, with or without a byte order mark, strictly;
- else one of the encodings Excel saves plain "CSV" in: Windows-1252 (Western Europe) or Windows-1250 (Central
  Europe), chosen by charset-normalizer (least chaos, then most coherence; Windows-1252 on a tie).

Refused, naming the line: a file that mixes UTF-8 lines with others (a list pasted together from two sources,
which no single encoding reads), and a file that no encoding reads cleanly. When both Windows encodings read the
file cleanly but differently (è in Windows-1252 is č in Windows-1250; short name lists give no statistical
difference), the ``Reading`` names the other encoding and the first line it reads differently, with both texts,
so the person sees both before anything is registered.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from charset_normalizer import from_bytes
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.limits import MAX_CHAOS

WINDOWS = ("cp1252", "cp1250")  # Excel's "CSV" in Western and Central Europe; the first wins a tie
ENCODING_NAMES = {
    "utf-8": "UTF-8",
    "utf-16": "UTF-16",
    "cp1252": gettext_lazy("Windows-1252 (Western European)"),
    "cp1250": gettext_lazy("Windows-1250 (Central European)"),
}
SAVE_AS_UTF8 = gettext_lazy('save the list in Excel as "CSV UTF-8 (comma delimited)" and upload it again')
BINARY = gettext_lazy("This is not a text (CSV) file: it holds binary data.")


class EncodingRefused(ValueError):
    """No single encoding reads the file cleanly; ``reason`` names the line."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Reading:
    """How a file's bytes were read: ``encoding``; and ``other``, an encoding that reads them as cleanly but
    differently, with the first ``line`` where they differ as read (``text``) and as the other reads it."""

    encoding: str
    other: str = ""
    line: int | None = None
    text: str = ""
    other_text: str = ""

    @property
    def name(self) -> str:
        return str(ENCODING_NAMES[self.encoding])

    @property
    def other_name(self) -> str:
        return str(ENCODING_NAMES[self.other]) if self.other else ""


def decode(content: bytes) -> tuple[str, Reading]:
    """The text of a CSV file and how it was read; EncodingRefused when no single encoding reads it cleanly."""
    if content.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _strictly(content, "utf-16"), Reading("utf-16")
    if b"\x00" in content:  # no text but UTF-16 holds NUL
        raise EncodingRefused(str(BINARY))
    try:
        return content.decode("utf-8-sig"), Reading("utf-8")
    except UnicodeDecodeError:
        pass
    _refuse_mixed(content)
    return _windows(content)


def _strictly(content: bytes, encoding: str) -> str:
    try:
        return content.decode(encoding)
    except UnicodeDecodeError:
        line = content.decode(encoding, errors="replace").split("\ufffd", 1)[0].count("\n") + 1
        raise EncodingRefused(
            _("Line %(line)s is not %(encoding)s: %(advice)s.")
            % {"line": line, "encoding": ENCODING_NAMES[encoding], "advice": SAVE_AS_UTF8}
        ) from None


def _refuse_mixed(content: bytes) -> None:
    """A file with UTF-8 lines and lines in another encoding is read right by no encoding at all."""
    utf8 = other = None
    for number, line in enumerate(content.splitlines(), start=1):
        if line.isascii():
            continue
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            other = other or number
        else:
            utf8 = utf8 or number
        if utf8 and other:
            raise EncodingRefused(
                _(
                    "The file mixes two encodings (line %(utf8)s is UTF-8 and line %(other)s is not), so no "
                    "reading gets every name right: %(advice)s."
                )
                % {"utf8": utf8, "other": other, "advice": SAVE_AS_UTF8}
            )


def _windows(content: bytes) -> tuple[str, Reading]:
    """The best clean Windows reading (charset-normalizer), with the other one when it differs."""
    readings = _clean_readings(content)
    if not readings:
        line = content.decode(WINDOWS[0], errors="replace").split("\ufffd", 1)[0].count("\n") + 1
        raise EncodingRefused(
            _("Line %(line)s is neither UTF-8 nor Windows-1252 or Windows-1250 text: %(advice)s.")
            % {"line": line, "advice": SAVE_AS_UTF8}
        )
    (encoding, text), *others = readings
    for other, other_text in others:
        if other_text != text:
            return text, _differing(encoding, text, other, other_text)
    return text, Reading(encoding)


def _clean_readings(content: bytes) -> list[tuple[str, str]]:
    """(encoding, text) of each Windows encoding that reads the file without a character it lacks, best first."""
    ranked = []
    for match in from_bytes(content, cp_isolation=list(WINDOWS), threshold=MAX_CHAOS):
        names = [name for name in WINDOWS if name in match.could_be_from_charset]
        if (
            names
        ):  # one match stands for every encoding that reads the bytes alike: named by the first of ours
            ranked.append((match.chaos, -match.coherence, WINDOWS.index(names[0]), names[0], str(match)))
    ranked.sort()
    return [(name, text) for *_score, name, text in ranked]


def _differing(encoding: str, text: str, other: str, other_text: str) -> Reading:
    for number, (line, other_line) in enumerate(
        zip(text.splitlines(), other_text.splitlines(), strict=False), start=1
    ):
        if line != other_line:
            return Reading(encoding, other, number, line, other_line)
    return Reading(encoding)
