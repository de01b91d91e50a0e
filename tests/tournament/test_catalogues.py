"""Every language of settings.LANGUAGES but English has a catalogue (locale/<code>/LC_MESSAGES/django.po) that is
compiled and current (the .mo gives every translation of the .po), has no fuzzy entry, keeps every placeholder
(``%(x)s``, ``%s``, ``{x}``) and HTML tag of its msgid, and, for the languages in COMPLETE_LANGUAGES, translates
every entry."""

import ast
import gettext
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != "en"]
COMPLETE_LANGUAGES = ["nl", "de", "fr"]  # a language joins when its catalogue has no empty entry left
PLACEHOLDER = re.compile(r"%\(\w+\)[-+ #0-9.]*[sdfr]|%[sdr]|\{\w*\}|</?[a-z][^>]*>")


@dataclass
class Entry:
    msgctxt: str = ""
    msgid: str = ""
    msgid_plural: str = ""
    msgstr: dict = field(default_factory=dict)
    fuzzy: bool = False


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file (obsolete ``#~`` entries left out), the header included."""
    entries, entry, target = [], Entry(), None
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip():
            if target is not None:
                entries.append(entry)
            entry, target = Entry(), None
        elif line.startswith("#,"):
            entry.fuzzy = entry.fuzzy or "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            text = ast.literal_eval(line)
            if isinstance(target, int):
                entry.msgstr[target] += text
            else:
                setattr(entry, target, getattr(entry, target) + text)
        else:
            keyword, _space, rest = line.partition(" ")
            text = ast.literal_eval(rest)
            if keyword.startswith("msgstr"):
                target = int(keyword[7:-1]) if "[" in keyword else 0
                entry.msgstr[target] = text
            else:
                target = keyword
                setattr(entry, keyword, text)
    return entries


def catalogue(code: str) -> list[Entry]:
    return [entry for entry in read_po(LOCALE / code / "LC_MESSAGES" / "django.po") if entry.msgid]


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalogue_has_no_fuzzy_entry(code):
    header = read_po(LOCALE / code / "LC_MESSAGES" / "django.po")[0]
    fuzzy = [entry.msgid for entry in catalogue(code) if entry.fuzzy]
    assert not header.fuzzy and fuzzy == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_placeholder_survives(code):
    wrong = []
    for entry in catalogue(code):
        for index, text in entry.msgstr.items():
            source = entry.msgid_plural if index and entry.msgid_plural else entry.msgid
            if text and sorted(set(PLACEHOLDER.findall(text))) != sorted(set(PLACEHOLDER.findall(source))):
                wrong.append((entry.msgid, text))
    assert wrong == []


def compiled_text(translations, entry: Entry, index: int) -> str:
    count = 1 if index == 0 else 2
    if entry.msgid_plural:
        return (
            translations.npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, count)
            if entry.msgctxt
            else (translations.ngettext(entry.msgid, entry.msgid_plural, count))
        )
    return (
        translations.pgettext(entry.msgctxt, entry.msgid)
        if entry.msgctxt
        else translations.gettext(entry.msgid)
    )


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_is_current(code):
    with open(LOCALE / code / "LC_MESSAGES" / "django.mo", "rb") as compiled:
        translations = gettext.GNUTranslations(compiled)
    stale = []
    for entry in catalogue(code):
        for index, text in entry.msgstr.items():
            if text and compiled_text(translations, entry, index) != text:
                stale.append(entry.msgid)
    assert stale == []


@pytest.mark.parametrize("code", [code for code in TRANSLATED if code in COMPLETE_LANGUAGES])
def test_every_entry_is_translated(code):
    empty = [entry.msgid for entry in catalogue(code) if not all(entry.msgstr.values())]
    assert empty == []


def test_every_language_has_a_catalogue():
    assert all((LOCALE / code / "LC_MESSAGES" / "django.po").exists() for code in TRANSLATED)
