"""Snafu (trap version): light-cycle trails on a 37 x 21 grid (pure rules, no I/O).

See docs/rules/snafu.md for the rules as implemented and every decision.
A move is one tick: the directions of the device-controlled trails packed
3 bits each (red in bits 0-2, blue in bits 3-5); computer trails choose their
own direction inside play(). All chance (start directions, obstacles, classic
computer turns, dice for contested squares) comes from the Rng in the state.
"""

from shared_rules.contract import check_option, find_option
from shared_rules.rng import Rng

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


NAME = "snafu"
TITLE = "Snafu"
VERSION = 3  # 2: the match (rounds, wins) is part of the state; 3: the rule set
KIND = "realtime"
SEATS_MIN = 2
SEATS_MAX = 4
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow")
LOW_WINS = False
CLEAN = ("Won", "match won")
SUMMARY = ("variant", "others", "winner_name", "ticks", "lengths", "wins", "draws")
PLAYER_KEY = ("red", {"best": "smart", "greedy": "classic"})  # run --auto names red's player
PROFILE = None
# What `make bench` measures (label, options, the option swept for step times): four
# trails at top speed on the variant with the most obstacles: smart trails against the
# person (played by the smart player), and a watched match of classic trails (a person
# loads no player: the classic game holds only its own code).
BENCH = (
    ("snafu", {"variant": 13, "speed": 4, "others": "smart"}, "variant"),
    (
        "snafu-classic",
        {"variant": 13, "speed": 4, "others": "classic", "humans": 0, "rounds": 3},
        "variant",
    ),
)
MAX_ROUNDS = const(9)
SCORE_RANGE = (0, MAX_ROUNDS)  # rounds red won in a match

COLS = const(37)
ROWS = const(21)
W = const(39)  # padded with a wall all round: cell = (row + 1) * W + col + 1
H = const(23)
CELLS = const(897)  # W * H

RED = const(0)
BLUE = const(1)
GREEN = const(2)
YELLOW = const(3)
COLORS = ("red", "blue", "green", "yellow")
STARTS = ((6, 11), (32, 11), (19, 5), (19, 17))  # 1-based (col, row), as the text says

# Cell values: 0 empty, 1..4 trail of red..yellow, obstacle, wall.
EMPTY = const(0)
OBSTACLE = const(5)
WALL = const(6)

# Directions clockwise from up.
UP = const(0)
UP_RIGHT = const(1)
RIGHT = const(2)
DOWN_RIGHT = const(3)
DOWN = const(4)
DOWN_LEFT = const(5)
LEFT = const(6)
UP_LEFT = const(7)
DIR_NAMES = ("U", "UR", "R", "DR", "D", "DL", "L", "UL")
DX = (0, 1, 1, 1, 0, -1, -1, -1)
DY = (-1, -1, 0, 1, 1, 1, 0, -1)
OFFSET = (-W, -W + 1, 1, W + 1, W, W - 1, -1, -W - 1)

# Speeds 1..4: frames of 25 ms per tick (300, 200, 150, 100 ms).
TICK_FRAMES = (12, 8, 6, 4)
NO_PLAN = const(255)

# The options screen's table (docs/contract.md). A variant stands for the four
# switches below it, which new() also takes one by one (the simulator's flags).
OPTIONS = (
    ("variant", "Variant", tuple(range(1, 17)), 1, "the 16 variations (rules page)"),
    ("humans", "Players", (1, 2, 0), 1, "0: watch the computer trails"),
    ("speed", "Speed", (1, 2, 3, 4), 2, "ticks of 300/200/150/100 ms"),
    ("others", "Others", ("classic", "smart"), "classic", "how computer trails steer"),
    ("rounds", "Rounds", (1, 3, 5, 9), 1, "rounds in a match"),
    ("rules", "Rules", ("text", "arcade"), "text", "arcade: a blocked trail crashes"),
)
SWITCHES = (
    ("trails", "Trails", (2, 4), 2, "trails on the board"),
    ("diagonal", "Diagonal", (False, True), False, "8-way moves"),
    ("vanish", "Vanish", (False, True), False, "crashed trails vanish"),
    ("obstacles", "Blocks", (False, True), False, "5-8 obstacles"),
)
DEFAULTS = {}
for _row in SWITCHES + OPTIONS[1:]:
    DEFAULTS[_row[0]] = _row[3]
