"""Tile pictures drawn as small SVGs on the server (no image files, no CDN): the number and the suit's character,
as on the tiles. Codes are those of the calculator's text field: 1m-9m, 1p-9p, 1s-9s, 1z-7z."""

from django.utils.html import format_html
from django.utils.safestring import mark_safe

SUITS = {"m": ("萬", "#a3271f"), "p": ("筒", "#1f4fa3"), "s": ("索", "#1f7a3a")}
HONOURS = {
    "1z": ("東", "#1d232a"),
    "2z": ("南", "#1d232a"),
    "3z": ("西", "#1d232a"),
    "4z": ("北", "#1d232a"),
    "5z": ("", "#1d232a"),
    "6z": ("發", "#1f7a3a"),
    "7z": ("中", "#a3271f"),
}
NUMERALS = "一二三四五六七八九"
ALL_TILES = [f"{n}{suit}" for suit in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def tile_svg(code: str, label: str) -> str:
    if code in HONOURS:
        char, colour = HONOURS[code]
        inner = format_html(
            '<text x="15" y="27" font-size="18" text-anchor="middle" fill="{}">{}</text>', colour, char
        )
        if code == "5z":  # the white dragon: an empty frame
            inner = mark_safe(
                '<rect x="6" y="8" width="18" height="24" fill="none" stroke="#1f4fa3" stroke-width="2"/>'
            )
    else:
        char, colour = SUITS[code[1]]
        inner = format_html(
            '<text x="15" y="18" font-size="14" text-anchor="middle" fill="{}">{}</text>'
            '<text x="15" y="34" font-size="12" text-anchor="middle" fill="{}">{}</text>',
            "#1d232a" if code[1] == "m" else colour,
            NUMERALS[int(code[0]) - 1] if code[1] == "m" else code[0],
            colour,
            char,
        )
    return format_html(
        '<svg class="tile" viewBox="0 0 30 40" width="30" height="40" role="img" aria-label="{}">'
        '<rect x="1" y="1" width="28" height="38" rx="4" fill="#fffdf6" stroke="#8a8f96"/>{}</svg>',
        label,
        inner,
    )
