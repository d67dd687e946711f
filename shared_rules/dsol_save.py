"""Double Solitaire's save reading (imported when a save is read or a state checked):
loading and checking a save. Move parsing, what a seat may see, redeals and copies are
in dsol_views.py, so a resume's reading holds none of them.

The save is one line per field in a fixed order; cards are written "AS 7H TD", "-" for
none; load() accepts only what dump() writes.
"""

from shared_rules import dsol as d
from shared_rules import save_cards as _sc
from shared_rules import save_text as _st
from shared_rules.cards import parse_card
from shared_rules.contract import options_with_defaults

_GAME = "dsol"


def _bad(what):
    _st.bad(_GAME, what)


def _int_in(x, lo, hi, what):
    _st.int_in(_GAME, x, lo, hi, what)


# ---- invariants ------------------------------------------------------------------


def check(s):
    """Raise ValueError unless the state is one a match can reach."""
    if not isinstance(s.opts, dict) or options_with_defaults(d.NAME, d.OPTIONS, s.opts) != s.opts:
        _bad("bad options")
    _int_in(s.phase, d.PH_PLAY, d.PH_OVER, "phase")
    _int_in(s.turn, 0, 1, "turn")
    _int_in(s.starter, 0, 1, "starter")
    _int_in(s.turns, 0, d.TURN_LIMIT, "turns")
    _int_in(s.passes, 0, 2, "passes")
    _int_in(s.nmoves, 0, 1 << 30, "moves")
    _check_cards(s)
    _check_games(s)
    if s.phase == d.PH_PLAY:
        if not s.npile[0] or not s.npile[1]:
            _bad("a game in play with an empty Pile")
        hand = s.hands[s.turn]
        if not hand and (s.ndraw or s.ndisc):
            _bad("an empty hand with cards left to draw")
        if s.passes > 1 or s.turns >= d.TURN_LIMIT:
            _bad("a game in play after its end")
        if s.passes and (s.ndraw or s.ndisc or s.hands[1 - s.turn]):
            _bad("a pass with cards to draw or play")  # D5: only when stuck
    else:  # the game's row: its Piles as they are, its turns (the last one if cut short)
        row = s.games[-1]
        if row[1:] != [s.npile[0], s.npile[1], min(s.turns + 1, d.TURN_LIMIT)]:
            _bad("the last game's row does not match the table")


def _check_order(s):
    """Who starts and whose turn it is, as play makes them (load; a made-up position in
    the rule cases may start anywhere): the games alternate who starts (D6), the first
    as the option says, and the seats alternate turns."""
    play = s.phase == d.PH_PLAY
    if s.starter != (len(s.games) - (0 if play else 1) + (s.opts["first"] == "rival")) % 2:
        _bad("game %d's first turn is not %s's" % (len(s.games) + play, d.SEAT_NAMES[s.starter]))
    n = s.turns if play else s.games[-1][3] - 1  # a game's end: its last turn
    if s.turn != (s.starter + n) % 2:
        _bad("turn %d is not %s's" % (n + 1, d.SEAT_NAMES[s.turn]))


def _check_cards(s):
    """Every card of the two decks exactly once; hands sorted; Stacks in sequence from
    the ace, none complete."""
    seen = bytearray(52)
    for seat in (0, 1):
        _int_in(s.npile[seat], 0, d.PILE_SIZE, "pile size")
        _count(seen, s.piles[seat], s.npile[seat])
        hand = s.hands[seat]
        if not isinstance(hand, list):
            _bad("hands must be lists")
        for i in range(1, len(hand)):
            if hand[i - 1] > hand[i]:
                _bad("%s's hand is not sorted" % d.SEAT_NAMES[seat])
        _count(seen, hand, len(hand))
        if len(s.cols[seat]) != d.COLUMNS:
            _bad("a Stock has four columns")
        for col in s.cols[seat]:
            _count(seen, col, len(col))
    for k in range(d.STACKS):
        st = s.stacks[k]
        if len(st) > 12:
            _bad("stack %d is complete but still in play" % (k + 1))
        for i in range(len(st)):
            if st[i] % 13 != i:
                _bad("stack %d is not in sequence from the ace" % (k + 1))
        _count(seen, st, len(st))
    _int_in(s.ndraw, 0, d.CARDS, "draw pile size")
    _int_in(s.ndisc, 0, d.CARDS, "discard pile size")
    _count(seen, s.draw, s.ndraw)
    _count(seen, s.disc, s.ndisc)
    for c in range(52):
        if seen[c] != 2:
            _bad("%d of %s, not 2" % (seen[c], d.card_text(c)))