M_NEXT = const(64)  # between rounds: start the next one (ticks are 0..63)


def variant_options(v):
    """Variant 1..16 -> (trails, diagonal, vanish, obstacles). See docs/rules/snafu.md."""
    if not 1 <= v <= 16:
        raise ValueError("snafu variant must be 1..16, got %r" % (v,))
    b = v - 1
    return (4 if b & 8 else 2), bool(b & 4), bool(b & 2), bool(b & 1)


def variant_number(trails, diagonal, vanish, obstacles):
    return (
        1
        + (8 if trails == 4 else 0)
        + (4 if diagonal else 0)
        + (2 if vanish else 0)
        + (1 if obstacles else 0)
    )


def normalize_options(options):
    """Defaults filled in, `variant` expanded, every value checked. Raises ValueError."""
    o = dict(DEFAULTS)
    if not options:
        return o
    if not isinstance(options, dict):
        raise ValueError("snafu options must be a record")
    for key in options:
        row = find_option(OPTIONS, key) or find_option(SWITCHES, key)
        if row is None:
            raise ValueError("snafu has no option %r" % (key,))
        if key != "variant":
            o[key] = check_option(NAME, row, options[key])
    if "variant" in options:
        v = check_option(NAME, OPTIONS[0], options["variant"])
        switches = variant_options(v)
        for i in range(4):
            key = SWITCHES[i][0]
            if key in options and o[key] != switches[i]:
                raise ValueError("snafu %s contradicts variant %d" % (key, v))
            o[key] = switches[i]
    return o


def option_text(key, value):
    if value is True or value is False:
        return "on" if value else "off"
    return str(value)


def describe(opts):
    """Two short lines describing a variant."""
    trails, diagonal, vanish, obstacles = variant_options(opts["variant"])
    return (
        "%d trails %s" % (trails, "8-way" if diagonal else "4-way"),
        "%s %s" % ("vanish" if vanish else "stay", "obstacles" if obstacles else "open"),
    )


def round_seed(seed, r):
    """The board of round r of a match comes from its own seed."""
    return (seed + 7919 * (r - 1)) & 0x7FFFFFFF


class Snafu:
    def __init__(self):
        self.opts = dict(DEFAULTS)
        self.rng = Rng(1)
        self.board = bytearray(CELLS)
        self.head = [-1, -1, -1, -1]
        self.dir = bytearray(4)
        self.alive = bytearray(4)
        self.playing = bytearray(4)  # in this game at all
        self.length = [0, 0, 0, 0]
        self.crash = [-1, -1, -1, -1]  # cell where the trail crashed
        self.tick = 0
        self.winner = -2  # -2 playing, -1 draw, else the winning trail
        self.seed = 0
        self.rolls = [0, 0, 0, 0]  # dice rolled for contested squares in the last tick
        self.plan = bytearray(b"\xff\xff\xff\xff")  # smart trails' next directions, 255: none
        self.nmoves = 0
        # the match: round r of `rounds` (round r's board comes from round_seed(match_seed, r))
        self.match_seed = 0
        self.round = 1
        self.wins = [0, 0, 0, 0]
        self.draws = 0
        self.history = []  # per finished round: (winner, ticks)


def cell(col, row):
    """1-based (col, row) -> cell index."""
    return row * W + col


def col_row(c):
    """Cell index -> 1-based (col, row)."""
    return c % W, c // W


def _walls(board):
    for c in range(CELLS):
        x = c % W
        y = c // W
        board[c] = WALL if x == 0 or y == 0 or x == W - 1 or y == H - 1 else EMPTY


