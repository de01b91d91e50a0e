"""The refusals about people, logins and tournaments: players and their registrations, staff and their logins, a
tournament's settings and its background jobs. Keyed by code (``code/variant`` when one code has several
sentences); ``where`` is a player or a row of a file as the caller names it."""

from django.utils.translation import gettext_lazy, ngettext_lazy

from tournament.errors.parameters import Plural

MESSAGES = {
    # admin.tournaments
    "admin_read_only": gettext_lazy("%(tournament)s: %(fields)s cannot be changed here."),
    # services.archive_import
    "slug_taken": gettext_lazy(
        "A tournament with the short address %(slug)s exists already; use --replace to overwrite it."
    ),
    # services.people
    "person_busy": gettext_lazy("Someone registered one of these EMA numbers at the same moment; try again."),
    "ema_id_repeated": gettext_lazy("%(where)s: the EMA number %(ema_id)s is also given to %(other)s."),
    # services.players
    "bad_name": gettext_lazy("%(where)s: a name must be text."),
    "name_missing": gettext_lazy("%(where)s: a player needs a name."),
    "bad_ema_id": gettext_lazy("%(where)s: the EMA number %(ema_id)r must be eight digits."),
    "bad_country": gettext_lazy(
        "%(where)s: the country %(country)r must be a three-letter EMA code such as NED."
    ),
    "bad_categories": gettext_lazy("%(where)s: the categories must be a list of texts."),
    "control_character": gettext_lazy(
        "%(where)s: the %(field)s contains the control character %(character)s."
    ),
    "bad_status": gettext_lazy("%(where)s: unknown status %(status)s."),
    "bad_key": gettext_lazy(
        "%(where)s: the key %(key)r may hold only letters, digits, hyphens and underscores, at most "
        "%(count)s."
    ),
    "already_registered": gettext_lazy("%(where)s is registered already (EMA number %(ema_id)s)."),
    "key_taken": gettext_lazy("%(where)s: the key %(key)s is used by another player."),
    "bad_status/plain": gettext_lazy("Unknown status %(status)s."),
    "reserve_has_seats": gettext_lazy(
        "%(player)s has a seat in session %(sessions)s, so cannot become a reserve. A seated player who "
        "stops is withdrawn (the remaining sessions can then be seated again)."
    ),
    "too_many_players/file": gettext_lazy(
        "%(source)s lists %(count)s players; a tournament has at most %(limit)s."
    ),
    "ema_id_taken": gettext_lazy("%(where)s: the EMA number %(ema_id)s belongs to %(other)s already."),
    "control_character/categories": gettext_lazy(
        "%(where)s: the categories contain the control character %(character)s."
    ),
    "already_registered/key": gettext_lazy(
        "%(where)s: the EMA number %(ema_id)s is registered already (key %(key)s)."
    ),
    # services.registrations
    "shared_person": gettext_lazy(
        "%(player)s plays in %(tournaments)s too: the change shows there as well. Confirm it to change the "
        "person everywhere."
    ),
    "no_players_chosen": gettext_lazy("Choose at least one player."),
    "unknown_player_keys": gettext_lazy("%(tournament)s has no player with the key %(keys)s."),
    # services.staff
    "no_such_login": gettext_lazy(
        "There is no login %(username)s. Check the spelling, or create a new login below."
    ),
    "no_password_yet": gettext_lazy(
        "%(username)s has no password yet: it can be appointed once its owner has set one (or by a site "
        "administrator)."
    ),
    "has_role": gettext_lazy("%(username)s is %(role)s of this tournament already."),
    "username_taken": gettext_lazy(
        "The login name %(username)s is taken. Choose another, or appoint the existing login above."
    ),
    "last_organiser": gettext_lazy(
        "%(username)s is the only organiser of %(tournament)s; appoint another organiser first."
    ),
    "no_role": gettext_lazy("%(username)s is not %(role)s of this tournament."),
    "not_site_admin": gettext_lazy("Only a site administrator decides who may create tournaments."),
    "no_such_login/plain": gettext_lazy("There is no login %(username)s. Check the spelling."),
    "bad_username": gettext_lazy("Login name %(username)s: %(problems)s"),
    # services.tournaments
    "bad_slug": gettext_lazy(
        "The short address %(slug)r may hold only lowercase letters, digits and hyphens."
    ),
    "slug_taken/create": gettext_lazy("A tournament with the short address %(slug)s exists already."),
    "unknown_field": gettext_lazy("Unknown tournament fields: %(fields)s"),
    "ruleset_frozen": gettext_lazy("The rules of %(name)s cannot change: results have been entered."),
    "bad_role": gettext_lazy("Unknown role %(role)s."),
    "unknown_grouping": gettext_lazy("Unknown ranking %(name)r; choose from %(known)s."),
    # services.validation
    "bad_submission_key": gettext_lazy(
        "This form is damaged: its submission key is longer than %(count)s characters. Nothing was saved: "
        "open the page again."
    ),
    "too_long": gettext_lazy("%(where)s: the %(field)s is longer than %(count)s characters."),
    "invalid_field": gettext_lazy("%(where)s: %(problems)s"),
    # services.staff: the one-time link to set a password (_link_problem's codes)
    "not_staff": gettext_lazy("That login has no role in this tournament."),
    "shared_login": gettext_lazy(
        "%(username)s also has a role in another tournament: only a site administrator can make a link to set "
        "its password."
    ),
    "no_link": gettext_lazy(
        "%(username)s has a password already; only its owner or a site administrator can change it."
    ),
    # services.people: EMA numbers of people registered elsewhere (``conflicts``: the people, one by one)
    "person_differs": gettext_lazy(
        "%(conflicts)s. Correct the name, or confirm that the person's name and country change everywhere."
    ),
    # services.tournaments: the rule changes of a tournament
    "bad_ruleset_overrides": gettext_lazy(
        'The rule changes must be a JSON object, e.g. {"chombo_points": 20000}.'
    ),
    # services.jobs: the limits of background jobs waiting or in progress (``jobs``: the first ones by title)
    "job_limit_tournament": Plural(
        ngettext_lazy(
            "%(tournament)s already has %(count)s background job waiting or in progress, the most allowed at "
            "once: %(jobs)s. Try again when it is done.",
            "%(tournament)s already has %(count)s background jobs waiting or in progress, the most allowed at "
            "once: %(jobs)s. Try again when one of them is done.",
        )
    ),
    "job_limit_person": Plural(
        ngettext_lazy(
            "You already have %(count)s background job waiting or in progress, the most one person may have at "
            "once: %(jobs)s. Try again when it is done.",
            "You already have %(count)s background jobs waiting or in progress, the most one person may have at "
            "once: %(jobs)s. Try again when one of them is done.",
        )
    ),
}
