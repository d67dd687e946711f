"""G'nerts' rarely used parts (imported when first needed): loading and checking a save,
what a seat may see, redeals.

The save is one line per field in a fixed order; cards are written "AS 7H TD", "-" for
none; load() accepts only what dump() writes.
"""

from shared_rules import gnerts as g
from shared_rules import save_cards as _sc
from shared_rules import save_text as _st
from shared_rules.cards import parse_card
from shared_rules.contract import options_with_defaults
from shared_rules.rng import Rng

_GAME = "gnerts"
_KEYS = ("opts", "seed", "rng", "at", "policy", "period", "next", "totals", "scored")
_KEYS2 = ("since", "bounced", "plays", "found")


def _bad(what):
    _st.bad(_GAME, what)


def _int_in(x, lo, hi, what):
    _st.int_in(_GAME, x, lo, hi, what)


# ---- invariants ------------------------------------------------------------------


def check(s):
    """Raise ValueError unless the state is one a game can reach."""
    if not isinstance(s.opts, dict) or options_with_defaults(g.NAME, g.OPTIONS, s.opts) != s.opts:
        _bad("bad options")
    n = s.n
    if n != s.opts["rivals"] + 1:
        _bad("%r seats for %d rivals" % (n, s.opts["rivals"]))
    for name in ("policy", "period", "next_at", "totals", "scored", "since", "bounced"):
        v = getattr(s, name)
        if not isinstance(v, list) or len(v) != n:
            _bad("%s must hold one number a seat" % name)
    _int_in(s.round, 1, g.max_rounds(s) + 1, "round")
    _int_in(s.stills, 0, g.ROTATIONS + 1, "standstills")
    _int_in(s.tick, 0, 1 << 30, "tick")
    _int_in(s.ticks, s.tick, 1 << 30, "ticks")
    _int_in(s.nmoves, 0, 1 << 30, "moves")
    _int_in(s.ender, g.PLAYING, n - 1, "ender")
    for seat in range(n):
        _int_in(s.policy[seat], -1, len(g.POLICIES) - 1, "policy")
        if s.policy[seat] >= 0:
            if s.period[seat] not in g.PERIODS:
                _bad("period %r" % (s.period[seat],))
            _int_in(s.next_at[seat], 0, s.tick + 2 * max(g.PERIODS), "next action")
        _int_in(s.totals[seat], -26 * g.MAX_ROUNDS, 52 * g.MAX_ROUNDS, "total")
        _int_in(s.scored[seat], 0, 52, "scored")
        _int_in(s.bounced[seat], 0, 1 << 30, "bounced")
    _check_cards(s)
    for seat in range(n):  # flips owed: at most the threes left in the Stack (g._apply)
        owed = (len(s.stacks[seat]) + g.FLIP_COUNT - 1) // g.FLIP_COUNT
        _int_in(s.since[seat], -owed, 1 << 30, "flips")
    done = _check_history(s)
    if s.ender == g.PLAYING and done != s.round - 1:
        _bad("round %d in play after %d rounds" % (s.round, done))
    if s.ender != g.PLAYING and done != s.round:
        _bad("round %d ended but %d rounds kept" % (s.round, done))


def _check_round_end(s):
    """A save's round end agrees with its record (load: a position built for a rule
    case need not have come from play), the standstills and the counts of ticks
    and moves (a tick or a deal each); no round was dealt after the game was over."""
    n = s.n
    done = g.rounds_done(s)
    playing = s.ender == g.PLAYING
    if s.ender == g.STANDSTILL:
        if s.stills != g.ROTATIONS + 1:
            _bad("a round ended in a standstill after %d standstills" % s.stills)
    elif s.stills > g.ROTATIONS:
        _bad("%d standstills in a round not ended by one" % s.stills)
    ticks = 0
    totals = [0] * n
    for i in range(done):
        scored, left, ender, length = g.round_record(s, i)
        ticks += length
        for seat in range(n):
            totals[seat] += scored[seat] - 2 * left[seat]
        if (i < done - 1 or playing) and _over_after(s, totals, i + 1):
            _bad("a round dealt after the game was over (round %d)" % (i + 2))
    if s.ticks != ticks + (s.tick if playing else 0):
        _bad("%d ticks, the rounds' %d" % (s.ticks, ticks))
    if s.nmoves != s.ticks + s.round - 1:
        _bad("%d moves for %d ticks and %d deals" % (s.nmoves, s.ticks, s.round - 1))
    if not playing:
        scored, left, ender, length = g.round_record(s, -1)
        pile = [len(p) for p in s.piles]
        if ender != s.ender or scored != s.scored or left != pile or length != s.tick:
            _bad("the last round's record is not the round just ended")


