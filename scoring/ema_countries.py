"""EMA country codes and the country each EMA number prefix names (ema-results-file.md, "EMA country codes").

The codes are IOC-style, not ISO alpha-3. The list outside Europe is open ("e.g."), so an unknown code is a
warning; the ISO codes people type by mistake for an EMA member are errors, with the right code to use.
"""

EUROPE = frozenset(
    [
        "AUT",
        "BEL",
        "BLR",
        "CZE",
        "DEN",
        "ESP",
        "EST",
        "FIN",
        "FRA",
        "GBR",
        "GER",
        "HUN",
        "IRL",
        "ITA",
        "LAT",
        "LTU",
        "NED",
        "NOR",
        "POL",
        "POR",
        "ROU",
        "RUS",
        "SUI",
        "SVK",
        "SWE",
        "UKR",
    ]
)
OUTSIDE_EUROPE = frozenset(["JPN", "CHN", "KOR", "USA", "CAN", "BRA", "AUS"])
NO_MEMBER_COUNTRY = "EUR"  # a player without a member country
KNOWN = EUROPE | OUTSIDE_EUROPE | {NO_MEMBER_COUNTRY}

# ISO alpha-3 codes that differ from the EMA code of the same country.
ISO_MISTAKES = {"DNK": "DEN", "DEU": "GER", "NLD": "NED", "PRT": "POR", "CHE": "SUI"}

# The first two digits of an EMA number name the member country.
NUMBER_PREFIXES = {
    "01": "AUT",
    "02": "BEL",
    "03": "DEN",
    "04": "FRA",
    "05": "GER",
    "06": "HUN",
    "07": "ITA",
    "08": "NED",
    "09": "SWE",
    "10": "ESP",
    "11": "GBR",
    "12": "POR",
    "14": "FIN",
    "15": "RUS",
    "16": "SUI",
    "17": "SVK",
    "19": "POL",
}


def country_of_number(ema_id: str) -> str | None:
    """The member country an EMA number was issued by, or None when its prefix is not in the list."""
    return NUMBER_PREFIXES.get(ema_id[:2])


def counts_as_country(code: str) -> bool:
    """Whether a player's code counts among the tournament's countries for the MERS weight (not EUR, not empty)."""
    return bool(code) and code != NO_MEMBER_COUNTRY
