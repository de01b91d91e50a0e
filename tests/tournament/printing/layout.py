"""Measuring a printed document's layout (WeasyPrint's boxes, in CSS px: 1 mm = 96 / 25.4 px): where a line of
text runs past its box, where two named boxes overlap, where a box leaves the page. For the certificates' and the
prize list's fit in every language with the longest realistic values (tests/tournament/printing/
test_certificate_layout.py: ``problems``); and the words that do not fit in the boxes of the elements a test names
(cut by ``overflow: hidden``, shortened to "…", or pushing a row taller than the grid drawn under it: ``cut``, for
the score sheets and seating prints, test_print_languages.py). Text extraction cannot see a cut: the clipped
glyphs are still in the PDF."""

from collections.abc import Iterator
from typing import NamedTuple

from weasyprint.formatting_structure import boxes as wp
from weasyprint.formatting_structure.boxes import Box, LineBox, TextBox

MM = 96 / 25.4
TOLERANCE = 0.5  # px: rounding of the layout (problems)
SLACK = 0.05  # px: rounding in the layout (cut)


class Rect(NamedTuple):
    name: str
    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def overlaps(self, other: "Rect") -> bool:
        return (
            min(self.right, other.right) - max(self.x, other.x) > TOLERANCE
            and min(self.bottom, other.bottom) - max(self.y, other.y) > TOLERANCE
        )

    def holds(self, other: "Rect") -> bool:
        return (
            other.x >= self.x - TOLERANCE
            and other.right <= self.right + TOLERANCE
            and other.y >= self.y - TOLERANCE
            and other.bottom <= self.bottom + TOLERANCE
        )


def classes(box) -> list[str]:
    element = getattr(box, "element", None)
    if element is None or getattr(box, "element_tag", None) is None:
        return []
    return (element.get("class") or "").split()


def walk(box, ancestors=()):
    yield box, ancestors
    for child in getattr(box, "children", ()):
        yield from walk(child, (*ancestors, box))


def border_rect(box, name: str) -> Rect:
    return Rect(name, box.border_box_x(), box.border_box_y(), box.border_width(), box.border_height())


def content_rect(box, name: str) -> Rect:
    return Rect(name, box.content_box_x(), box.content_box_y(), box.width, box.height)


def text_of(box) -> str:
    return "".join(child.text for child, _up in walk(box) if isinstance(child, wp.TextBox)).strip()


def problems(document, named: tuple[str, ...], frame: str) -> list[str]:
    """Each page's problems, described for a person:

    - a line of text wider than the block that holds it (a word that does not fit), or below a block of fixed
      height (a second line printed over what follows: "Hamburg, 29. November 2026" on the signature line);
    - two boxes with a class of ``named`` (neither inside the other) that overlap;
    - a box of ``named`` outside the page or outside the box with the class ``frame`` that holds it.
    """
    found = []
    for number, page in enumerate(document.pages, start=1):
        root = page._page_box
        page_rect = Rect("page", 0, 0, root.margin_width(), root.margin_height())
        frames = []
        rects = []  # (rect, the box) of the named boxes
        for box, ancestors in walk(root):
            names = classes(box)
            if frame in names:  # inside its border
                frames.append(
                    Rect(
                        frame,
                        box.padding_box_x(),
                        box.padding_box_y(),
                        box.padding_width(),
                        box.padding_height(),
                    )
                )
            hit = [name for name in names if name in named]
            if hit and isinstance(box, wp.BlockLevelBox | wp.InlineBlockBox | wp.TableCellBox):
                rects.append((border_rect(box, hit[0]), box))
            if isinstance(box, wp.LineBox):
                holder = next(
                    (up for up in reversed(ancestors) if isinstance(up, wp.BlockContainerBox)), None
                )
                if holder is None:
                    continue
                inside = content_rect(holder, "")
                fixed = holder.style["height"] != "auto"
                for text, up in walk(box):
                    if not isinstance(text, wp.TextBox) or not text.text.strip():
                        continue
                    if any(str(getattr(b, "element_tag", "")).endswith("::marker") for b in (*up, text)):
                        continue  # a list's bullet stands outside its item by design
                    line = Rect("", text.position_x, text.position_y, text.width, text.height)
                    where = f"page {number}: {text.text.strip()!r} in {' '.join(classes(holder)) or holder.element_tag}"
                    if line.right > inside.right + TOLERANCE or line.x < inside.x - TOLERANCE:
                        found.append(
                            f"{where} runs {max(line.right - inside.right, inside.x - line.x) / MM:.1f} mm past its box"
                        )
                    if fixed and line.bottom > holder.border_box_y() + holder.border_height() + TOLERANCE:
                        found.append(f"{where} runs below its box of fixed height")
        for rect, _box in rects:
            if not page_rect.holds(rect):
                found.append(f"page {number}: {rect.name} leaves the page")
            holding = [f for f in frames if f.overlaps(rect) or f.holds(rect)]
            if frames and holding and not any(f.holds(rect) for f in holding):
                found.append(f"page {number}: {rect.name} leaves the {frame}")
        for index, (rect, box) in enumerate(rects):
            for other, other_box in rects[index + 1 :]:
                related = any(b is box for b, _up in walk(other_box)) or any(
                    b is other_box for b, _up in walk(box)
                )
                if not related and rect.overlaps(other):
                    found.append(
                        f"page {number}: {rect.name} ({text_of(box)[:40]!r}) overlaps {other.name} "
                        f"({text_of(other_box)[:40]!r})"
                    )
    return found


def boxes(document, tag: str, css_class: str = "") -> Iterator[Box]:
    """Every box of a ``tag`` element (with ``css_class``) on every page of a laid-out document."""
    for page in document.pages:
        for box in page._page_box.descendants():
            classes = (box.element.get("class") or "").split() if box.element is not None else []
            if box.element_tag == tag and (not css_class or css_class in classes) and box.element is not None:
                yield box


def texts(box: Box) -> list[TextBox]:
    return [child for child in box.descendants() if isinstance(child, TextBox)]


def words(box: Box) -> str:
    return " ".join(text.text.strip() for text in texts(box))


def cut(box: Box, *, height: float | None = None) -> list[str]:
    """The texts of ``box`` that reach out of its content box sideways, whose line reaches out of it below
    (``height``: the box's height as designed, in px, when the layout may have grown it), or that the layout
    shortened with an ellipsis. A line is measured by its line box (the glyphs' own boxes are taller than a tight
    line-height, and that is no cut)."""
    right = box.content_box_x() + box.width + SLACK
    bottom = box.content_box_y() + (box.height if height is None else height) + SLACK
    found = []
    for line in (child for child in box.descendants() if isinstance(child, LineBox)):
        for text in texts(line):
            if not text.text.strip():
                continue
            if (
                text.position_x + text.width > right
                or line.position_y + line.height > bottom
                or "…" in text.text
            ):
                found.append(text.text)
    return found
