"""The Dutch user interface: the public pages speak Dutch, and the catalogue is complete and clean.

Wording follows the Dutch translation of the EMA riichi rules (2016): sessie, tafel, reservespeler,
scheidsrechter, organisator, uma, chombo, punten; "standings" is "klassement" throughout.
"""

import ast
import gettext
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.utils import translation

LOCALE = Path(__file__).resolve().parents[2] / "locale" / "nl" / "LC_MESSAGES"
PO = LOCALE / "django.po"
MO = LOCALE / "django.mo"
PLACEHOLDER = re.compile(r"%\([A-Za-z_0-9]+\)[sdrif]|%[sdif]|\{[^{}]*\}|</?[a-zA-Z][^>]*>")


def parse_po(path: Path) -> list[dict]:
    """A small .po reader: each entry with flags, msgctxt, msgid, msgid_plural and its msgstr(s)."""
    entries, entry, field = [], None, None

    def finish():
        if entry is not None and ("msgid" in entry):
            entries.append(entry)

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            finish()
            entry, field = None, None
            continue
        if entry is None:
            entry = {"flags": set(), "msgstr": {}, "obsolete": False}
        if line.startswith("#~"):
            entry["obsolete"] = True
            continue
        if line.startswith("#,"):
            entry["flags"].update(flag.strip() for flag in line[2:].split(","))
            continue
        if line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            value = ast.literal_eval(line)
            if isinstance(field, tuple):
                entry["msgstr"][field[1]] += value
            else:
                entry[field] += value
            continue
        value = ast.literal_eval(rest)
        if keyword.startswith("msgstr["):
            field = ("msgstr", int(keyword[7:-1]))
            entry["msgstr"][field[1]] = value
        elif keyword == "msgstr":
            field = ("msgstr", 0)
            entry["msgstr"][0] = value
        else:
            field = keyword
            entry[keyword] = value
    finish()
    return [e for e in entries if not e["obsolete"]]


@pytest.fixture(scope="module")
def entries():
    return parse_po(PO)


def get_dutch(client, url):
    response = client.get(url, headers={"accept-language": "nl"})
    assert response.status_code == 200
    return response.content.decode()


# --- the pages -------------------------------------------------------------------------------------


def test_standings_page_in_dutch(client, demo):
    html = get_dutch(client, "/t/demo/standings/")
    assert '<html lang="nl">' in html
    for dutch in (
        "Klassement",
        "Plaats",
        "Speler",
        "Land",
        "Totaal",
        "Na sessie",
        "laatste",
        "Punten in duizendtallen",
        "sessieresultaat = score + uma − puntenaftrek",
        "gedeelde plaats",
        "Gediskwalificeerde spelers staan onderaan",
        "Inloggen",
        "toernooibeheer voor riichi mahjong volgens de EMA-regels",
    ):
        assert dutch in html, dutch
    for english in (
        "Standings",
        ">Rank<",
        ">Player<",
        ">Country<",
        ">Total<",
        "After session",
        "Points in thousands",
        "Disqualified players",
        "Log in",
        "tournament administration",
    ):
        assert english not in html, english


def test_standings_after_a_session_in_dutch(client, demo):
    html = get_dutch(client, "/t/demo/standings/?after=2")
    assert "Klassement na sessie 2" in html
    assert "Standings after session" not in html


def test_tournament_and_home_pages_in_dutch(client, demo):
    html = get_dutch(client, "/t/demo/")
    assert "Sessies" in html and "Klassement" in html
    assert "Sessions" not in html and "Standings" not in html
    home = get_dutch(client, "/")
    assert "Toernooien" in home and "Tournaments" not in home


