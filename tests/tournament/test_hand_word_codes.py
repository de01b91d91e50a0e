"""The hand calculator's words: every yaku and minipoint item scoring.hands.tiles can give has its label in the one
catalogue (tournament.display.hand_words), in English and in Dutch.

The codes are read from scoring's own tables, and those are checked against the ``mahjong`` package it adapts: a
yaku the package can name is either given a code or listed as one the 2016 options never give, and the minipoint
codes are the package's reasons (FuCalculator), so a new one in a later version is seen here."""

from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.yaku_config import YakuConfig

from scoring.hands.tiles import MINIPOINT_CODES, NOT_IN_EMA_2016, YAKU_CODES
from tests.tournament.test_error_codes import english
from tests.tournament.test_i18n_dutch import PO, parse_po
from tournament.display.hand_words import MINIPOINT_LABELS, YAKU_LABELS


def package_yaku_names() -> set[str]:
    return {yaku.name for yaku in vars(YakuConfig()).values() if hasattr(yaku, "name")}


def test_every_yaku_the_package_names_has_a_code_or_is_not_in_the_2016_rules():
    names = package_yaku_names()
    assert len(names) > 50
    assert not names - set(YAKU_CODES) - NOT_IN_EMA_2016
    assert not NOT_IN_EMA_2016 & set(YAKU_CODES)


def test_the_minipoint_codes_are_the_packages_reasons():
    assert {"base", "pair_wait", "open_terminal_pon", "closed_terminal_kan"} <= MINIPOINT_CODES
    named = {value for name, value in vars(FuCalculator).items() if name.isupper() and isinstance(value, str)}
    in_the_table = {reason for row in FuCalculator._PON_KAN_FU_TABLE for pair in row for _, reason in pair}
    assert in_the_table <= named == MINIPOINT_CODES


def test_every_code_has_an_english_and_a_dutch_label():
    catalogue = {entry["msgid"]: entry for entry in parse_po(PO)}
    wanted = [(YAKU_LABELS, code) for code in set(YAKU_CODES.values())]
    wanted += [(MINIPOINT_LABELS, code) for code in MINIPOINT_CODES]
    problems = []
    for labels, code in sorted(wanted, key=lambda item: item[1]):
        if code not in labels:
            problems.append((code, "no label"))
            continue
        entry = catalogue.get(english(labels[code]))
        if entry is None or not entry["msgstr"].get(0) or "fuzzy" in entry["flags"]:
            problems.append((code, "no Dutch entry, or an empty or fuzzy one"))
    assert not problems, problems
    assert set(YAKU_LABELS) == set(YAKU_CODES.values()) and set(MINIPOINT_LABELS) == MINIPOINT_CODES