def _count(seen, seq, n):
    for i in range(n):
        c = seq[i]
        _int_in(c, 0, 51, "card")
        seen[c] += 1


def _check_games(s):
    target = s.opts["match"]
    points = [0, 0]
    for row in s.games:
        if len(row) != 4:
            _bad("bad game row")
        _int_in(row[0], -1, 1, "game winner")
        _int_in(row[1], 0, d.PILE_SIZE, "pile left")
        _int_in(row[2], 0, d.PILE_SIZE, "pile left")
        _int_in(row[3], 0, d.TURN_LIMIT, "game turns")
        if row[0] != (0 if row[1] < row[2] else (1 if row[2] < row[1] else -1)) or not row[3]:
            _bad("game row %r: the smaller Pile wins, after a turn" % (row,))
        if row[0] >= 0:
            points[row[0]] += row[2 - row[0]]
    if points != s.points:
        _bad("points %r do not add up to %r" % (s.points, points))
    for seat in (0, 1):
        _int_in(s.restarts[seat], 0, 1 << 30, "restarts")
    done = bool(s.games) and (target == 0 or max(points) >= target or len(s.games) >= d.GAMES_MAX)
    if done != (s.phase == d.PH_OVER):
        _bad("the match's end does not match its phase")
    if s.phase == d.PH_BETWEEN and not s.games:
        _bad("between games before the first game ended")


# ---- the save ----------------------------------------------------------------------


_KEYS = ("opts", "seed", "rng", "at", "points", "restarts")


def _cards_of(text):
    return _sc.cards_of(_GAME, text, parse_card)


def _cards_into(text, buf):
    return _sc.cards_into(_GAME, text, buf, parse_card)


def load(text):
    """Inverse of dump. Raises ValueError on any damage."""
    fields, order = _st.fields_of(_GAME, d.VERSION, text)
    keys = list(_KEYS)
    for seat in (0, 1):
        keys += ["pile%d" % seat, "hand%d" % seat]
        keys += ["col%d%d" % (seat, c + 1) for c in range(d.COLUMNS)]
    keys += ["stack%d" % (k + 1) for k in range(d.STACKS)] + ["draw", "disc", "games"]
    _st.keys_in_order(_GAME, order, keys)
    s = d.Game()
    try:
        o = fields["opts"].split(" ")
        if len(o) != 3:
            _bad("bad options")
        s.opts = options_with_defaults(
            d.NAME, d.OPTIONS, {"match": int(o[0]), "first": o[1], "cpu": o[2]}
        )
        s.seed = int(fields["seed"])
        s.rng.set_state(int(fields["rng"]))
        at = _st.ints(_GAME, fields["at"], 6)
        s.phase, s.turn, s.starter, s.turns, s.passes, s.nmoves = at
        s.points = _st.ints(_GAME, fields["points"], 2)
        s.restarts = _st.ints(_GAME, fields["restarts"], 2)
        for seat in (0, 1):
            s.npile[seat] = _cards_into(fields["pile%d" % seat], s.piles[seat])
            s.hands[seat] = _cards_of(fields["hand%d" % seat])
            for c in range(d.COLUMNS):
                s.cols[seat][c] = _cards_of(fields["col%d%d" % (seat, c + 1)])
        for k in range(d.STACKS):
            s.stacks[k] = _cards_of(fields["stack%d" % (k + 1)])
        s.ndraw = _cards_into(fields["draw"], s.draw)
        s.ndisc = _cards_into(fields["disc"], s.disc)
        s.games = []
        if fields["games"] != "-":
            for part in fields["games"].split(" "):
                row = [int(x) for x in part.split("/")]
                if len(row) != 4:
                    _bad("bad game row %r" % part)
                s.games.append(row)
    except (KeyError, IndexError, TypeError):
        _bad("damaged save")
    check(s)
    _check_order(s)
    return s