def test_public_seating_and_player_pages_in_dutch(client, demo):
    html = get_dutch(client, "/t/demo/sessions/2/")
    for dutch in (
        "Tafelindeling van sessie 2",
        "Spelers A–Z",
        "Tafel 1",
        "(O Oost, Z Zuid, W West, N Noord)",
        "za\u00a09\u00a0mei, 12:15",  # Dutch writes months in lower case
    ):
        assert dutch in html, dutch
    for english in ("Seating of session", "Players A–Z", "Table 1", "Find your name"):
        assert english not in html, english
    # the seat cards use the Dutch letters: Oost, Zuid, West, Noord
    letters = re.findall(r'<span class="wind">(\w)</span>', html)
    assert len(letters) == 32 and sorted(set(letters)) == ["N", "O", "W", "Z"]
    english = client.get("/t/demo/sessions/2/", headers={"accept-language": "en"}).content.decode()
    assert sorted(set(re.findall(r'<span class="wind">(\w)</span>', english))) == ["E", "N", "S", "W"]
    key = demo.registrations.order_by("key").first().key
    html = get_dutch(client, f"/t/demo/players/{key}/")
    for dutch in ("Mijn schema", "Tegenstanders", "Resultaat", "score + uma − puntenaftrek", "EMA-nummer"):
        assert dutch in html, dutch
    for english in ("My schedule", "Playing with", ">Result<", "penalties"):
        assert english not in html, english


def test_organiser_seating_page_in_dutch(organiser_client):
    html = get_dutch(organiser_client, "/t/demo/organise/seating/")
    for dutch in (
        "Tafelindeling maken",
        "Kwaliteit van de tafelindeling",
        "herhaalde ontmoetingen",
        "Startwaarde",
    ):
        assert dutch in html, dutch
    for english in ("Make a seating", "Quality of the seating", "repeated meetings", "Seed"):
        assert english not in html, english


def test_exports_and_ema_pages_in_dutch(organiser_client):
    html = get_dutch(organiser_client, "/t/demo/organise/exports/")
    for dutch in ("Exporteren en afdrukken", "EMA-resultatenbestand", "Scoreformulieren", "Klassement na"):
        assert dutch in html, dutch
    for english in ("Exports and printing", "EMA results file", "Score sheets", "Standings after"):
        assert english not in html, english
    html = get_dutch(organiser_client, "/t/demo/organise/ema/")
    assert "moeten worden opgelost voordat de EMA het bestand kan inlezen" in html
    assert "nog geen uitslagen ingevoerd" in html
    assert "must be fixed" not in html and "no results entered yet" not in html


def test_score_sheet_in_dutch(organiser_client):
    html = get_dutch(organiser_client, "/t/demo/print/score-sheets/?session=6")
    for dutch in (
        "Scoreformulieren",
        "Plaats bij aanvang",
        "Eindpunten aan tafel",
        "Puntenaftrek",
        "Handtekening",
        "Scheidsrechter",
        "Uma",
        'O <span class="kanji">東</span>',
        'Z <span class="kanji">南</span>',
    ):
        assert dutch in html, dutch
    for english in (
        "Score sheets",
        "Seat at the start",
        "Final raw points",
        "Penalties",
        "Signature",
        "Referee",
    ):
        assert english not in html, english


def test_english_stays_the_default(client, demo):
    html = client.get("/t/demo/standings/", headers={"accept-language": "en"}).content.decode()
    assert "Standings" in html and "Klassement" not in html


def test_glossary_terms():
    """The EMA words the organisers and referees know from the Dutch rule book."""
    expected = {
        "substitute": "reservespeler",
        "referee": "scheidsrechter",
        "organiser": "organisator",
        "withdrawn": "teruggetrokken",
        "disqualified": "gediskwalificeerd",
        "EMA number": "EMA-nummer",
        "lateness": "te laat komen",
        "obstruction": "spelbelemmering",
        "chombo": "chombo",
        "table": "tafel",
        "session": "sessie",
        "Standings": "Klassement",
        "East": "Oost",
        "South": "Zuid",
        "West": "West",
        "North": "Noord",
    }
    with translation.override("nl"):
        for english, dutch in expected.items():
            assert translation.gettext(english) == dutch, english
        assert (
            translation.ngettext(
                "Session %(session)s: no result for table %(tables)s.",
                "Session %(session)s: no result for tables %(tables)s.",
                2,
            )
            == "Sessie %(session)s: geen uitslag voor de tafels %(tables)s."
        )


# --- the catalogue ---------------------------------------------------------------------------------


