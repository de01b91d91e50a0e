"""Every language of settings.LANGUAGES but English has a catalogue (locale/<code>/LC_MESSAGES/django.po) that is
compiled and current (the .mo gives every translation of the .po), has no fuzzy entry, keeps every placeholder
(``%(x)s``, ``%s``, ``{x}``) and HTML tag of its msgid, and, for the languages in COMPLETE_LANGUAGES, translates
every entry.

And the catalogues are complete for the code as it is: a fresh extraction (scripts/extract_messages.py, the
makemessages of ``make messages``, run once into a temporary copy of locale/) leaves no untranslated and no fuzzy
entry in any language, and the compiled catalogues hold every message it finds, so a new ``gettext`` call without
its translations fails here, naming the message and where it is."""

import ast
import gettext
import os
import re
import shutil
import subprocess
import sys
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
    where: list = field(default_factory=list)  # the "#:" references: path:line


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
        elif line.startswith("#:"):
            entry.where.extend(line[2:].split())
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


# -- a fresh extraction ------------------------------------------------------------------------------------------

EXTRACT = Path(settings.BASE_DIR) / "scripts" / "extract_messages.py"


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> dict[str, list[Entry]]:
    """Per language the entries of a fresh extraction of the code into a copy of locale/ (makemessages takes a few
    seconds: once per test run)."""
    folder = tmp_path_factory.mktemp("locale")
    shutil.copytree(LOCALE, folder, dirs_exist_ok=True)
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "1"}
    subprocess.run(
        [sys.executable, str(EXTRACT), "--into", str(folder)],
        check=True,
        env=environment,
        capture_output=True,
    )
    return {
        code: [entry for entry in read_po(folder / code / "LC_MESSAGES" / "django.po") if entry.msgid]
        for code in TRANSLATED
    }


def named(entry: Entry) -> str:
    return f"{entry.msgid!r} ({', '.join(entry.where) or 'no reference'})"


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_fresh_extraction_leaves_nothing_to_translate(extracted, code):
    """Every message the code has (pages, forms, refusals, PDFs, e-mails) is translated, and no translation is a
    guess (fuzzy) that msgmerge made from a similar message."""
    untranslated = [named(entry) for entry in extracted[code] if not all(entry.msgstr.values())]
    fuzzy = [named(entry) for entry in extracted[code] if entry.fuzzy]
    assert not untranslated, f"{code}: not translated:\n" + "\n".join(untranslated)
    assert not fuzzy, f"{code}: fuzzy:\n" + "\n".join(fuzzy)


def compiled_key(entry: Entry):
    key = f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid
    return (key, 0) if entry.msgid_plural else key


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_holds_every_message_the_code_uses(extracted, code):
    """A message the code uses but the committed .po/.mo lacks (a new gettext call, a constant that makemessages
    does not see) would be shown in English: the extraction finds it, the compiled catalogue must have it."""
    with open(LOCALE / code / "LC_MESSAGES" / "django.mo", "rb") as compiled:
        held = gettext.GNUTranslations(compiled)._catalog
    missing = [named(entry) for entry in extracted[code] if compiled_key(entry) not in held]
    assert not missing, f"{code}: not in the compiled catalogue:\n" + "\n".join(missing)


# -- French typography -------------------------------------------------------------------------------------------

# French puts a no-break space before the double punctuation (U+00A0 before ":", a narrow one, U+202F, before ";",
# "!" and "?") and inside the guillemets, so "Rang : 20" never breaks before its colon. An example of what to type
# (JSON, "15000; 5000") stays as typed.
TYPED = re.compile(r"\{[^{}]*\}|-?\d+;")
FRENCH_SPACING = (
    re.compile(r"[^\S\u00a0\u202f][:;!?»]"),  # an ordinary space before it
    re.compile(r"«[^\S\u00a0\u202f]"),
    re.compile(r"[^\s\u00a0\u202f(«\"'][:;!?](?=[\s<]|$)"),  # no space at all before it
    re.compile(r"[^\s\u00a0\u202f]»|«[^\s\u00a0\u202f]"),
)


def test_french_has_a_no_break_space_before_double_punctuation():
    wrong = []
    for entry in catalogue("fr"):
        for text in entry.msgstr.values():
            plain = TYPED.sub("", text)
            if any(pattern.search(plain) for pattern in FRENCH_SPACING):
                wrong.append(text)
    assert wrong == []


def test_the_server_error_page_speaks_every_language():
    """templates/500.html is rendered without the catalogues (no database, no session: views/errors.py), so it says
    its sentence in each language of settings.LANGUAGES itself."""
    page = (Path(settings.BASE_DIR) / "templates" / "500.html").read_text(encoding="utf-8")
    assert [code for code in TRANSLATED if f'<h1 lang="{code}">' not in page] == []
