"""Snafu's save format, read side: load() and the match checks of shared_rules.snafu,
kept apart so that a round in play does not hold the code (imported when a game is
resumed or checked; a save's dump_to lives in shared_rules.snafu).

Version 2 puts the match on the tick line; version 1 saves (one round) still load.
"""

from shared_rules import snafu as sn

_CELL_CHARS = ".rbgy#"


def load(text):
    if not isinstance(text, str):
        raise ValueError("snafu save must be text")
    lines = text.split("\n")
    old = lines[0] == "snafu 1"  # a single round, saved before the match was in the rules
    arcade = old or lines[0] == "snafu 2"  # saved before the text rules: arcade
    if not arcade and lines[0] != "snafu %d" % sn.VERSION:
        raise ValueError("not a snafu save (version %d)" % sn.VERSION)
    if len(lines) < 9 + sn.ROWS:
        raise ValueError("snafu save is cut short")
    s = sn.Snafu()
    try:
        p = lines[1].split()
        if p[0] != "opts" or len(p) != (8 if old else 9 if arcade else 10):
            raise ValueError("snafu save: bad opts line")
        o = {
            "trails": int(p[1]),
            "diagonal": _flag(p[2]),
            "vanish": _flag(p[3]),
            "obstacles": _flag(p[4]),
            "speed": int(p[5]),
            "humans": int(p[6]),
            "others": p[7],
        }
        if not old:
            o["rounds"] = int(p[8])
        o["rules"] = "arcade" if arcade else p[9]
        s.opts = sn.normalize_options(o)
        s.seed = int(_field(lines[2], "seed"))
        s.rng.set_state(int(_field(lines[3], "rng")))
        p = _field(lines[4], "tick").split()
        if len(p) < 3 or (old and len(p) != 3) or (not old and len(p) < 10):
            raise ValueError("snafu save: bad tick line")
        s.tick, s.winner, s.nmoves = int(p[0]), int(p[1]), int(p[2])
        if not old:
            _load_match(s, p[3:])
        for t in range(4):
            p = [int(x) for x in _field(lines[5 + t], "trail").split()]
            if len(p) != 7:
                raise ValueError("snafu save: bad trail line")
            if p[0] not in (0, 1) or p[1] not in (0, 1) or p[1] > p[0]:
                raise ValueError("snafu save: bad trail flags")
            s.playing[t] = p[0]
            s.alive[t] = p[1]
            if not -1 <= p[2] < sn.CELLS or not 0 <= p[3] <= 7 or not 0 <= p[6] <= 6:
                raise ValueError("snafu save: bad trail values")
            s.head[t], s.dir[t], s.length[t], s.crash[t], s.rolls[t] = p[2], p[3], p[4], p[5], p[6]
    except (IndexError, TypeError):
        raise ValueError("snafu save is damaged")
    sn._walls(s.board)
    for row in range(sn.ROWS):
        line = lines[9 + row]
        if len(line) != sn.COLS:
            raise ValueError("snafu save: board row %d is %d wide" % (row + 1, len(line)))
        for col in range(sn.COLS):
            v = _CELL_CHARS.find(line[col])
            if v < 0 or v == sn.WALL:
                raise ValueError("snafu save: bad square %r" % line[col])
            s.board[(row + 1) * sn.W + col + 1] = v
    if s.tick < 0 or s.nmoves < 0:
        raise ValueError("snafu save: bad tick")
    for t in range(4):
        if s.playing[t] != (1 if t < s.opts["trails"] else 0):
            raise ValueError("snafu save: trails in play do not match the options")
    alive = 0
    for t in range(4):
        alive += s.alive[t]
    w = s.winner
    if w == -2:
        ok = alive >= 2
    elif w == -1:
        ok = alive == 0
    else:
        ok = 0 <= w <= 3 and alive == 1 and s.alive[w] == 1
    if not ok:
        raise ValueError("snafu save: the winner does not fit the trails")
    if old:
        s.match_seed = s.seed
        if w != -2:
            s.history.append((w, s.tick))
            if w < 0:
                s.draws = 1
            else:
                s.wins[w] = 1
    check(s)
    check_match(s)
    for t in range(4):  # a moving trail came from behind its head, a crash is ahead of it
        h, off = s.head[t], sn.OFFSET[s.dir[t]]
        if s.crash[t] != (h + off if s.playing[t] and not s.alive[t] else -1) or (
            s.alive[t] and s.length[t] > 1 and s.board[h - off] != t + 1
        ):
            raise ValueError("snafu save: %s's heading does not fit its trail" % sn.COLORS[t])
    return s


def _flag(tok):
    """An on/off option as a save writes it: 0 or 1, nothing else."""
    if tok not in ("0", "1"):
        raise ValueError("snafu save: bad option flag %r" % tok)
    return tok == "1"


def _load_match(s, p):
    """The tick line's match fields: seed, round, four wins, draws, winner:ticks each."""
    s.match_seed, s.round = int(p[0]), int(p[1])
    s.wins = [int(p[2]), int(p[3]), int(p[4]), int(p[5])]
    s.draws = int(p[6])
    for tok in p[7:]:
        winner, sep, ticks = tok.partition(":")
        if not sep:
            raise ValueError("snafu save: bad round history")
        s.history.append((int(winner), int(ticks)))


