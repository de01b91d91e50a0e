"""What the pages need from a font is vendored (issue 21 item 10): on a machine without a CJK font the logo 点棒 and
the calculator's tiles showed as empty boxes, and every page asked for a favicon that was not there (404).

The logo is a picture (its characters as SVG paths); the tile pictures name a vendored subset font (Noto Sans CJK
JP, with its licence) that has every character they draw; the favicon is linked from every layout and
``/favicon.ico`` is answered."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from fontTools.ttLib import TTFont

from tournament.display.tiles import ALL_TILES, tile_svg

CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\U0001f000-\U0001f0ff]")


def visible_text(html: str) -> str:
    """What a browser draws as text: the markup without tags, attributes and scripts."""
    html = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    return re.sub(r"<[^>]*>", "", html)


def test_the_logo_is_a_picture_not_cjk_text(client, demo):
    html = client.get("/t/demo/").content.decode()
    header = html[html.index('<header class="site-header"') : html.index("</header>")]
    assert CJK.findall(visible_text(header)) == []  # no text run that needs a CJK font
    src = re.search(r'<img class="brand-sub" src="([^"]+)" alt="" width="\d+" height="\d+">', header).group(1)
    svg = Path(finders.find(src.removeprefix("/static/"))).read_text()
    assert "<path" in svg and "<text" not in svg and CJK.findall(svg) == []  # the characters drawn as paths


def cjk_font_characters(css_name: str, family: str) -> set[str]:
    """The characters of the font file that ``css_name``'s @font-face names for ``family``."""
    css = (Path(settings.BASE_DIR) / "static/css" / css_name).read_text()
    face = re.search(r'@font-face \{ font-family: "' + family + r'"; src: url\("\.\./([^"]+)"\)', css)
    path = Path(settings.BASE_DIR) / "static" / face.group(1)
    return {chr(code) for code in TTFont(path).getBestCmap()}


def test_every_character_of_the_tile_pictures_is_in_a_vendored_font(client):
    drawn = set(CJK.findall("".join(tile_svg(code, code) for code in ALL_TILES)))
    assert len(drawn) == 18  # 萬 筒 索, 一 to 九, 東 南 西 北 發 中
    assert drawn <= cjk_font_characters("calculator.css", "Tenbou Tiles")
    css = (Path(settings.BASE_DIR) / "static/css/calculator.css").read_text()
    assert re.search(r'\.tile text \{[^}]*font-family: "Tenbou Tiles"', css)
    assert "calculator.css" in client.get("/calculator/").content.decode()
    licence = (Path(settings.BASE_DIR) / "static/fonts/noto-cjk/LICENSE").read_text()
    assert "SIL Open Font License" in licence and "Tiles" in licence


@pytest.mark.parametrize("path", ["/", "/t/demo/", "/t/demo/display/", "/accounts/login/"])
def test_every_layout_links_the_favicon(client, demo, path):
    html = client.get(path).content.decode()
    links = re.findall(r'<link rel="icon" href="([^"]+)"[^>]*>', html)
    assert any(link.endswith("favicon.svg") for link in links), links
    assert any(link.endswith("favicon.ico") for link in links), links


def test_favicon_ico_is_answered(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"].endswith("favicon.ico") and response["Location"] != "/favicon.ico"
    found = finders.find(response["Location"].removeprefix("/static/"))
    assert Path(found).read_bytes()[:4] == b"\x00\x00\x01\x00"  # an ICO file
