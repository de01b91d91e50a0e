"""Sizes no tournament reaches: input beyond them is refused before it is read or stored (plain Python).

The one home of these bounds: the forms (new tournament, settings, referee, seating), the services, the archive
importer and the commands all read them here, so a value one of them takes is taken by all. The database fields
hold more (a session number is a small integer, up to 32,767); these bounds keep a wrong or hostile entry from
creating thousands of rows or numbers no page can show, and they are the same on SQLite and PostgreSQL.
"""

MAX_PLAYERS = 5_000  # players of one tournament (rows of a player list)
MAX_SEATED_PLAYERS = 2_000  # players the seating generator seats (its work grows with players squared)
MAX_SESSIONS = 40  # sessions of one tournament (a session number is 1 to this)
MAX_TABLES = MAX_PLAYERS // 4  # tables of one session (a table number is 1 to this)
MAX_SEATS = MAX_PLAYERS * MAX_SESSIONS // 10  # rows of a seating file (e.g. 500 players over 40 sessions)
MAX_LEFTOVER_STICKS = 100  # riichi sticks left on a table
MAX_PENALTIES = 10_000  # penalties of one tournament
MAX_CHOMBOS = 20  # chombos of one player in one session, as a results file counts them

# Points. A game starts with 25,000 or 30,000 each; no game ends anywhere near a million.
MAX_RAW_POINTS = 1_000_000  # a table's raw points, either sign
MAX_PENALTY_POINTS = 1_000_000  # one penalty (the books' largest is 48,000, 5.5)
MAX_RULE_POINTS = (
    100_000  # a rule's points, either sign: starting points, each uma, chombo, lateness per minute,
)
#                            substitute's score and uma (the books use at most 30,000); score unit 1 to this

# Time. A session lasts 90 minutes under the rules (5.9); 600 allows the longest day anybody plans as one session.
MAX_SESSION_MINUTES = 600  # a session's length (settings, import, the clock), the minutes late of a penalty
FIRST_YEAR, LAST_YEAR = 2000, 2100  # dates of a tournament and its sessions; outside is a typing mistake

# The seating generator's seed: any 64-bit number (the same seed gives the same seating).
MAX_SEED = 2**63 - 1

# A game's hand log (README, "Hand-by-hand scoring"). A 90-minute game has some 10 to 20 hands (3.5, 5.9).
MAX_HANDS = 200  # hands of one game, chombo re-deals included
MAX_SHEET_LINES = 2 * MAX_HANDS  # lines of a digital score sheet: hands, undos, the time signal
MAX_HAND_LOG_BYTES = 64 * 1024  # the hand log as posted (200 hands of three winners are under 40 KB)
MAX_HAND_LOG_DEPTH = 6  # nesting of the hand log: {"hands": [{"ron": [{"seat": ...}]}]} is 5 deep

# Side rankings (README, "Side rankings and prizes").
MAX_CATEGORY_LENGTH = 39  # a category's name ("newcomer", "ladies", "junior"): 1 to this many characters
MAX_CATEGORIES = 10  # categories of one player
MAX_GROUP_BEST = 100  # K of "the best K members" of a team, country or club
MAX_PRIZES = 100  # prizes of one tournament
