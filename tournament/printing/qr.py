"""QR codes for paper, made here by segno (no web service): an SVG data URI WeasyPrint draws offline, sharp at any
size. The address comes from tournament.display.public_url (TENBOU_PUBLIC_URL, the request's host, or localhost)."""

import segno


def qr_data_uri(url: str) -> str:
    """The QR code of ``url`` (error correction M: a crease or a coffee ring still reads) as an SVG data URI."""
    return segno.make(url, error="m", micro=False).svg_data_uri(scale=4, border=2)
