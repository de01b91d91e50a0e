"""Printed documents: the registry and the context of each (documents.py), HTML to PDF with vendored fonts and no
network (pdf.py). Templates are in templates/print/, the stylesheet is static/css/print.css."""