def roll_direction(rng, diagonal):
    """The text's start roll: [d6 1-3 diagonal / 4-6 not], then d6 for the way, 5-6 again."""
    if diagonal and rng.die() <= 3:
        table = (UP_LEFT, UP_RIGHT, DOWN_RIGHT, DOWN_LEFT)
    else:
        table = (UP, RIGHT, DOWN, LEFT)
    while True:
        r = rng.die()
        if r <= 4:
            return table[r - 1]


def obstacle_count(rng, text=True):
    """Text rules: 4 + a d6 rolled again on 5-6, so 5 to 8 (D3); arcade: 4 + half a d6
    rounded up, 5 to 7 (the reading saves and replays made before the text rules keep)."""
    if not text:
        return 4 + (rng.die() + 1) // 2
    while True:
        r = rng.die()
        if r <= 4:
            return 4 + r


def text_rules(s):
    return s.opts["rules"] == "text"


def record_options(options):
    """The options as a save or a replay records them: the rule set always written, so a
    file without it is one made before the text rules (arcade, upgrade_options)."""
    o = dict(options or {})
    o["rules"] = normalize_options(options)["rules"]
    return o


def upgrade_options(options):
    """Options read from a save or replay: one without a rule set predates the text rules
    and plays as it was made (arcade)."""
    if "rules" in options:
        return options
    o = dict(options)
    o["rules"] = "arcade"
    return o


def new(seed, options=None, profile=None):
    """A match: round 1's board from `seed` (a single round unless `rounds` says more)."""
    o = normalize_options(options)
    s = Snafu()
    s.opts = o
    s.match_seed = int(seed)
    _deal_round(s, int(seed))
    return s


def _deal_round(s, seed):
    """Clear the board and start a round from `seed`: trails, headings, obstacles."""
    o = s.opts
    s.seed = seed
    s.rng = Rng(seed)
    s.tick = 0
    s.winner = -2
    for t in range(4):
        s.head[t] = -1
        s.dir[t] = 0
        s.alive[t] = 0
        s.playing[t] = 0
        s.length[t] = 0
        s.crash[t] = -1
        s.rolls[t] = 0
    _walls(s.board)
    for t in range(o["trails"]):
        col, row = STARTS[t]
        c = cell(col, row)
        s.playing[t] = 1
        s.alive[t] = 1
        s.head[t] = c
        s.board[c] = t + 1
        s.length[t] = 1
    for t in range(4):
        if s.playing[t]:
            s.dir[t] = roll_direction(s.rng, o["diagonal"])
    if o["obstacles"]:
        _place_obstacles(s)


def _place_obstacles(s):
    """2x2 boxes at random, inside the board, not overlapping each other, a start square
    or a trail's first step."""
    keep = []
    for t in range(4):
        if s.playing[t]:
            keep.append(s.head[t])
            keep.append(s.head[t] + OFFSET[s.dir[t]])
    n = obstacle_count(s.rng, text_rules(s))
    placed = 0
    while placed < n:
        col = 1 + s.rng.below(COLS - 1)  # top-left corner, so the box fits
        row = 1 + s.rng.below(ROWS - 1)
        c = cell(col, row)
        box = (c, c + 1, c + W, c + W + 1)
        ok = True
        for b in box:
            if s.board[b] != EMPTY or b in keep:
                ok = False
        if ok:
            for b in box:
                s.board[b] = OBSTACLE
            placed += 1


# ---- directions ----------------------------------------------------------


def reverse(d):
    return (d + 4) & 7


def directions(s):
    """Directions a trail may take: 4 straight ones, or all 8 with diagonals."""
    return (0, 1, 2, 3, 4, 5, 6, 7) if s.opts["diagonal"] else (0, 2, 4, 6)


_HUMANS = ((), (RED,), (RED, BLUE))


def human_trails(s):
    """Trails steered by the device's players (red, then blue)."""
    return _HUMANS[s.opts["humans"]]


def classic_dir(s, t):
    """The text's computer trail: straight on if free, else a random free square, else
    straight on (and crash). Uses the state's Rng."""
    board = s.board
    head = s.head[t]
    d = s.dir[t]
    if board[head + OFFSET[d]] == EMPTY:
        return d
    n = 0
    free = _free_dirs
    for nd in directions(s):
        if board[head + OFFSET[nd]] == EMPTY:
            free[n] = nd
            n += 1
    if n == 0:
        return d
    return free[s.rng.below(n)]


