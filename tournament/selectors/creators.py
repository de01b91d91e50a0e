"""Who may create tournaments: site administrators and users given the "create tournaments" permission."""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.shortcuts import render

CREATE_PERMISSION = "tournament.create_tournaments"


def can_create_tournaments(user) -> bool:
    return user.is_authenticated and (user.is_superuser or user.has_perm(CREATE_PERMISSION))


def creator_required(view):
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not can_create_tournaments(request.user):  # says whom to ask, not "no role in this tournament"
            return render(request, "errors/403_create.html", status=403)
        return view(request, *args, **kwargs)

    return wrapped