def _over_after(s, totals, rounds):
    """The game was over after that many rounds with those totals (as g.over)."""
    if rounds >= g.max_rounds(s):
        return True
    top = max(totals)
    return top >= s.opts["target"] and totals.count(top) == 1


def _check_cards(s):
    """Every seat's 52 cards exactly once, in its Pile, columns, Stack, waste or the
    Scoring Area; foundations in sequence from their ace."""
    n = s.n
    if len(s.fsuit) != len(s.ftop) or len(s.ftop) > 4 * n:
        _bad("foundations")
    in_found = 0
    per_suit = [0, 0, 0, 0]
    top_count = {}
    for i in range(len(s.ftop)):
        _int_in(s.fsuit[i], 0, 3, "foundation suit")
        _int_in(s.ftop[i], 1, 13, "foundation size")
        per_suit[s.fsuit[i]] += 1
        in_found += s.ftop[i]
        for r in range(s.ftop[i]):
            key = s.fsuit[i] * 13 + r
            top_count[key] = top_count.get(key, 0) + 1
    for su in range(4):
        if per_suit[su] > n:
            _bad("more foundations of a suit than seats")
    if sum(s.scored) != in_found:
        _bad("%d cards scored, %d on the foundations" % (sum(s.scored), in_found))
    held = {}
    playing = s.ender == g.PLAYING
    for seat in range(n):
        seen = bytearray(52)
        pile = s.piles[seat]
        if len(pile) > g.PILE_SIZE:
            _bad("a Pile of %d" % len(pile))
        if playing and not pile:
            _bad("a round in play with an empty Pile")
        parts = [pile, s.stacks[seat], s.wastes[seat]] + s.cols[seat]
        if len(s.cols[seat]) != g.COLUMNS:
            _bad("a Stock has four columns")
        for c in range(g.COLUMNS):
            col = s.cols[seat][c]
            if playing and not col:
                _bad("an empty column in play")
            for i in range(1, len(col)):
                if not g.goes_on_column(col[i], col[i - 1]):
                    _bad("column %d is not built down in alternating colours" % (c + 1))
        for part in parts:
            for card in part:
                _int_in(card, 0, 51, "card")
                if seen[card]:
                    _bad("%s twice in one deck" % g.card_text(card))
                seen[card] = 1
        missing = 52 - sum(seen)
        if missing != s.scored[seat]:
            _bad("%s: %d cards away, %d scored" % (g.SEAT_NAMES[seat], missing, s.scored[seat]))
        for card in range(52):
            if not seen[card]:
                held[card] = held.get(card, 0) + 1
    for card in held:
        if top_count.get(card, 0) != held[card]:
            _bad("the foundations do not hold the cards scored (%s)" % g.card_text(card))
    for key in top_count:
        if held.get(key, 0) != top_count[key]:
            _bad("the foundations do not hold the cards scored (%s)" % g.card_text(key))
    for x in s.plays:
        _int_in(x, 0, 4 * len(s.ftop) - 1, "a play")


def _check_history(s):
    """The rounds' records (g.round_record) checked; their number."""
    if not isinstance(s.history, bytearray) or len(s.history) % (2 * s.n + 5):
        _bad("rounds")
    done = g.rounds_done(s)
    if done > g.max_rounds(s):
        _bad("%d rounds" % done)
    totals = [0] * s.n
    for i in range(done):
        scored, left, ender, ticks = g.round_record(s, i)
        _int_in(ender, g.STANDSTILL, s.n - 1, "a round's ender")
        _int_in(ticks, 0, 1 << 30, "a round's ticks")
        for seat in range(s.n):
            _int_in(scored[seat], 0, 52, "a round's cards scored")
            _int_in(left[seat], 0, g.PILE_SIZE, "a round's Pile left")
            totals[seat] += scored[seat] - 2 * left[seat]
        if ender >= 0 and left[ender] != 0:
            _bad("G'nerts called with cards in the Pile")
    if totals != s.totals:
        _bad("totals %r are not the rounds' sum %r" % (s.totals, totals))
    return done


# ---- the save ----------------------------------------------------------------------


def _card(text):
    return parse_card(text)