def test_every_entry_is_translated_and_not_fuzzy(entries):
    header = [e for e in entries if e["msgid"] == ""]
    assert header and "fuzzy" not in header[0]["flags"], "the header is still marked fuzzy"
    assert "Language: nl" in header[0]["msgstr"][0]
    messages = [e for e in entries if e["msgid"] != ""]
    assert len(messages) > 100
    fuzzy = [e["msgid"] for e in messages if "fuzzy" in e["flags"]]
    assert not fuzzy, f"fuzzy entries: {fuzzy}"
    empty = [e["msgid"] for e in messages if not all(e["msgstr"].values())]
    assert not empty, f"untranslated entries: {empty}"
    plural = [e["msgid"] for e in messages if "msgid_plural" in e and sorted(e["msgstr"]) != [0, 1]]
    assert not plural, f"plural entries without both Dutch forms: {plural}"


def test_placeholders_and_html_are_kept(entries):
    wrong = []
    for e in entries:
        if e["msgid"] == "":
            continue
        sources = [e["msgid"], e.get("msgid_plural", e["msgid"])]
        for index, text in e["msgstr"].items():
            source = sources[min(index, 1)]
            if sorted(set(PLACEHOLDER.findall(source))) != sorted(set(PLACEHOLDER.findall(text))):
                wrong.append((source, text))
    assert not wrong, wrong


def test_standings_is_always_klassement(entries):
    """One word for "standings": "klassement", never "stand"."""
    stand = [e["msgstr"] for e in entries if re.search(r"\bstand\b", " ".join(e["msgstr"].values()), re.I)]
    assert not stand, stand


# The players' own pages (finding oneself, one's schedule, the hidden standings) say "je"; every page for staff
# (organisers, referees, the site's administrator) says "u", so that no page mixes the two.
PLAYERS_PAGES = (
    "Your next table",
    "QR code of your page",
    "Your name or EMA number",
    "Tap your name:",
    "More players match: type more of your name.",
    "Nobody matches",
    "Your table and seat wind in every session",
    "Find your name in the list",
    "Find your table:",
    "The organisers have hidden the standings until the prize ceremony.",
    "Find your player page",
    # the player's check-in page (the QR code of the schedule card) and the player page's tournament-day notes
    "Check in at the referee's desk.",
    "Check in with the QR code on your schedule card.",
    "QR code: check in and see your page",
    "This check-in link is not valid.",
    "You play in no session that is still to come.",
    "You are a reserve:",
    "You are checked in for session",
    "You came ",
    "Session %(n)s started ",
    "Your table is shown here once the seating is published.",
    "Your schedule and results",
)
INFORMAL = re.compile(r"\b(je|jij|jou|jouw)\b", re.I)
FORMAL = re.compile(r"\b(u|uw)\b", re.I)


def test_players_are_addressed_as_je_and_staff_as_u(entries):
    def players(entry):
        return entry["msgid"].startswith(PLAYERS_PAGES)

    texts = [(e, " ".join(e["msgstr"].values())) for e in entries if e["msgid"]]
    informal_for_staff = [e["msgid"] for e, text in texts if INFORMAL.search(text) and not players(e)]
    assert not informal_for_staff, informal_for_staff
    formal_for_players = [e["msgid"] for e, text in texts if FORMAL.search(text) and players(e)]
    assert not formal_for_players, formal_for_players


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext (msgfmt) is not installed")
def test_msgfmt_reports_everything_translated(tmp_path):
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", str(tmp_path / "check.mo"), str(PO)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "translated message" in result.stderr
    assert "untranslated" not in result.stderr and "fuzzy" not in result.stderr, result.stderr
    # The committed .mo is the compiled form of the committed .po.
    with open(tmp_path / "check.mo", "rb") as fresh, open(MO, "rb") as committed:
        assert gettext.GNUTranslations(fresh)._catalog == gettext.GNUTranslations(committed)._catalog


# --- the glossary (locale/GLOSSARY.md) --------------------------------------------------------------------------