_free_dirs = bytearray(8)


_ai = [None]  # the smart player's module, imported on first use (a tick allocates nothing)


def _smart():
    if _ai[0] is None:
        from shared_rules import snafu_ai

        _ai[0] = snafu_ai
    return _ai[0]


def release_players():
    """The smart player's module let go (the device drops it when a match ends)."""
    _ai[0] = None


def _computer_dir(s, t):
    if s.opts["others"] == "smart":
        return _smart().smart_dir(s, t)
    return classic_dir(s, t)


def plan_next(s):
    """Work out one smart computer trail's direction for the next tick now; False when
    none is left to work out. A screen calls it on the frames between ticks so that no
    frame does every trail's search; play() takes the planned directions. The smart
    player is a function of the board, the heads and the trail's own heading (no dice),
    all fixed between ticks, so a planned direction is the one play() would choose:
    replays and saves (which keep no plan) are unchanged."""
    if s.opts["others"] != "smart" or s.winner != -2:
        return False
    humans = human_trails(s)
    for t in range(4):
        if s.alive[t] and s.plan[t] == NO_PLAN and t not in humans:
            s.plan[t] = _smart().smart_dir(s, t)
            return True
    return False


# ---- the contract --------------------------------------------------------


def to_act(s):
    return -1 if over(s) else 0


def round_over(s):
    """The current round has ended (the match may go on)."""
    return s.winner != -2


def over(s):
    """The match has ended: its last round is over."""
    return s.winner != -2 and s.round >= s.opts["rounds"]


def seats(s):
    return s.opts["trails"]


def humans(s):
    return human_trails(s)


def claimants(s):
    return ()


def winner(s):
    """The match's winner: the trail with the most rounds won, -1 for a tie or not over."""
    if not over(s):
        return -1
    best = -1
    top = -1
    for t in range(4):
        if s.playing[t] and s.wins[t] > top:
            best, top = t, s.wins[t]
        elif s.playing[t] and s.wins[t] == top:
            best = -1
    return best


def clean(s):
    """A finished match counts as clean (CLEAN): red won more rounds than any other."""
    return s.wins[RED] > max(s.wins[1:])


def summary(s):
    o = s.opts
    w = winner(s)
    return {
        "score": score(s),
        "clean": clean(s),
        "variant": variant_number(o["trails"], o["diagonal"], o["vanish"], o["obstacles"]),
        "others": o["others"],
        "winner_name": "draw" if w < 0 else COLORS[w],
        "ticks": s.tick,
        "lengths": [s.length[t] for t in range(4) if s.playing[t]],
        "wins": [s.wins[t] for t in range(4) if s.playing[t]],
        "draws": s.draws,
        "rounds": [
            {"round": i + 1, "winner": h[0], "ticks": h[1]} for i, h in enumerate(s.history)
        ],
    }


def move_log(s, seat, m):
    if m == M_NEXT:
        return "next round"
    return "%s: %s" % (SEAT_NAMES[seat], move_text(s, m))


def touches(s, m):
    """The next round starts on A; a tick is steered with the d-pad (no cursor)."""
    if m == M_NEXT:
        return (("key", 16),)
    return (("dir", m & 7),)


def pack(dirs_by_trail):
    """{trail: direction} for the human trails -> a move int."""
    m = 0
    for t in dirs_by_trail:
        m |= dirs_by_trail[t] << (3 * t)
    return m


def moves(s):
    """Every combination of directions for the living human trails (no reversing);
    between rounds only the next round."""
    if over(s):
        return []
    if round_over(s):
        return [M_NEXT]
    out = [0]
    for t in human_trails(s):
        if not s.alive[t]:
            continue
        nxt = []
        back = reverse(s.dir[t])
        for m in out:
            for d in directions(s):
                if d != back:
                    nxt.append(m | (d << (3 * t)))
        out = nxt
    out.sort()
    return out


