"""The certificates and the prize list fit, in every language, with the longest realistic values (issue 28): a
40-character place name, the longest date of each language, a long tournament name, players' names of 40 and more
characters, a team of such players, the longest prize titles (a category of 39 characters, a typed title of 100),
a tie shared by two long names and a prize nobody holds yet. Rendered by WeasyPrint and measured (layout.py): no
line of text runs past its box or below a box of fixed height, no two parts overlap, nothing leaves the frame or
the page. The German "Hamburg, 29. November 2026" wrapped under the signature line's place before."""

from datetime import date

import pytest
from django.conf import settings
from django.core.management import call_command

from tests.tournament.printing.layout import problems
from tests.tournament.prize_event import prize_event
from tournament.models import Player, Prize, Registration
from tournament.printing.prizes_document import CertificatesDocument, PrizeListDocument
from tournament.services.prizes import add_prize, add_usual_prizes

LANGUAGES = [code for code, _name in settings.LANGUAGES]
PLACE = "Sankt Peter-Ording an der Nordseeküste NF"  # 40 characters
NAMES = {  # 40 and more characters
    "p01": ("Maximiliane Alexandra", "von Hohenzollern-Sigmaringen"),
    "p02": ("Jean-Baptiste Emmanuel", "de La Tour d'Auvergne"),
    "p05": ("Anne-Marie Wilhelmina", "van Oldenbarnevelt-Zuylen"),
    "p07": ("Konstantinos Alexandros", "Papadopoulos-Georgiou"),
    "p08": ("Bartholomäus Friedrich", "Schwarzenberger-Lindqvist"),
}
TEAM = "Riichi-Club Hamburg-Altona Elbdrachen"
CATEGORY = "Spielerinnen und Spieler ab sechzig Jahr"[:39]
TYPED = (
    "Sonderpreis der Stadt für die schönste Hand des Turniers: Großer Drache mit Ura-Dora und Kan-Dora dazu"
)[:100]
CERTIFICATE_PARTS = (
    "certificate-event",
    "certificate-when",
    "certificate-word",
    "certificate-to",
    "certificate-name",
    "certificate-members",
    "certificate-for",
    "certificate-prize",
    "certificate-detail",
    "certificate-foot",
    "certificate-written",
    "certificate-mark",
)
LIST_PARTS = ("doc-head", "prize-provisional", "prize-lines", "prize-tie-breaks")


def long_event():
    """The event of prize_event.py with every value as long as it gets, the usual prizes (named), the second place
    of a category of 39 characters, a typed title of 100 characters and the ninth place (nobody: a blank line)."""
    tournament = prize_event(
        name="Internationales Riichi-Mahjong-Turnier der Hansestadt Hamburg 2026",
        city=PLACE,
        country="GER",
        start_date=date(2026, 9, 29),
        end_date=date(2026, 9, 30),  # "30. September 2026", "30 septembre 2026": the longest dates
    )
    for key, (first, last) in NAMES.items():
        Player.objects.filter(registrations__tournament=tournament, registrations__key=key).update(
            first_name=first, last_name=last
        )
    Registration.objects.filter(tournament=tournament, team="Dragons").update(team=TEAM)
    for key in ("p02", "p07", "p08"):
        registration = Registration.objects.get(tournament=tournament, key=key)
        registration.categories = [*registration.categories, CATEGORY]
        registration.save()
    Prize.objects.filter(tournament=tournament).delete()
    add_usual_prizes(actor=None, tournament=tournament)
    add_prize(actor=None, tournament=tournament, title="", ranking="category", category=CATEGORY, place=2)
    add_prize(actor=None, tournament=tournament, title="", ranking="overall", place=6)  # the tie p07, p08
    add_prize(actor=None, tournament=tournament, title=TYPED, ranking="overall", place=4)
    add_prize(actor=None, tournament=tournament, title="", ranking="club", place=9)  # nobody
    return tournament


@pytest.fixture
def event(db):
    return long_event()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_certificate_fits_with_the_longest_values(event, language):
    document = CertificatesDocument(event, language=language).laid_out()
    assert len(document.pages) == 13  # 11 prizes; two ties give two each; place 9 of the clubs a blank one
    assert problems(document, CERTIFICATE_PARTS, frame="certificate-inner") == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_prize_list_fits_with_the_longest_values(event, language):
    document = PrizeListDocument(event, language=language).laid_out()
    assert problems(document, LIST_PARTS, frame="prize-list-doc") == []


def test_the_short_german_certificate_of_the_issue_keeps_place_and_date_above_the_signature_line(db):
    """ "Hamburg, 29. November 2026" wrapped and its second line was printed over the signature line."""
    tournament = prize_event(
        city="Hamburg", country="GER", start_date=date(2026, 11, 28), end_date=date(2026, 11, 29)
    )
    document = CertificatesDocument(tournament, language="de").laid_out()
    assert problems(document, CERTIFICATE_PARTS, frame="certificate-inner") == []


@pytest.mark.parametrize("language", ["de", "fr"])
def test_print_document_prints_the_certificates_in_german_and_french(event, language, tmp_path):
    for kind in ("certificates", "prize-list"):
        target = tmp_path / f"{kind}-{language}.pdf"
        call_command(
            "print_document", event.slug, kind, "--language", language, "-o", str(target), stdout=None
        )
        assert target.read_bytes().startswith(b"%PDF")