GLOSSARY = Path(__file__).resolve().parents[2] / "locale" / "GLOSSARY.md"
# Messages where the English glossary word stands for something else than the rule word, or where the translation
# names it by the placeholder it refers to.
GLOSSARY_EXCEPTIONS = {
    # the substitute is named by the placeholder: "(%(substitute)s niet)"
    "Session %(session)s, table %(table)s: %(player)s plays after all (%(substitute)s does not)",
    # "reserve" here is a value typed in the player list's status column (active, reserve, actief), not the word:
    # every language keeps it as the file has it (French "reserve", not "réserve")
    "One row per player with the columns first_name, last_name, ema_id, country, club (or voornaam, achternaam, "
    "EMA-nummer, land, vereniging) and optionally status (active or reserve; actief), team and categories "
    "(categorieën; separated by ;, e.g. newcomer; ladies). Only a name is required.",
    "%(value)r is not a status of the list; use active or reserve (actief, reserve)",
}
# Contexts where the word is not the rule word: "warning" in the context "data check" is the level of a remark on
# the EMA file (German "Hinweis"), not the penalty (5, "Verwarnung").
GLOSSARY_EXCEPTION_CONTEXTS = {"data check"}


def glossary(language: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(English forms, accepted words) for each row of the glossary's table with a word in ``language``'s column."""
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in GLOSSARY.read_text(encoding="utf-8").splitlines()
        if line.startswith("|")
    ]
    column = next(i for i, name in enumerate(rows[0]) if name.endswith(f"({language})"))
    return [
        (
            tuple(form.strip() for form in row[0].split(",")),
            tuple(word.strip() for word in row[column].split("/")),
        )
        for row in rows[2:]
        if row[column]
    ]


def glossary_breaches(entries, language: str) -> list[tuple[str, str, str]]:
    breaches = []
    for forms, words in glossary(language):
        pattern = re.compile("|".join(rf"\b{re.escape(form)}\b" for form in forms), re.I)
        for e in entries:
            if (
                not e["msgid"]
                or e["msgid"] in GLOSSARY_EXCEPTIONS
                or e.get("msgctxt") in GLOSSARY_EXCEPTION_CONTEXTS
            ):
                continue
            # a placeholder such as %(counter)s or %(dealer)s is a name in the code, not the rule word
            english = PLACEHOLDER.sub(" ", " ".join((e["msgid"], e.get("msgid_plural", ""))))
            text = PLACEHOLDER.sub(" ", " ".join(e["msgstr"].values())).lower()
            if pattern.search(english) and not any(word.lower() in text for word in words):
                breaches.append((forms[0], e["msgid"], text))
    return breaches


def test_glossary_lists_the_rule_words():
    words = dict(glossary("nl"))
    assert words[("obstruction",)] == ("spelbelemmering",)  # 5.5 of the Dutch book
    assert words[("lateness",)] == ("te laat komen",)  # 5.7 (its heading 6.7 in the Dutch book)
    assert words[("substitute", "substitutes")] == ("reservespeler",)  # 5.8
    assert len(words) >= 20


@pytest.mark.parametrize("language", ["nl", "de", "fr"])
def test_catalogue_follows_the_glossary(language):
    """Every message with a rule word says it with the glossary's word of its language: one name per penalty
    ("spelbelemmering", never "hinderlijk gedrag"; "te laat komen"; "Behinderung", "Verspätung"), one word for a
    substitute, the dealer, the seat wind."""
    breaches = glossary_breaches(
        parse_po(LOCALE.parent.parent / language / "LC_MESSAGES" / "django.po"), language
    )
    assert not breaches, "\n".join(f"{word}: {msgid!r} -> {text!r}" for word, msgid, text in breaches)


def test_no_second_name_for_a_penalty(entries):
    """The words the glossary replaced do not come back in another message."""
    retired = re.compile(
        r"hinderlijk gedrag|invaller|vervanger|\bgever\b|stoelwind|plaatswind|\btellers?\b", re.I
    )
    found = [e["msgid"] for e in entries if e["msgid"] and retired.search(" ".join(e["msgstr"].values()))]
    assert not found, found


def test_a_possessive_seat_wind_is_written_in_lower_case(entries):
    """Issue 28: "je Eigen Wind" mid-sentence: the rule's name "Eigen Wind" keeps its capitals where it names the
    term ("de Eigen Wind is Zuid"), but "your seat wind" is "je eigen wind"."""
    found = [
        e["msgid"]
        for e in entries
        if re.search(r"\b(je|jouw|uw|zijn|haar|hun)\s+Eigen Wind", " ".join(e["msgstr"].values()))
    ]
    assert found == []
