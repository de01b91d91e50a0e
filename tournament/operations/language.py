"""The language of a tournament's pages (middleware, just after Django's LocaleMiddleware).

Who decides, first that applies:
1. the hall's screens (the display audience, operations.audiences: the display and the clock) are in the
   tournament's language, for the whole room, whatever the browser that opened them has chosen;
2. the visitor's own choice (the language switch's cookie);
3. the browser's Accept-Language, where it names one of our languages (LocaleMiddleware);
4. on a tournament's pages (an address with its slug), the tournament's language (``Tournament.language``);
5. elsewhere settings.LANGUAGE_CODE.
The browser comes before the tournament: a Dutch browser at an English tournament keeps Dutch, as before the
tournament had a language; a browser that asks for none of ours reads the tournament's.

The tournament read here is kept on the request (``request.url_tournament``) for views.access, so the page reads it
once. A page whose language can come from the cookie varies by it (``Vary: Cookie``; LocaleMiddleware adds
``Accept-Language``); the hall's screens, whose language no visitor chooses, do not. The public pages' cache keys hold
the language (views/public/live.py). The cookie is set by the header's language links (views/public/language.py),
only when somebody chooses: an anonymous reader carries no other cookie, so ``Vary: Cookie`` sorts them by the
language they chose and nothing else.
"""

from django.conf import settings
from django.utils import translation
from django.utils.cache import patch_vary_headers

from tournament.models import Tournament
from tournament.operations.audiences import of_request


def chosen_language(request) -> str | None:
    """The language the visitor chose with the switch, if it is one of ours."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    return code if code in dict(settings.LANGUAGES) else None


def browser_language(request) -> str | None:
    """The first language of the browser's Accept-Language that is one of ours, if any."""
    # META, not request.headers: that builds every header's entry first (8 µs of the fast path's answer)
    for part in request.META.get("HTTP_ACCEPT_LANGUAGE", "").split(","):
        tag, _semi, weight = part.strip().partition(";")
        if not tag or tag == "*" or weight.replace(" ", "") in ("q=0", "q=0.0", "q=0.00", "q=0.000"):
            continue
        try:
            return translation.get_supported_language_variant(tag)
        except LookupError:
            continue
    return None


def page_language(request, tournament: Tournament, *, hall: bool) -> str | None:
    """The language of this tournament's page, or None to keep LocaleMiddleware's choice."""
    own = tournament.language if tournament.language in dict(settings.LANGUAGES) else None
    if hall:
        return own
    return None if chosen_language(request) or browser_language(request) else own


def reader_language(request, tournament: Tournament, *, hall: bool) -> str:
    """The language of this tournament's page (``hall``: a hall screen's) for this reader, as LocaleMiddleware and
    this middleware decide it together: for the fast path (operations.fast_public), which answers before both."""
    return page_language(request, tournament, hall=hall) or translation.get_language_from_request(request)


class TournamentLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not getattr(request, "hall_language", False):
            patch_vary_headers(response, ("Cookie",))
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        slug = view_kwargs.get("slug")
        if not slug:
            return None
        tournament = Tournament.objects.filter(slug=slug).first()
        request.url_tournament = tournament
        if tournament is None:
            return None
        audience = of_request(request)
        request.hall_language = audience is not None and audience.hall
        language = page_language(request, tournament, hall=request.hall_language)
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return None
