"""The language links of every page's header (``/language/<code>/?next=<the page>``): the visitor's choice, kept in
the language cookie, and back to the page they were on, its query too. The pages themselves carry no form and no
token for it, so an anonymous page is the same for every reader of its language (issue 23); the cookie is set here,
only when somebody chooses, on an answer that is never cached. Which language a page is in, and how the cookie
ranks among the other sources: tournament/operations/language.py.

``next`` is only ever a page of this site: anything else (another host, a scheme, ``//host``) is a 400 and sets
nothing, so the link cannot send anybody elsewhere."""

from django.conf import settings
from django.shortcuts import redirect
from django.utils.cache import patch_cache_control
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.views.params import BadParameter, language_param


@require_GET
def choose_language(request, code):
    language = language_param({"language": code})
    following = request.GET.get("next") or "/"
    if not following.startswith("/") or not url_has_allowed_host_and_scheme(
        following, allowed_hosts=None, require_https=request.is_secure()
    ):
        raise BadParameter(_("next must be a page of this site."))
    response = redirect(following)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    patch_cache_control(response, private=True, no_store=True)
    return response