def is_legal(s, m):
    if over(s) or not isinstance(m, int):
        return False
    if round_over(s) or m == M_NEXT:
        return m == M_NEXT and round_over(s)
    if m < 0 or m >= 64:
        return False
    allowed = directions(s)
    for t in (RED, BLUE):
        d = (m >> (3 * t)) & 7
        if t in human_trails(s) and s.alive[t]:
            if d not in allowed or d == reverse(s.dir[t]):
                return False
        elif d:
            return False
    return True


def steer(s, t, d):
    """Direction a human trail takes when its player asks for d: a reverse (or a diagonal
    without diagonals) keeps the current heading."""
    if d == reverse(s.dir[t]) or d not in directions(s):
        return s.dir[t]
    return d


def hold_move(s):
    """The tick move that keeps every human trail on its heading."""
    m = 0
    for t in human_trails(s):
        if s.alive[t]:
            m |= s.dir[t] << (3 * t)
    return m


_want = [0, 0, 0, 0]
came = bytearray(4)  # each trail's heading before this tick (the way round's "back")


def play(s, m):
    """One tick: every living trail adds one square at once (or, between rounds, the
    next round starts)."""
    if not is_legal(s, m):
        raise ValueError("illegal snafu tick %r" % (m,))
    s.nmoves += 1
    if m == M_NEXT:
        s.round += 1
        _deal_round(s, round_seed(s.match_seed, s.round))
        return
    s.tick += 1
    board = s.board
    want = _want
    humans = human_trails(s)
    for t in range(4):
        want[t] = -1
        s.rolls[t] = 0
        if not s.alive[t]:
            continue
        if t in humans:
            d = (m >> (3 * t)) & 7
        elif s.plan[t] != NO_PLAN:
            d = s.plan[t]
        else:
            d = _computer_dir(s, t)
        s.plan[t] = NO_PLAN
        came[t] = s.dir[t]
        s.dir[t] = d
        want[t] = s.head[t] + OFFSET[d]
    if text_rules(s):
        crashed = _text().resolve(s, want, humans)
    else:
        crashed = _arcade().resolve(s, want)
    for t in range(4):
        c = want[t]
        if c < 0:
            continue
        if crashed & (1 << t):
            s.alive[t] = 0
            s.crash[t] = c
        else:
            board[c] = t + 1
            s.head[t] = c
            s.length[t] += 1
    if crashed and s.opts["vanish"]:
        for t in range(4):
            if crashed & (1 << t):
                _erase(s, t)
    left = 0
    last = -1
    for t in range(4):
        if s.alive[t]:
            left += 1
            last = t
    if left <= 1:
        s.winner = last  # -1: the last trails crashed together, a draw
        if last < 0:
            s.draws += 1
        else:
            s.wins[last] += 1
        s.history.append((last, s.tick))


def _erase(s, t):
    board = s.board
    mark = t + 1
    for c in range(CELLS):
        if board[c] == mark:
            board[c] = EMPTY


def score(s):
    """Rounds red has won in this match."""
    return s.wins[RED]


def scores(s):
    return [s.wins[t] for t in range(4) if s.playing[t]]


def heads(s):
    """(col, row, alive) for each trail in play, 1-based, in the order red, blue, green, yellow."""
    out = []
    for t in range(4):
        if s.playing[t]:
            col, row = col_row(s.head[t])
            out.append((col, row, bool(s.alive[t])))
    return out


def winner_name(s):
    if s.winner == -2:
        return None
    return "draw" if s.winner < 0 else COLORS[s.winner]


def best_move(s):
    """The smart player's directions for the human trails (hints, autoplay, tests)."""
    if round_over(s):
        return M_NEXT
    m = 0
    for t in human_trails(s):  # no human trail (a watched match): no player loaded
        if s.alive[t]:
            m |= steer(s, t, _smart().smart_dir(s, t)) << (3 * t)
    return m


# ---- notation ------------------------------------------------------------
# A tick is written as the human trails' directions joined by '/': "R", "U/DL".


