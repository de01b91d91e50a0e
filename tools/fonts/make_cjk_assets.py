"""Make the screen's CJK assets from Noto Sans CJK JP, so no page needs a CJK font on the reader's machine.

Writes, under static/:
  img/tenbou-kanji.svg   the logo's 点棒 as paths (white: it stands on the dark header)
  img/favicon.svg        a tile with 点, as paths
  img/favicon.ico        the same at 16, 32 and 48 px
  fonts/noto-cjk/NotoSansCJKjp-Tiles-Regular.woff2   the characters of the calculator's tile pictures

Source: Debian package fonts-noto-cjk 1:20220127 (NotoSansCJK-Regular.ttc, face 0: JP), licence in
static/fonts/noto-cjk/LICENSE. Run it again only when a character is added:

  apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb noto
  .venv/bin/python tools/fonts/make_cjk_assets.py noto/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
"""

import io
import sys
from pathlib import Path

from fontTools import subset
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

STATIC = Path(__file__).resolve().parents[2] / "static"
LOGO = "点棒"
ICON = "点"
# tournament/display/tiles.py: the suits, the numerals of the characters, the honours; the digits of the others
TILES = "萬筒索一二三四五六七八九東南西北發中123456789"
ASCENT = 880  # Noto Sans CJK's ideographic em box: 880 above the baseline, 120 below
INK = "#1d232a"  # tenbou.css --ink
PAPER = "#fffdf6"  # the tile pictures' face (tournament/display/tiles.py)


def glyph_paths(font: TTFont, text: str, x: float = 0, y: float = 0, scale: float = 1) -> str:
    """``text`` as one SVG path, the em box's top-left at (x, y), 1000 units to ``scale``."""
    cmap, glyphs = font.getBestCmap(), font.getGlyphSet()
    pen = SVGPathPen(glyphs, ntos=lambda number: f"{number:.1f}".rstrip("0").rstrip("."))
    for index, char in enumerate(text):
        name = cmap[ord(char)]
        offset = x + index * glyphs[name].width * scale
        glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, offset, y + ASCENT * scale)))
    return pen.getCommands()


def logo(font: TTFont) -> str:
    width = 1000 * len(LOGO)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} 1000" width="{width // 50}" height="20">'
        f'<path fill="#fff" d="{glyph_paths(font, LOGO)}"/></svg>\n'
    )


def icon(font: TTFont) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
        f'<rect x="6" y="2" width="52" height="60" rx="8" fill="{PAPER}" stroke="{INK}" stroke-width="3"/>'
        f'<path fill="{INK}" d="{glyph_paths(font, ICON, x=10, y=10, scale=0.044)}"/></svg>\n'
    )


def icon_ico(source: Path) -> bytes:
    images = []
    for size in (16, 32, 48):
        image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        draw = ImageDraw.Draw(image)
        draw.rounded_rectangle(
            (size * 0.1, 0, size * 0.9 - 1, size - 1),
            radius=size / 8,
            fill=PAPER,
            outline=INK,
            width=max(1, size // 16),
        )
        face = ImageFont.truetype(str(source), int(size * 0.7), index=0)
        draw.text((size / 2, size / 2), ICON, font=face, fill=INK, anchor="mm")
        images.append(image)
    out = io.BytesIO()
    images[-1].save(out, format="ICO", sizes=[(16, 16), (32, 32), (48, 48)], append_images=images[:-1])
    return out.getvalue()


def tiles_font(source: Path, target: Path) -> None:
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.font_number = 0
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=TILES)
    subsetter.subset(font)
    subset.save_font(font, str(target), options)


def main(source: Path) -> None:
    font = TTFont(source, fontNumber=0)
    (STATIC / "img").mkdir(exist_ok=True)
    (STATIC / "img/tenbou-kanji.svg").write_text(logo(font))
    (STATIC / "img/favicon.svg").write_text(icon(font))
    (STATIC / "img/favicon.ico").write_bytes(icon_ico(source))
    tiles_font(source, STATIC / "fonts/noto-cjk/NotoSansCJKjp-Tiles-Regular.woff2")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
