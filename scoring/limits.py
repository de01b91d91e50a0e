"""Every limit of Tenbou, once: sizes no tournament reaches, and bounds on files, requests and searches (plain Python).

The one home of these bounds: the forms, the services, the readers, the pages, the commands and the seating search
all import them from here, by these names, so a value one of them takes is taken by all. A module-level name that
starts with MAX_ is defined here and nowhere else, and no other module defines a name this module defines
(tests/scoring/test_limits_once.py checks both). The database fields hold more (a session number is a small integer,
up to 32,767); these bounds keep a wrong or hostile entry from creating thousands of rows or numbers no page can
show, and they are the same on SQLite and PostgreSQL. The lengths of text columns are the models' own
(tournament.models.lengths reads them from the fields).
"""

import csv

# --- Tournament sizes ----------------------------------------------------------------------------------------------
MAX_PLAYERS = 5_000  # players of one tournament (rows of a player list)
MAX_SEATED_PLAYERS = 2_000  # players the seating generator seats (its work grows with players squared)
MAX_SESSIONS = 40  # sessions of one tournament (a session number is 1 to this)
MAX_TABLES = MAX_PLAYERS // 4  # tables of one session (a table number is 1 to this)
MAX_SEATS = MAX_PLAYERS * MAX_SESSIONS // 10  # rows of a seating file (e.g. 500 players over 40 sessions)
MAX_LEFTOVER_STICKS = 100  # riichi sticks left on a table
MAX_PENALTIES = 10_000  # penalties of one tournament
MAX_FINAL_SESSIONS = 4  # sessions of a final after a cut (docs/organisers.md, "Finals and cuts")
MAX_CHOMBOS = 20  # chombos of one player in one session, as a results file counts them

# --- Points --------------------------------------------------------------------------------------------------------
# A game starts with 25,000 or 30,000 each; no game ends anywhere near a million.
MAX_RAW_POINTS = 1_000_000  # a table's raw points, either sign
MAX_PENALTY_POINTS = 1_000_000  # one penalty (the books' largest is 48,000, 5.5)
MAX_RULE_POINTS = (
    100_000  # a rule's points, either sign: starting points, each uma, chombo, lateness per minute,
)
#                            substitute's score and uma (the books use at most 30,000); score unit 1 to this

# --- Time ----------------------------------------------------------------------------------------------------------
# A session lasts 90 minutes under the rules (5.9); 600 allows the longest day anybody plans as one session.
MAX_SESSION_MINUTES = 600  # a session's length (settings, import, the clock), the minutes late of a penalty
MAX_EXTRA_MINUTES = 120  # extra time given to (or taken back from) a running clock at once
FIRST_YEAR, LAST_YEAR = 2000, 2100  # dates of a tournament and its sessions; outside is a typing mistake

# --- Hands ---------------------------------------------------------------------------------------------------------
# A game's hand log (docs/formats.md, "The hand log"). A 90-minute game has some 10 to 20 hands (3.5, 5.9).
MAX_HANDS = 200  # hands of one game, chombo re-deals included
MAX_SHEET_LINES = 2 * MAX_HANDS  # lines of a digital score sheet: hands, undos, the time signal
MAX_HAND_LOG_BYTES = 64 * 1024  # the hand log as posted (200 hands of three winners are under 40 KB)
MAX_HAND_LOG_DEPTH = 6  # nesting of the hand log: {"hands": [{"ron": [{"seat": ...}]}]} is 5 deep
MAX_FAN = 99  # fan of one hand on a score sheet or the calculator (13 is a counted yakuman)
MAX_FU = 110  # minipoints of a winning hand after rounding (4.1)
MAX_REMEMBERED_SHEETS = 4_096  # hand logs whose counts a process keeps (by content: scoring/statistics.py)

# --- Rankings ------------------------------------------------------------------------------------------------------
# Side rankings (docs/organisers.md, "Side rankings and prizes").
MAX_CATEGORY_LENGTH = 39  # a category's name ("newcomer", "ladies", "junior"): 1 to this many characters
MAX_CATEGORIES = 10  # categories of one player
MAX_GROUP_BEST = 100  # K of "the best K members" of a team, country or club
MAX_PRIZES = 100  # prizes of one tournament
# The EMA ranking's weight (MERS, ema-results-file.md): days and substitutes beyond these do not count.
MAX_COUNTED_DAYS = 3
MAX_COUNTED_SUBSTITUTES = 3
# Series rankings (docs/organisers.md, "Series"; scoring/mers.py, scoring/series.py). The EMA ranking (MERS):
# part A over at least MERS_PART_A results, part B over MERS_PART_B, a player ranked from MERS_MINIMUM results; a
# result counts in full up to MERS_FULL_MONTHS after the tournament's last day, half up to MERS_HALF_MONTHS.
MERS_PART_A = 5
MERS_PART_B = 4
MERS_MINIMUM = 2
MERS_FULL_MONTHS = 12
MERS_HALF_MONTHS = 24
MAX_SERIES_TOURNAMENTS = 200  # tournaments of one series
MAX_SERIES_BEST = 100  # K of a series' "best K tournaments" and M of "at least M tournaments"

