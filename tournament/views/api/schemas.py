"""The shapes of the read API's answers, for its OpenAPI schema (drf-spectacular reads these serializers; the
answers themselves are the records of presenters.api and presenters.records, dumped as they are, and the tests
check every answer against this schema). Amounts are integer points as the table counts them (raw 41200, a result
of +23.4 is 23400), as in the ``standings`` command's JSON; dates and times ISO 8601; nothing localised."""

from rest_framework import serializers

from scoring.series import AVERAGE_BEST, MERS, SUM_BEST
from scoring.standings import GROUPS

WINDS = ("E", "S", "W", "N")
RULES = (MERS, SUM_BEST, AVERAGE_BEST)


class Nullable:
    """A field that may be null."""

    @staticmethod
    def int(**kw):
        return serializers.IntegerField(allow_null=True, **kw)

    @staticmethod
    def str(**kw):
        return serializers.CharField(allow_null=True, allow_blank=True, **kw)


class Tournament(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    short_name = serializers.CharField(allow_blank=True)
    city = serializers.CharField(allow_blank=True)
    country = serializers.CharField(allow_blank=True, help_text="IOC/EMA country code of the host")
    start_date = serializers.DateField(allow_null=True)
    end_date = serializers.DateField(allow_null=True)
    ruleset = serializers.CharField(help_text="ema-2016, ema-2008 or nts")
    language = serializers.CharField()
    standings_visible = serializers.BooleanField(help_text="false while the organiser hides the standings")


class ShownRanking(serializers.Serializer):
    kind = serializers.ChoiceField(["team", "country", "club", "category"])
    category = Nullable.str(help_text="the category's name (kind category), else null")


class TournamentDetail(Tournament):
    players = serializers.IntegerField()
    sessions = serializers.IntegerField()
    sessions_with_results = serializers.ListField(child=serializers.IntegerField())
    rankings = ShownRanking(many=True, help_text="the side rankings the organiser shows")


class Page(serializers.Serializer):
    count = serializers.IntegerField(help_text="rows in the whole list")
    next = Nullable.str(help_text="the address of the next page (a path), null on the last")
    previous = Nullable.str(help_text="the address of the previous page (a path), null on the first")


class TournamentPage(Page):
    results = Tournament(many=True)


class SessionLine(serializers.Serializer):
    session = serializers.IntegerField()
    table = Nullable.int()
    wind = serializers.ChoiceField(WINDS, allow_null=True)
    raw = Nullable.int()
    score = serializers.IntegerField()
    uma = serializers.IntegerField()
    penalties = serializers.IntegerField()
    total = serializers.IntegerField()
    substitute = Nullable.str()


class StandingRow(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    player = serializers.CharField(help_text="the player's key in this tournament")
    first_name = serializers.CharField(allow_blank=True)
    last_name = serializers.CharField()
    ema_id = Nullable.str()
    country = serializers.CharField(allow_blank=True)
    status = serializers.CharField()
    sessions = SessionLine(many=True)
    total = serializers.IntegerField()
    finalist = serializers.BooleanField(help_text="after a cut: one of the finalists")
    group = serializers.ChoiceField(
        GROUPS, allow_null=True, help_text="after a cut: final, consolation or out; null without a cut"
    )
    carry = Nullable.int(help_text="after a cut: the carried total (finalists, consolation group); else null")


class PrizeRow(StandingRow):
    prize_rank = serializers.IntegerField(help_text="the place for prizes after the tie-breaks")
    prize_tied = serializers.BooleanField()


class Standings(serializers.Serializer):
    tournament = serializers.SlugField()
    after_session = serializers.IntegerField(help_text="the last session counted (0: none yet)")
    rows = PrizeRow(many=True)


class GroupRow(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    team = serializers.CharField(required=False, help_text="the group's name, under the grouping's own key")
    country = serializers.CharField(required=False)
    club = serializers.CharField(required=False)
    members = serializers.ListField(child=serializers.CharField())
    counted = serializers.ListField(child=serializers.CharField())
    total = serializers.IntegerField()
    short = serializers.BooleanField()


class GroupRanking(serializers.Serializer):
    tournament = serializers.SlugField()
    after_session = serializers.IntegerField()
    by = serializers.ChoiceField(["team", "country", "club"])
    best = Nullable.int(help_text="the members counted per group (null: all)")
    rows = GroupRow(many=True)


class CategoryRow(StandingRow):
    overall_rank = serializers.IntegerField()
    overall_tied = serializers.BooleanField()


class CategoryRanking(serializers.Serializer):
    tournament = serializers.SlugField()
    after_session = serializers.IntegerField()
    category = serializers.CharField()
    rows = CategoryRow(many=True)


class Figures(serializers.Serializer):
    raw = serializers.IntegerField()
    place = Nullable.int(
        help_text="the place at the table (shared on ties); null for a mid-session substitute"
    )
    score = serializers.IntegerField()
    uma = serializers.IntegerField()
    penalties = serializers.IntegerField()
    total = serializers.IntegerField()
    substitute = Nullable.str()


class Seat(serializers.Serializer):
    wind = serializers.ChoiceField(WINDS)
    player = serializers.CharField()
    first_name = serializers.CharField(allow_blank=True)
    last_name = serializers.CharField()
    substitute = Nullable.str(help_text="who plays the seat from the start in the player's place")
    figures = Figures(allow_null=True, help_text="null until the table's result counts")


class Table(serializers.Serializer):
    table = serializers.IntegerField()
    result = serializers.BooleanField(help_text="the table's result counts")
    unconfirmed = serializers.BooleanField()
    seats = Seat(many=True)


class Session(serializers.Serializer):
    number = serializers.IntegerField()
    starts_at = serializers.DateTimeField(allow_null=True)
    duration_minutes = Nullable.int()
    seating_published = serializers.BooleanField()
    tables = serializers.IntegerField()
    tables_with_results = serializers.IntegerField()


class SessionDetail(Session):
    tables = Table(many=True, help_text="empty while the seating is not published")


class Player(serializers.Serializer):
    key = serializers.CharField()
    first_name = serializers.CharField(allow_blank=True)
    last_name = serializers.CharField()
    ema_id = Nullable.str()
    country = serializers.CharField(allow_blank=True)
    club = serializers.CharField(allow_blank=True)
    team = serializers.CharField(allow_blank=True)
    status = serializers.CharField()


class PlayerPage(Page):
    results = Player(many=True)


class PlayerSeat(serializers.Serializer):
    session = serializers.IntegerField()
    table = serializers.IntegerField()
    wind = serializers.ChoiceField(WINDS)
    substitute = Nullable.str()


class PlayerStanding(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    sessions = SessionLine(many=True)
    total = serializers.IntegerField()


class PlayerDetail(Player):
    seats = PlayerSeat(many=True)
    standing = PlayerStanding(allow_null=True, help_text="null while the standings are hidden")


class SeriesFields(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    rule = serializers.ChoiceField(RULES)
    best = Nullable.int(help_text="sum-best, average-best: the best K tournaments count")
    minimum = Nullable.int(help_text="average-best: at least M tournaments to be ranked")


class SeriesSummary(SeriesFields):
    url = serializers.CharField(help_text="the series' address in the API")


class SeriesPage(Page):
    results = SeriesSummary(many=True)


class SeriesTournament(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    last_day = serializers.DateField()
    players = serializers.IntegerField(help_text="the ranked players of its final standings")
    weight = serializers.FloatField(help_text="its MERS weight (1, 1.5, 2...)")


class SeriesDetail(SeriesFields):
    on = serializers.DateField(help_text="today: the day the tournaments are counted on")
    tournaments = SeriesTournament(many=True, help_text="the finished tournaments counted, the latest first")
    ranked = serializers.IntegerField()
    unranked = serializers.IntegerField(help_text="people with too few results to be ranked")
    players_without_ema_id = serializers.IntegerField(help_text="results left out: no EMA number")
    ranking = serializers.CharField(help_text="the ranking's address in the API")


class SeriesResult(serializers.Serializer):
    tournament = serializers.SlugField()
    place = serializers.IntegerField()
    players = serializers.IntegerField()
    total = serializers.IntegerField(help_text="the tournament total, in points as the standings count them")
    base_rank = serializers.IntegerField()
    weight = serializers.FloatField()
    age_factor = serializers.FloatField(
        allow_null=True, help_text="mers: 1, 0.5 (or 0: not counted); else null"
    )
    counted = serializers.BooleanField()


class SeriesRow(serializers.Serializer):
    rank = serializers.IntegerField(help_text="shared on equal scores")
    ema_id = serializers.CharField()
    name = serializers.CharField()
    country = serializers.CharField(allow_blank=True)
    score = serializers.FloatField(help_text="mers: 2 decimals; sum-best: points; average-best: 2 decimals")
    counted = serializers.IntegerField(help_text="results counted")
    results = SeriesResult(many=True)
    part_a = serializers.FloatField(required=False, help_text="mers only")
    part_b = serializers.FloatField(required=False, help_text="mers only")


class SeriesRanking(serializers.Serializer):
    series = serializers.SlugField()
    name = serializers.CharField()
    rule = serializers.ChoiceField(RULES)
    best = Nullable.int()
    minimum = Nullable.int()
    on = serializers.DateField()
    tournaments = serializers.ListField(child=serializers.SlugField(), help_text="counted, the latest first")
    players_without_ema_id = serializers.IntegerField()
    rows = SeriesRow(many=True, help_text="the ranked, best first")


def _number(**kw):
    return serializers.FloatField(allow_null=True, **kw)


class StatisticsFigures(serializers.Serializer):
    sessions = serializers.IntegerField(help_text="sessions played in their own seat")
    sheets = serializers.IntegerField(help_text="of which on a digital score sheet")
    hands = serializers.IntegerField()
    wins = serializers.IntegerField()
    ron = serializers.IntegerField()
    tsumo = serializers.IntegerField()
    deal_ins = serializers.IntegerField()
    riichi = serializers.IntegerField()
    win_rate = _number(help_text="a fraction of the hands, 4 decimals (0.25); null without hands")
    deal_in_rate = _number()
    riichi_rate = _number()
    average_win = Nullable.int(help_text="points; null without a win")
    highest_win = Nullable.int()
    chombos = serializers.IntegerField()
    average_place = _number(help_text="2 decimals; null without a session")
    places_1 = serializers.IntegerField()
    places_2 = serializers.IntegerField()
    places_3 = serializers.IntegerField()
    places_4 = serializers.IntegerField()


class StatisticsRow(StatisticsFigures):
    key = serializers.CharField(help_text="the player's key in this tournament")
    first_name = serializers.CharField(allow_blank=True)
    last_name = serializers.CharField()
    ema_id = serializers.CharField(allow_blank=True)
    country = serializers.CharField(allow_blank=True)


class Statistics(serializers.Serializer):
    tournament = serializers.SlugField()
    tables = serializers.IntegerField(help_text="tables with a counted result")
    sheets = serializers.IntegerField(help_text="of which kept on a digital score sheet (0: the places only)")
    rows = StatisticsRow(many=True)


class PersonTournament(serializers.Serializer):
    tournament = serializers.SlugField()
    name = serializers.CharField()
    last_day = serializers.DateField()
    player = serializers.CharField(help_text="their key in that tournament")
    place = Nullable.int(
        help_text="in its final standings; null while not finished or the standings are hidden"
    )
    players = Nullable.int()
    total = Nullable.int()
    base_rank = Nullable.int()


class PersonSeries(serializers.Serializer):
    series = serializers.SlugField()
    name = serializers.CharField()
    rule = serializers.ChoiceField(RULES)
    rank = serializers.IntegerField()
    score = serializers.FloatField()


class PersonTournamentStatistics(StatisticsFigures):
    tournament = serializers.SlugField()


class PersonStatistics(serializers.Serializer):
    tournaments = PersonTournamentStatistics(many=True, help_text="per tournament, the latest first")
    total = StatisticsFigures(help_text="summed over them: the rates from the summed counts")


class Person(serializers.Serializer):
    ema_id = serializers.CharField()
    first_name = serializers.CharField(allow_blank=True)
    last_name = serializers.CharField()
    country = serializers.CharField(allow_blank=True)
    tournaments = PersonTournament(
        many=True, help_text="the public tournaments they played, the latest first"
    )
    series = PersonSeries(many=True, help_text="the public series they are ranked in")
    statistics = PersonStatistics()


class Index(serializers.Serializer):
    tournaments = serializers.CharField()
    series = serializers.CharField()
    schema = serializers.CharField()
    docs = serializers.CharField()


class Error(serializers.Serializer):
    detail = serializers.CharField(help_text="what was wrong, in the tournament's language")


ERRORS = {400: Error, 404: Error, 429: Error}


def answers(shape) -> dict:
    """An operation's answers: its shape, and the refusals' (a wrong parameter, not found or hidden, too many)."""
    return {200: shape, **ERRORS}