def check_match(s):
    """The match must fit: round within rounds, wins and draws adding up to the rounds
    finished, each finished round in the history."""
    done = s.round - (0 if s.winner != -2 else 1)
    n = [s.draws, 0, 0, 0, 0]  # draws, then each trail's wins, counted down by the history
    for t in range(4):
        if s.wins[t] < 0 or (s.wins[t] and not s.playing[t]):
            raise ValueError("snafu save: bad wins")
        n[t + 1] = s.wins[t]
    if (
        s.opts["rounds"] not in (1, 3, 5, 9)
        or not 1 <= s.round <= s.opts["rounds"]
        or len(s.history) != done
        or not 0 <= s.match_seed <= 0x7FFFFFFF
        or s.seed != sn.round_seed(s.match_seed, s.round)
    ):
        raise ValueError("snafu save: the match does not add up")
    for winner, ticks in s.history:
        if not -1 <= winner <= 3 or ticks < 0:
            raise ValueError("snafu save: bad round history")
        n[winner + 1] -= 1
    if n != [0, 0, 0, 0, 0]:
        raise ValueError("snafu save: wins and draws do not match the rounds' winners")
    if s.winner != -2 and s.history[-1] != (s.winner, s.tick):
        raise ValueError("snafu save: the round's end is not its history's last")


def adopt_match(s, match_seed, rnd, rounds, wins, draws):
    """Put a round into a match (saves made before the match was in the rules kept it
    beside the state). Raises ValueError if it does not fit."""
    s.opts["rounds"] = sn.check_option(sn.NAME, sn.OPTIONS[4], rounds)
    s.match_seed = match_seed
    s.round = rnd
    s.wins = list(wins)
    s.draws = draws
    history = []  # the finished rounds' order is not known: wins first, then draws
    for t in range(4):
        for _ in range(wins[t] - (1 if s.winner == t else 0)):
            history.append((t, 0))
    for _ in range(draws - (1 if s.winner == -1 else 0)):
        history.append((-1, 0))
    if s.winner != -2:
        history.append((s.winner, s.tick))
    s.history = history
    check_match(s)


def _field(line, key):
    k, _, rest = line.partition(" ")
    if k != key:
        raise ValueError("snafu save: expected %s" % key)
    return rest


# ---- rarely used parts: a move read from text, the state's check ----------


def parse_move(s, text):
    t = text.strip().upper()
    if t == "NEXT" and sn.round_over(s):
        return sn.M_NEXT
    humans = sn.human_trails(s)
    if not humans:
        if t == ".":
            return 0
        raise ValueError("no human trails: the tick is written '.'")
    parts = t.split("/")
    if len(parts) != len(humans):
        raise ValueError("snafu tick needs %d direction(s), e.g. R or U/DL" % len(humans))
    m = 0
    for i, name in enumerate(parts):
        if (name == "-") != (not s.alive[humans[i]]):
            raise ValueError("'-' stands for a crashed trail, and only for one")
        if name == "-":
            continue
        if name not in sn.DIR_NAMES:
            raise ValueError("not a direction: %r (U UR R DR D DL L UL)" % name)
        m |= sn.DIR_NAMES.index(name) << (3 * humans[i])
    return m


def check(s):
    """Raise ValueError unless the board and trails agree (squares owned once, heads
    on their own trail, lengths match, trails connected)."""
    board = s.board
    counts = [0, 0, 0, 0]
    for c in range(sn.CELLS):
        v = board[c]
        x = c % sn.W
        y = c // sn.W
        edge = x == 0 or y == 0 or x == sn.W - 1 or y == sn.H - 1
        if edge != (v == sn.WALL):
            raise ValueError("wall broken at cell %d" % c)
        if 1 <= v <= 4:
            counts[v - 1] += 1
        elif v > sn.WALL:
            raise ValueError("bad cell value %d" % v)
    dirs = sn.directions(s)
    for t in range(4):
        if s.playing[t] and s.dir[t] not in dirs:
            raise ValueError("%s heads %s in a 4-way game" % (sn.COLORS[t], sn.DIR_NAMES[s.dir[t]]))
        if not s.playing[t]:
            if counts[t] or s.alive[t]:
                raise ValueError("%s is not in this game" % sn.COLORS[t])
            continue
        if s.alive[t] or not s.opts["vanish"]:
            if board[s.head[t]] != t + 1:
                raise ValueError("%s head is not on its trail" % sn.COLORS[t])
            if counts[t] != s.length[t]:
                raise ValueError(
                    "%s has %d squares, length %d" % (sn.COLORS[t], counts[t], s.length[t])
                )
            if _connected_size(s, t) != counts[t]:
                raise ValueError("%s trail is broken" % sn.COLORS[t])
        elif counts[t]:
            raise ValueError("%s vanished but left squares" % sn.COLORS[t])


def _connected_size(s, t):
    """Squares of trail t reachable from its head through its own squares (8-neighbour
    steps with diagonals, 4 without)."""
    board = s.board
    mark = t + 1
    seen = bytearray(sn.CELLS)
    stack = [s.head[t]]
    seen[s.head[t]] = 1
    n = 0
    dirs = sn.directions(s)
    while stack:
        c = stack.pop()
        n += 1
        for d in dirs:
            nc = c + sn.OFFSET[d]
            if not seen[nc] and board[nc] == mark:
                seen[nc] = 1
                stack.append(nc)
    return n
