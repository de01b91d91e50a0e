"""Hand-made XLSX parts for hostile test files, and the script that writes tests/tournament/data/hostile/.

``python -m tests.tournament.hostile_files`` rewrites the small files of that folder (data/hostile/README.md says
what each one does to a reader that trusts it); the tests build the large ones (a 6 MB upload, a zip that
unpacks to 60 MB) and the fuzzed ones with ``xlsx_bytes``.
"""

import copy
import io
import json
import zipfile
from pathlib import Path

HERE = Path(__file__).parent / "data" / "hostile"
STAMP = (2026, 1, 1, 0, 0, 0)
NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
R_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'

CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/xl/workbook.xml"
 ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>
<Override PartName="/xl/worksheets/sheet1.xml"
 ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>
<Override PartName="/xl/styles.xml"
 ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>
{shared}
</Types>"""
SHARED_TYPE = (
    '<Override PartName="/xl/sharedStrings.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
)
RELS = """<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
 Target="xl/workbook.xml"/>
</Relationships>"""
WORKBOOK = f"""<?xml version="1.0" encoding="UTF-8"?>
<workbook {NS} {R_NS}><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>"""
WORKBOOK_RELS = """<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"
 Target="worksheets/sheet1.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles"
 Target="styles.xml"/>
{shared}
</Relationships>"""
SHARED_REL = (
    '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
    'sharedStrings" Target="sharedStrings.xml"/>'
)
# style 0: general; style 1: a date (number format 14)
STYLES = f"""<?xml version="1.0" encoding="UTF-8"?>
<styleSheet {NS}><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>"""


def inline(ref: str, text: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'


def row(number: int, *cells: str) -> str:
    return f'<row r="{number}">{"".join(cells)}</row>'


def sheet(rows: str, dimension: str = "A1:E3") -> str:
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<worksheet {NS}><dimension ref="{dimension}"/><sheetData>{rows}</sheetData></worksheet>'


def write_xlsx(name: str, sheet_xml: str, shared: str | None = None) -> None:
    (HERE / name).write_bytes(xlsx_bytes(sheet_xml, shared))


def xlsx_bytes(sheet_xml: str, shared: str | None = None) -> bytes:
    """A minimal workbook whose first sheet is ``sheet_xml`` (and shared strings ``shared``)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        parts = {
            "[Content_Types].xml": CONTENT_TYPES.format(shared=SHARED_TYPE if shared else ""),
            "_rels/.rels": RELS,
            "xl/workbook.xml": WORKBOOK,
            "xl/_rels/workbook.xml.rels": WORKBOOK_RELS.format(shared=SHARED_REL if shared else ""),
            "xl/styles.xml": STYLES,
            "xl/worksheets/sheet1.xml": sheet_xml,
        }
        if shared:
            parts["xl/sharedStrings.xml"] = shared
        for part, text in parts.items():
            archive.writestr(zipfile.ZipInfo(part, STAMP), text, zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


PLAYER_HEADER = row(1, inline("A1", "first_name"), inline("B1", "last_name"), inline("C1", "ema_id"))


def build() -> None:
    # The sheet claims every cell of a worksheet and has one cell in the very last one: a reader that pads
    # rows to the declared size builds a million rows of 16,384 cells.
    write_xlsx(
        "dimension-bomb.xlsx",
        sheet(
            PLAYER_HEADER
            + row(2, inline("A2", "Anna"), inline("B2", "de Vries"))
            + row(1048576, '<c r="XFD1048576"><v>1</v></c>'),
            dimension="A1:XFD1048576",
        ),
    )
    write_xlsx(
        "malformed-xml.xlsx",
        sheet(PLAYER_HEADER + "<row r='2'><c r='A2' t='inlineStr'><is><t>Anna</is></row>"),
    )
    # B2 is a formula Excel never computed: no <v>; openpyxl's data_only reading gives None (the row vanished).
    write_xlsx(
        "formula-without-value.xlsx",
        sheet(
            PLAYER_HEADER
            + row(2, inline("A2", "Anna"), '<c r="B2"><f>A3</f></c>')
            + row(3, inline("A3", "Bram"), inline("B3", "Bakker"))
        ),
    )
    # A2 a date cell (serial 46151 with a date format), B3 a true/false cell.
    write_xlsx(
        "date-and-boolean.xlsx",
        sheet(
            PLAYER_HEADER
            + row(2, '<c r="A2" s="1"><v>46151</v></c>', inline("B2", "de Vries"))
            + row(3, inline("A3", "Bram"), '<c r="B3" t="b"><v>1</v></c>')
        ),
    )
    write_xlsx(
        "duplicate-header.xlsx",
        sheet(
            row(1, inline("A1", "first_name"), inline("B1", "last_name"), inline("C1", "Last Name"))
            + row(2, inline("A2", "Anna"), inline("B2", "de Vries"), inline("C2", "Jansen"))
        ),
    )
    # Entity expansion ("billion laughs") in the shared strings.
    laughs = (
        '<!DOCTYPE lolz [<!ENTITY lol "lolololololololololol">'
        + "".join(
            f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, 10)
        )
        + "]>"
    )
    shared = f'<?xml version="1.0" encoding="UTF-8"?>\n{laughs}<sst {NS} count="1" uniqueCount="1"><si><t>&lol9;</t></si></sst>'
    write_xlsx(
        "billion-laughs.xlsx",
        sheet(PLAYER_HEADER + row(2, '<c r="A2" t="s"><v>0</v></c>', inline("B2", "x"))),
        shared=shared,
    )
    (HERE / "not-a-workbook.xlsx").write_bytes(b"first_name,last_name\nAnna,de Vries\n")
    (HERE / "binary-garbage.csv").write_bytes(bytes(range(256)) * 4)
    (HERE / "cr-only.csv").write_bytes(b"first_name,last_name,ema_id\rAnna,de Vries,08010039\rBram,Bakker,\r")
    (HERE / "control-characters.csv").write_bytes(
        b"first_name,last_name\nAn\x1bna,de Vries\nBram,Bak\x07ker\n"
    )
    (HERE / "superscript-session.csv").write_bytes("session,table,player\n²,1,p01\n1,١,p02\n".encode())
    (HERE / "duplicate-header.csv").write_bytes(b"session,table,player,speler\n1,1,p01,p02\n")