def _cards(text):
    return _sc.cards_of(_GAME, text, _card)


def _int_list(text, n):
    if text == "-":
        if n > 0:
            _bad("expected %d numbers" % n)
        return []
    out = [int(x) for x in text.split(" ")]
    if n >= 0 and len(out) != n:
        _bad("expected %d numbers, got %d" % (n, len(out)))
    return out


def _options(text):
    """The opts line: rivals, speed, target, then each rival's own speed (0: same; a
    save from before them has the first three only)."""
    o = _st.ints(_GAME, text, 6 if text.count(" ") == 5 else 3)
    opts = {"rivals": o[0], "speed": o[1], "target": o[2]}
    for i in range(3, len(o)):
        opts[g.OPTIONS[i][0]] = o[i] or "same"  # west, north, east
    return options_with_defaults(g.NAME, g.OPTIONS, opts)


def load(text):
    """Inverse of dump. Raises ValueError on any damage."""
    fields, order = _st.fields_of(_GAME, g.VERSION, text)
    s = g.Game()
    try:
        s.opts = _options(fields["opts"])
        n = s.opts["rivals"] + 1
        keys = list(_KEYS) + list(_KEYS2)
        for seat in range(n):
            keys += ["pile%d" % seat] + ["col%d%d" % (seat, c + 1) for c in range(g.COLUMNS)]
            keys += ["stack%d" % seat, "waste%d" % seat]
        keys.append("history")
        _st.keys_in_order(_GAME, order, keys)
        s.seed = int(fields["seed"])
        s.rng.set_state(int(fields["rng"]))
        at = _st.ints(_GAME, fields["at"], 7)
        s.n, s.round, s.ender, s.stills, s.tick, s.ticks, s.nmoves = at
        if s.n != n:
            _bad("%d seats for %d rivals" % (s.n, n - 1))
        s.policy = _int_list(fields["policy"], n)
        s.period = _int_list(fields["period"], n)
        s.next_at = _int_list(fields["next"], n)
        s.totals = _int_list(fields["totals"], n)
        s.scored = _int_list(fields["scored"], n)
        s.since = _int_list(fields["since"], n)
        s.bounced = _int_list(fields["bounced"], n)
        s.plays = _int_list(fields["plays"], -1)
        found = _int_list(fields["found"], -1)
        for x in found:
            _int_in(x, 1, 3 * 16 + 13, "a foundation")
        s.fsuit = bytearray([x // 16 for x in found])
        s.ftop = bytearray([x % 16 for x in found])
        s.piles, s.cols, s.stacks, s.wastes = [], [], [], []
        for seat in range(n):
            s.piles.append(_cards(fields["pile%d" % seat]))
            s.cols.append([_cards(fields["col%d%d" % (seat, c + 1)]) for c in range(g.COLUMNS)])
            s.stacks.append(_cards(fields["stack%d" % seat]))
            s.wastes.append(_cards(fields["waste%d" % seat]))
        s.history = _history(fields["history"], n)
    except (KeyError, IndexError, TypeError, AttributeError):
        _bad("damaged save")
    except ValueError as e:
        if str(e).startswith(_GAME + ":"):
            raise
        _bad("damaged save (%s)" % e)
    check(s)
    _check_round_end(s)
    return s


def _history(text, n):
    """The history line's rounds (scored/left/ender/ticks, a space between) as
    g.round_record's bytes; numbers out of a byte's range are damage."""
    out = bytearray()
    if text == "-":
        return out
    for row in text.split(" "):
        parts = row.split("/")
        if len(parts) != 4:
            _bad("a round's record")
        numbers = [int(x) for x in parts[0].split(",") + parts[1].split(",") + parts[2:]]
        if len(numbers) != 2 * n + 2:
            _bad("a round's record")
        for x in numbers[: 2 * n]:
            _int_in(x, 0, 255, "a round's number")
        _int_in(numbers[2 * n], g.STANDSTILL, n - 1, "a round's ender")
        _int_in(numbers[-1], 0, 1 << 30, "a round's ticks")
        out.extend(g.pack_round(numbers[:n], numbers[n : 2 * n], numbers[2 * n], numbers[-1]))
    return out


# ---- hidden information ------------------------------------------------------------


def view(s, seat):
    """What seat may see: its own Pile's top and size, columns, waste and Stack size;
    every other seat's Pile top and size, columns, waste top and Stack size (all face
    up on the table); the foundations and the scores. Never a Stack's order nor a
    Pile below its top."""
    if not 0 <= seat < s.n:
        raise ValueError("gnerts has no seat %r" % (seat,))
    out = {
        "seat": seat,
        "foundations": [(s.fsuit[i], s.ftop[i]) for i in range(len(s.ftop))],
        "totals": list(s.totals),
        "scored": list(s.scored),
        "round": s.round,
    }
    tables = []
    for p in range(s.n):
        pile = s.piles[p]
        waste = s.wastes[p]
        tables.append(
            {
                "pile_top": pile[-1] if pile else -1,
                "pile": len(pile),
                "columns": [list(c) for c in s.cols[p]],
                "stack": len(s.stacks[p]),
                "waste": list(waste) if p == seat else (waste[-1:] if waste else []),
            }
        )
    out["tables"] = tables
    return out


def redeal(s, seat, rng):
    """A copy seat cannot tell from s: every seat's Pile below its top and its Stack
    dealt again from their cards (sizes kept), the other seats' wastes below their tops
    too, and a new random stream (the computers' timers draw from it)."""
    t = load(g.dump(s))
    for p in range(t.n):
        pile = t.piles[p]
        hidden = pile[:-1] + t.stacks[p]
        keep_waste = p == seat
        waste = t.wastes[p]
        if not keep_waste:
            hidden += waste[:-1]
        rng.shuffle(hidden)
        k = len(pile) - 1 if pile else 0
        t.piles[p] = hidden[:k] + pile[-1:]
        rest = hidden[k:]
        if not keep_waste and waste:
            w = len(waste) - 1
            t.wastes[p] = rest[:w] + waste[-1:]
            rest = rest[w:]
        t.stacks[p] = rest
    t.rng = Rng(rng.next16() + 1)
    return t


# ---- notation, the log line, the summary, watched seats ----------------------------


def set_seat(s, seat, policy, level):
    """Seat `seat` played by a computer `policy` ("strong", "greedy", "random") at speed
    `level` 1..5 (the comparison tools watch computers only; the device plays seat 0)."""
    if not 0 <= seat < s.n or policy not in g.POLICIES or not 1 <= level <= 5:
        raise ValueError("gnerts seat %r: no policy %r at speed %r" % (seat, policy, level))
    s.policy[seat] = g.POLICIES.index(policy)
    s.period[seat] = g.PERIODS[level - 1]
    s.next_at[seat] = s.tick + g._first_wait(s, seat)


def parse_move(s, text):
    """Inverse of move_text (any case). Raises ValueError on text that is not a move."""
    if not isinstance(text, str):
        raise ValueError("not a gnerts move: %r" % (text,))
    t = text.strip().lower()
    for m in (g.WAIT, g.FLIP, g.NEXT):
        if t == g.move_text(s, m):
            return m
    if len(t) == 3 and t[1] == "-" and t[0] in g._SRC and t[2] in g._DST:
        src = g._SRC.index(t[0])
        dst = g._DST.index(t[2])
        if src != dst or src == g.SRC_PILE:  # a column never goes onto itself
            return g.PLAY + src * 5 + dst
    raise ValueError("not a gnerts move: %r (e.g. flip, p-f, w-2, 3-1, next)" % (text,))


def action_text(s, seat, a):
    """What a seat's action does, in words ("7H to the foundations")."""
    if a == g.FLIP:
        return "flips"
    src, dst = divmod(a - g.PLAY, 5)
    card = g.source_card(s, seat, src, 1 <= src <= 4 and dst != g.TO_SCORE)
    what = g.card_text(card) if card >= 0 else "?"
    return "%s to %s" % (what, "scoring" if dst == g.TO_SCORE else "column %d" % dst)


def move_log(s, seat, m):
    if m == g.NEXT:
        return "next round"
    if m == g.WAIT:
        return "%s waits" % g.SEAT_NAMES[seat]
    return "%s: %s" % (g.SEAT_NAMES[seat], action_text(s, seat, m))


def summary(s):
    rounds = []
    for i in range(g.rounds_done(s)):
        scored, left, ender, ticks = g.round_record(s, i)
        ender = "standstill" if ender == g.STANDSTILL else ender
        rounds.append({"scored": scored, "pile_left": left, "ender": ender, "ticks": ticks})
    return {
        "score": g.score(s),
        "clean": False,
        "players": s.n,
        "target": s.opts["target"],
        "totals": list(s.totals),
        "winner": g.winner(s),
        "rounds": rounds,
    }
