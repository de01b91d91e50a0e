"""Content-Security-Policy: no inline script or style on any page; every template is free of them (the one
exception is the print documents' generated <style>, allowed on the print preview alone)."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

TEMPLATES = Path(settings.BASE_DIR) / "templates"
INLINE_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE | re.DOTALL)
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
STYLE_ATTRIBUTE = re.compile(r"<[^>]*\sstyle\s*=", re.IGNORECASE | re.DOTALL)
JAVASCRIPT_URL = re.compile(r"javascript:", re.IGNORECASE)


def policy(response) -> dict[str, list[str]]:
    parts = (part.strip().split() for part in response["Content-Security-Policy"].split(";"))
    return {words[0]: words[1:] for words in parts if words}


def screen_templates() -> list[Path]:
    return [path for path in TEMPLATES.rglob("*.html") if "print" not in path.relative_to(TEMPLATES).parts]


def test_the_template_scan_finds_what_it_looks_for():
    sample = '<select id="a"\n onchange="go()"><script>x()</script><script src="/s.js" defer></script><p style="x">'
    assert INLINE_HANDLER.search(sample) and INLINE_SCRIPT.findall(sample) == ["<script>"]
    assert STYLE_ATTRIBUTE.search(sample) and not INLINE_HANDLER.search('<option value="x" selected>')


@pytest.mark.parametrize("pattern", [INLINE_HANDLER, INLINE_SCRIPT, STYLE_ATTRIBUTE, JAVASCRIPT_URL])
def test_no_template_has_inline_script_or_style(pattern):
    offenders = [
        str(path.relative_to(TEMPLATES))
        for path in TEMPLATES.rglob("*.html")
        if pattern.search(path.read_text())
    ]
    assert offenders == []


def test_only_print_documents_have_a_style_element():
    assert [str(p.relative_to(TEMPLATES)) for p in screen_templates() if "<style" in p.read_text()] == []


@pytest.mark.django_db
def test_a_page_carries_the_policy():
    response = Client().get("/")
    assert response.status_code == 200
    directives = policy(response)
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"] and directives["style-src"] == ["'self'"]
    assert directives["base-uri"] == ["'none'"] and directives["form-action"] == ["'self'"]
    assert "'unsafe-inline'" not in response["Content-Security-Policy"]
    assert b'<script src="/static/js/tenbou.js" defer></script>' in response.content


def test_a_menu_is_sent_by_the_script_or_its_noscript_button(client, demo):
    html = client.get("/t/demo/standings/").content
    assert b"data-autosubmit" in html and b"<noscript>" in html


def test_the_script_does_what_the_handlers_did():
    script = (Path(settings.BASE_DIR) / "static" / "js" / "tenbou.js").read_text()
    assert 'matches("select[data-autosubmit]")' in script and "form.submit()" in script


def test_the_print_preview_alone_allows_its_generated_style(organiser_client, demo):
    preview = organiser_client.get(f"/t/{demo.slug}/print/score-sheets/?session=1")
    assert preview.status_code == 200 and b"<style>" in preview.content
    assert policy(preview)["style-src"] == ["'self'", "'unsafe-inline'"]
    assert policy(preview)["img-src"] == ["'self'", "data:"]
    assert policy(preview)["script-src"] == ["'self'"]
    page = organiser_client.get(f"/t/{demo.slug}/organise/exports/")
    assert page.status_code == 200 and policy(page)["style-src"] == ["'self'"]


# --- the header built once (tournament/operations/csp.py) ---------------------------------------------------------


def _both(request, response):
    """The header django-csp's own middleware gives, and the cached one's, for the same answer."""
    from csp.middleware import CSPMiddleware
    from django.http import HttpResponse

    from tournament.operations.csp import CachedCSPMiddleware

    made = []
    for middleware in (CSPMiddleware, CachedCSPMiddleware):
        answer = HttpResponse("x", status=response.status_code)
        for name in ("_csp_update", "_csp_exempt"):
            if hasattr(response, name):
                setattr(answer, name, getattr(response, name))
        answer = middleware(HttpResponse).process_response(request, answer)  # get_response unused
        made.append(
            (answer.get("Content-Security-Policy"), answer.get("Content-Security-Policy-Report-Only"))
        )
    return made


def test_the_cached_header_is_django_csps_for_every_kind_of_answer(rf, settings):
    from django.http import HttpResponse

    plain, updated, exempt = HttpResponse(), HttpResponse(), HttpResponse()
    updated._csp_update = {"img-src": ["data:"]}
    exempt._csp_exempt = True
    for response in (plain, updated, exempt):
        ours, theirs = _both(rf.get("/t/demo/standings/"), response)[::-1]
        assert ours == theirs
    assert "data:" not in _both(rf.get("/"), plain)[1][0]  # a view's update never leaks into the kept header
    settings.CONTENT_SECURITY_POLICY = {
        "DIRECTIVES": {"default-src": ["'self'"], "img-src": ["'self'", "data:"]}
    }
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = {"DIRECTIVES": {"default-src": ["'none'"]}}
    django_csps, cached = _both(rf.get("/"), plain)
    assert cached == django_csps and cached[1] == "default-src 'none'"
    assert sorted(cached[0].split("; ")) == ["default-src 'self'", "img-src 'self' data:"]