def move_text(s, m):
    if m == M_NEXT and round_over(s):
        return "next"
    if not isinstance(m, int) or m < 0 or m >= 64:
        raise ValueError("not a snafu tick: %r" % (m,))
    parts = []
    for t in human_trails(s):
        parts.append(DIR_NAMES[(m >> (3 * t)) & 7] if s.alive[t] else "-")
    return "/".join(parts) if parts else "."


def parse_move(s, text):
    """Inverse of move_text (any case). Raises ValueError (snafu_save: not play)."""
    return _save().parse_move(s, text)


# ---- checks, save / resume -------------------------------------------------


def check(s):
    """Raise ValueError unless the board and trails agree (snafu_save: not play)."""
    _save().check(s)


def roll_below(s, rivals):
    """Trails in the bit mask `rivals` want one square: each rolls a d6, in trail order
    (rule 3). Returns the bits of those whose roll is below the highest (the others,
    rivals & ~below, rolled it: one adds the square, two or more share it)."""
    best = 0
    for u in range(4):
        if rivals & (1 << u):
            s.rolls[u] = s.rng.die()
            if s.rolls[u] > best:
                best = s.rolls[u]
    below = 0
    for u in range(4):
        if rivals & (1 << u) and s.rolls[u] < best:
            below |= 1 << u
    return below


def roll_off(s, rivals):
    """roll_below's dice; the bits of those who do not add the square: all but the
    single highest roll, or all of them when the highest is shared."""
    below = roll_below(s, rivals)
    top = rivals & ~below
    return rivals if top & (top - 1) else below


_tick_mods = [None, None]  # the rule sets' tick modules, imported once (a tick allocates nothing)


def _text():
    if _tick_mods[0] is None:
        from shared_rules import snafu_text

        _tick_mods[0] = snafu_text
    return _tick_mods[0]


def _arcade():
    if _tick_mods[1] is None:
        from shared_rules import snafu_arcade

        _tick_mods[1] = snafu_arcade
    return _tick_mods[1]


def _save():
    """The save format lives in snafu_save (imported when a game is saved or loaded)."""
    from shared_rules import snafu_save

    return snafu_save


def dump(s):
    out = []
    dump_to(s, out)
    return "".join(out)


_CELL_BYTES = b".rbgy#"  # a board cell in a save (snafu_save reads them back)
_ROW = bytearray(COLS + 1)  # one board line of a save, made in place


def dump_to(s, f):
    """Write dump(s) to f (a file, or a list to append to): the header, then the board
    a line a write from one buffer; a save needs neither snafu_save nor a long string."""
    put = f.append if isinstance(f, list) else f.write
    o = s.opts
    w = s.wins
    put(
        "snafu %d\nopts %d %d %d %d %d %d %s %d %s\nseed %d\nrng %d\n"
        % (
            VERSION,
            o["trails"],
            o["diagonal"],
            o["vanish"],
            o["obstacles"],
            o["speed"],
            o["humans"],
            o["others"],
            o["rounds"],
            o["rules"],
            s.seed,
            s.rng.get_state(),
        )
    )
    # the tick line carries the match: its seed, the round, wins, draws, then each
    # finished round as winner:ticks
    put(
        "tick %d %d %d %d %d %d %d %d %d %d"
        % (s.tick, s.winner, s.nmoves, s.match_seed, s.round, w[0], w[1], w[2], w[3], s.draws)
    )
    for winner, ticks in s.history:
        put(" %d:%d" % (winner, ticks))
    put("\n")
    for t in range(4):
        at = (s.playing[t], s.alive[t], s.head[t], s.dir[t], s.length[t], s.crash[t])
        put("trail %d %d %d %d %d %d %d\n" % (at + (s.rolls[t],)))
    board = s.board
    row = _ROW
    row[COLS] = 10  # newline
    for r in range(1, ROWS + 1):
        base = r * W + 1
        for col in range(COLS):
            row[col] = _CELL_BYTES[board[base + col]]
        put(str(row, "ascii"))


def load(text):
    return _save().load(text)


def check_match(s):
    """Raise ValueError unless the match adds up (round, wins, draws, history)."""
    _save().check_match(s)


def copy(s):
    return load(dump(s))