# A small valid archive: four players at one table (EMA 2016: 30,000 each at the start, the sum 120,000), a
# chombo. The hostile archives below are this one with one thing broken, written as text where JSON itself is
# the weapon (a key twice, an escape no database stores, a number of 5,000 digits).
ARCHIVE = {
    "format": "riichi-tournament-archive",
    "version": 1,
    "tournament": {"slug": "hostile", "name": "Hostile Open"},
    "players": [
        {"key": key, "first_name": first, "last_name": "Test", "ema_id": None, "country": "NED"}
        for key, first in (("p1", "Anna"), ("p2", "Bram"), ("p3", "Cor"), ("p4", "Dirk"))
    ],
    "sessions": [
        {
            "number": 1,
            "tables": [
                {
                    "number": 1,
                    "seats": [
                        {"wind": wind, "player": f"p{i}", "score": score}
                        for i, (wind, score) in enumerate(
                            zip("ESWN", (40_000, 35_000, 25_000, 20_000), strict=True), start=1
                        )
                    ],
                }
            ],
        }
    ],
    "penalties": [{"player": "p4", "session": 1, "kind": "chombo"}],
}
FIRST_SCORE = '"score": 40000'


def archive_text(data=None) -> str:
    return json.dumps(ARCHIVE if data is None else data, indent=1)


def with_value(path: tuple, value) -> dict:
    """ARCHIVE with the value at ``path`` replaced."""
    data = copy.deepcopy(ARCHIVE)
    *parents, last = path
    target = data
    for part in parents:
        target = target[part]
    target[last] = value
    return data


def session_40000() -> dict:
    """Session 40,000 (the penalty follows it): SQLite stored it, PostgreSQL ended in smallint out of range."""
    data = with_value(("sessions", 0, "number"), 40_000)
    data["penalties"][0]["session"] = 40_000
    return data


def scores(first: int, second: int) -> dict:
    """The first two seats' scores replaced by ones that keep the table's sum (40,000 + 35,000)."""
    data = with_value(("sessions", 0, "tables", 0, "seats", 0, "score"), first)
    data["sessions"][0]["tables"][0]["seats"][1]["score"] = second
    assert first + second == 75_000
    return data


def nested(depth: int):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


HOSTILE_ARCHIVES = {
    "archive-duplicate-key.json": archive_text().replace(
        '"name": "Hostile Open"', '"name": "Hostile Open", "name": "Renamed"'
    ),
    "archive-lone-surrogate.json": archive_text().replace('"Anna"', '"An\\ud800na"'),
    "archive-nul-in-name.json": archive_text().replace('"Bram"', '"Br\\u0000am"'),
    "archive-5000-digits.json": archive_text().replace(FIRST_SCORE, '"score": ' + "4" * 5000),
    "archive-nan-score.json": archive_text().replace(FIRST_SCORE, '"score": NaN'),
    "archive-huge-float.json": archive_text().replace(FIRST_SCORE, '"score": 1e400'),
    "archive-list-as-key.json": archive_text(
        with_value(("sessions", 0, "tables", 0, "seats", 0, "player"), ["p1"])
    ),
    "archive-object-as-session.json": archive_text(with_value(("penalties", 0, "session"), {"number": 1})),
    "archive-slash-in-key.json": archive_text(with_value(("players", 0, "key"), "p1/../admin")).replace(
        '"player": "p1"', '"player": "p1/../admin"'
    ),
    "archive-session-40000.json": archive_text(session_40000()),
    "archive-deep.json": archive_text(with_value(("tournament", "ruleset_overrides"), {"uma": nested(20)})),
}


def build_archives() -> None:
    for name, text in HOSTILE_ARCHIVES.items():
        (HERE / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    build()
    build_archives()
