"""Measuring a printed document as WeasyPrint lays it out (issue 28, item 3): the boxes of the elements a test names,
and the words that do not fit in them (cut by ``overflow: hidden``, shortened to "…", or pushing a row taller than
the grid drawn under it). Text extraction cannot see a cut: the clipped glyphs are still in the PDF."""

from collections.abc import Iterator

from weasyprint.formatting_structure.boxes import Box, LineBox, TextBox

MM = 96 / 25.4  # CSS pixels per millimetre
SLACK = 0.05  # px: rounding in the layout


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
