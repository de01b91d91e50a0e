"""Sizes no tournament reaches: input beyond them is refused before it is read or stored (plain Python).

The database fields hold more (a session number is a small integer, up to 32,767); these bounds keep a wrong or
hostile file from creating thousands of rows, and they are the same on SQLite and PostgreSQL.
"""

MAX_PLAYERS = 5_000  # players of one tournament (rows of a player list)
MAX_SESSIONS = 40  # sessions of one tournament (a session number is 1 to this)
MAX_TABLES = MAX_PLAYERS // 4  # tables of one session (a table number is 1 to this)
MAX_SEATS = MAX_PLAYERS * MAX_SESSIONS // 10  # rows of a seating file (e.g. 500 players over 40 sessions)
MAX_RAW_POINTS = 10_000_000  # a table's raw points, either sign (a game starts with 25,000 or 30,000)
MAX_PENALTY_POINTS = 10_000_000
MAX_MINUTES = 24 * 60  # a session's length, minutes late
MAX_LEFTOVER_STICKS = 100  # riichi sticks left on a table
MAX_PENALTIES = 10_000  # penalties of one tournament

# A game's hand log (README, "Hand-by-hand scoring"). A 90-minute game has some 10 to 20 hands (3.5, 5.9).
MAX_HANDS = 200  # hands of one game, chombo re-deals included
MAX_SHEET_LINES = 2 * MAX_HANDS  # lines of a digital score sheet: hands, undos, the time signal