# --- Texts ---------------------------------------------------------------------------------------------------------
ANNOUNCEMENT_LENGTH = 280  # characters in one language: what the hall display shows in large type
SHOWN_CHARACTERS = 40  # a value quoted in a refusal (a cell, a JSON key) is cut after this many characters
MAX_SOURCE_NAME = 100  # characters of a results file's name kept in a penalty's reason
MAX_EMA_LINES = 8  # lines of the EMA checks listed on the problems page

# --- Files ---------------------------------------------------------------------------------------------------------
MEGABYTE = 1024 * 1024
MAX_UPLOAD_BYTES = 5 * MEGABYTE  # a list of 5,000 players is well under 1 MB
MAX_UNPACKED_BYTES = 20 * MEGABYTE  # an XLSX is a zip archive: the sum of its parts unpacked
MAX_CELLS_PER_ROW = 200  # cells written in one row of a sheet (empty formatted ones too)
MAX_CELLS = 200_000  # cells written in a sheet (20,000 seats of 4 columns are 80,000)
MAX_COLUMNS = 30  # cells read per row; a list has a handful of columns
MAX_CELL_CHARACTERS = csv.field_size_limit()  # 131,072: the CSV module's own limit
MAX_SHEET_ROWS = 100_000  # rows looked at (empty ones included) before a file is refused as too long
MAX_LISTED_PROBLEMS = 50  # problems of a file listed one by one; the rest are counted
MAX_CHAOS = 0.2  # charset-normalizer's own default: a reading of a CSV file messier than this is no reading
MAX_ARCHIVE_BYTES = 20 * MEGABYTE  # a 300-player, 12-session event is well under 1 MB
MAX_JSON_DEPTH = 16  # nesting of an archive's JSON; the archive's own shape is 6 levels deep
MAX_JSON_DIGITS = 15  # digits of a number in JSON; no count or score of a tournament comes near
LARGE_STATIC_FILE = (
    100 * 1024
)  # a static file above this is Brotli-compressed at quality 9, not 11 (Tenbou's own
# styles and scripts are under it; operations/static_files.py)

# --- Transport and requests ----------------------------------------------------------------------------------------
MAX_REQUEST_BYTES = (
    MAX_UPLOAD_BYTES + MEGABYTE
)  # the largest upload (a player list, a seating file) and its form
SUBMISSION_KEY_LENGTH = 64  # the hidden key that makes a re-post return what the first post created
MAX_PAGE = 1_000_000  # pages of a long list (the audit log of the largest event has far fewer)
MAX_ROW_ID = 2**63 - 1  # a row's id in a request (a 64-bit integer in the database)
MAX_QUERY_CHARACTERS = 100  # what a player types to find themself
MAX_FOUND_PLAYERS = 30  # players a search on the phone lists
MAX_JOB_ATTEMPTS = 3  # runs of a background job whose worker stopped, before it is given up
# pages a pack lays out at once of a document whose pages stand alone (tournament/printing/packs.py): the layout
# held in memory, and how often the job's page sees the pages done move
PACK_CHUNK_PAGES = 25
# The read API (docs/api.md): requests per minute from one address (TENBOU_API_RATE overrides it). A hall's shared
# Wi-Fi address of 400 phones each asking every 45 s (static/js/live.js's pace) is about 530 a minute.
API_REQUESTS_PER_MINUTE = 1200
API_PAGE_SIZE = 100  # rows of a page of a list of the API (?per_page= up to MAX_PLAYERS)
# Addresses whose page the fast path of the public pages remembers having looked up (operations.fast_public): the
# live pages of several events' players (400 each) and their hall screens; an address beyond it is looked up again
FAST_PATH_ADDRESSES = 4096
# The change stamps a server process keeps between the database's notices (tournament/database/notices.py): one per
# tournament with public pages, and the site's; beyond it, all are forgotten and read again
KEPT_STAMPS = 1024
# Seconds without a notice after which the listening connection is checked (its own notice must come back to it;
# TCP keep-alives too), and how long that notice may take
NOTICE_HEARTBEAT_SECONDS = 10
NOTICE_ECHO_SECONDS = 5
# Seconds before connecting again after the listening connection failed: the first wait, doubled up to the second
NOTICE_RETRY_SECONDS = (1, 30)

# --- Search --------------------------------------------------------------------------------------------------------
# The seating generator's seed: any 64-bit number (the same seed gives the same seating).
MAX_SEED = 2**63 - 1
MAX_SEARCH_EFFORT = 16_000_000  # swaps the generator's portfolio evaluates, about half a microsecond each
MAX_SEARCH_POSITIONS = 40  # conflict positions the tabu search looks at per iteration (sampled when more)
MAX_RELABEL_POSITIONS = 24  # positions in conflict the relabelling looks at per iteration (sampled when more)
DEMO_TIME_BUDGET = (
    600  # seconds the demo's seating may take: its effort ends it (some 10 s), never this clock
)
