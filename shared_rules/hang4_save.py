"""Hang Four's rarely used parts (imported when first needed): loading and checking a
save, move parsing, what a seat may see, redeals and copies.

The save is one line per field in a fixed order; load() accepts only what dump() writes.
"""

from shared_rules import hang4 as h
from shared_rules import save_text as _st
from shared_rules.contract import options_with_defaults

_GAME = "hang4"


def _bad(what):
    _st.bad(_GAME, what)


def _int_in(x, lo, hi, what):
    _st.int_in(_GAME, x, lo, hi, what)


# ---- invariants ------------------------------------------------------------------


def check(s):
    """Raise ValueError unless the state is one a game can reach."""
    if not isinstance(s.opts, dict) or options_with_defaults(h.NAME, h.OPTIONS, s.opts) != s.opts:
        _bad("bad options")
    n = s.n
    if n != 1 + s.opts["rivals"]:
        _bad("seats do not match the rivals option")
    _int_in(s.phase, h.PH_TURN, h.PH_OVER, "phase")
    _int_in(s.turn, 0, n - 1, "turn")
    _int_in(s.start, 0, n - 1, "first seat")
    _int_in(s.nmoves, 0, 1 << 30, "moves")
    _int_in(s.turns, 0, 1 << 30, "turns")
    _int_in(s.end, h.END_NONE, h.END_DECK, "end")
    _int_in(s.win, -1, n - 1, "winner")
    _int_in(s.ndeck, 0, h.SURF_CARDS, "deck")
    _int_in(s.nshack, 0, h.SHACK_CARDS, "Shack deck")
    _int_in(s.nused, 0, h.SHACK_CARDS, "Shack cards drawn")
    if s.nshack + s.nused != h.SHACK_CARDS:
        _bad("Shack cards lost or added")
    if (s.phase == h.PH_OVER) != (s.end != h.END_NONE):
        _bad("the end and the phase disagree")
    if s.phase != h.PH_OVER and s.win != -1:
        _bad("a winner before the end")
    if len(s.sand) != n or len(s.must_buy) != n or len(s.dogs) != n:
        _bad("a record per seat")
    total = s.bank
    for p in range(n):
        total += s.sand[p]
        _int_in(s.must_buy[p], 0, 1, "must buy")
    if total != h.SAND_TOTAL or s.bank < 0:
        _bad("sand dollars do not add up to %d" % h.SAND_TOTAL)
    _check_cards(s)
    _check_pending(s)
    _check_end(s)
    _check_last(s)


def _check_cards(s):
    kinds = [0, 0, 0]
    for i in range(s.ndeck):
        _int_in(s.deck[i], 0, 2, "card kind")
        kinds[s.deck[i]] += 1
    kinds[h.NOSE] += s.discard[h.NOSE]
    kinds[h.TAIL] += s.discard[h.TAIL]
    if s.discard[h.DOG]:
        _bad("a character discarded")
    for p in range(s.n):
        dogs = s.dogs[p]
        _int_in(len(dogs), 0, h.SLOTS_MAX, "dogs")
        for v in dogs:
            _int_in(v, 1, h.COMPLETE, "a dog's cards")
            for kind in (h.NOSE, h.DOG, h.TAIL):
                if v & h.KIND_BITS[kind]:
                    kinds[kind] += 1
    if kinds != [h.PER_KIND] * 3:
        _bad("Surf cards lost or added")
    shack = [0, 0, 0]
    for i in range(s.nshack):
        _int_in(s.shack[i], 0, 2, "Shack card")
        shack[s.shack[i]] += 1
    for i in range(s.nused):
        _int_in(s.used[i], 0, 2, "Shack card")
        shack[s.used[i]] += 1
    if shack != [h.PER_SHACK] * 3:
        _bad("Shack cards lost or added")


def _check_pending(s):
    ph = s.phase
    seat = s.turn
    if ph in (h.PH_TURN, h.PH_OVER):
        if s.count or s.victim != -1:
            _bad("boards to take or lose outside a Shack card")
        return
    _int_in(s.count, 1, 5, "boards to move")
    if ph == h.PH_FROM:
        if s.victim != -1 or len(h.victims(s, seat)) < 2:
            _bad("no choice of opponent to make")
    elif ph == h.PH_TAKE:
        _int_in(s.victim, 0, s.n - 1, "opponent")
        if s.victim == seat or s.count >= h.boards(s, s.victim):
            _bad("no choice of boards to take")
    elif s.victim != -1 or s.count >= h.boards(s, seat):
        _bad("no choice of boards to lose")


def _check_end(s):
    """The turn follows the first seat and the turns played (the last turn's seat once
    over); four complete dogs or an empty Surf deck end the game, as the end and the
    winner say."""
    over = s.phase == h.PH_OVER
    if s.turn != (s.start + s.turns - over) % s.n:
        _bad("the turn does not follow the first seat")
    for p in range(s.n):
        if h.complete(s, p) >= h.DOGS_TO_WIN and (s.end != h.END_FOUR or p != s.win):
            _bad("four dogs, but no win by them")
    if not over:
        if not s.ndeck:
            _bad("the Surf deck is out, but the game goes on")
    elif s.end == h.END_FOUR:
        if s.win != s.turn or h.complete(s, s.win) < h.DOGS_TO_WIN:
            _bad("a win by four dogs without them")
    elif s.ndeck or s.win != h._deck_out_winner(s):
        _bad("the deck-out winner does not match the dogs")


def _check_last(s):
    """The last action (s.last) holds only what play() writes: its seat, the act, the
    dice, the Shack card and the gain, as the phase and the boards still to move agree."""
    if len(s.last) != h.LAST_LEN:
        _bad("last action")
    seat, act, die, card, die2, gain = s.last
    if act == 255:  # no move yet
        if s.nmoves or seat or die or card or die2 or gain:
            _bad("a last action before the first move")
        return
    top = die  # a number rolled collects at most that many; a purchase nothing
    if card:
        top = 0 if die2 == h.ICON else die2
        if card == h.SEAGULL + 1:
            top *= s.n - 1
    ph = s.phase
    pending = ph == h.PH_FROM or ph == h.PH_TAKE or ph == h.PH_LOSE
    if (
        act > h.SHACK
        or not s.nmoves
        or seat != (s.turn - (ph == h.PH_TURN)) % s.n
        or (die != 0) != (act == h.ROLL)
        or (card != 0) != (act == h.SHACK or die == h.ICON)
        or (die2 != 0) != (card != 0)
        or die > h.ICON
        or card > h.WIPE + 1
        or die2 > h.ICON
        or (card == h.SEAGULL + 1 and not s.must_buy[seat])  # a purchase owed next turn
        or gain + s.count > top
        or (pending and gain + s.count != top)
        or (pending and card != (h.WIPE if ph == h.PH_LOSE else h.GRAB) + 1)
    ):
        _bad("the last action does not fit the game")


# ---- the save ----------------------------------------------------------------------


def _take(lines, i, key):
    return _st.take(_GAME, lines, i, key)


def _ints(text, n):
    try:
        return _st.ints(_GAME, text, n)
    except ValueError:
        _bad("save: expected %d numbers" % n)


def _digits(text, top, size, what):
    """A field of one digit each (0..top), "-" for none, at most `size` long."""
    if text == "-":
        return bytearray()
    if len(text) > size:
        _bad("save: %s too long" % what)
    out = bytearray(len(text))
    for i in range(len(text)):
        k = "0123456789".find(text[i])
        if k < 0 or k > top:
            _bad("save: bad digit in %s" % what)
        out[i] = k
    return out


def load(text):
    """Inverse of dump. Raises ValueError on any damage (a field out of range too)."""
    if not isinstance(text, str):
        _bad("save must be text")
    lines = text.rstrip("\n").split("\n")
    if lines[0] != "hang4 %d" % h.VERSION:
        _bad("not a hang4 save (version %d)" % h.VERSION)
    opts = _take(lines, 1, "opts").split(" ")
    if len(opts) != 2 or opts[0] not in ("1", "2", "3"):
        _bad("save: bad options")
    o = options_with_defaults(h.NAME, h.OPTIONS, {"rivals": int(opts[0]), "cpu": opts[1]})
    s = h.Game()
    s.opts = o
    n = 1 + o["rivals"]
    s.n = n
    s.seed = _ints(_take(lines, 2, "seed"), 1)[0]
    state = _ints(_take(lines, 3, "rng"), 1)[0]
    if not 0 < state < 1 << 32:
        _bad("save: bad rng state")
    s.rng.set_state(state)
    at = _ints(_take(lines, 4, "at"), 9)
    s.phase, s.turn, s.start, s.count, s.victim, s.nmoves, s.turns, s.end, s.win = at
    sand = _ints(_take(lines, 5, "sand"), n + 1)
    for x in sand:
        _int_in(x, 0, h.SAND_TOTAL, "sand dollars")
    s.sand = bytearray(sand[:n])
    s.bank = sand[n]
    deck = _digits(_take(lines, 6, "deck"), 2, h.SURF_CARDS, "deck")
    s.ndeck = len(deck)
    s.deck[: s.ndeck] = deck
    shack = _take(lines, 7, "shack").split(" ")
    if len(shack) != 2:
        _bad("save: bad Shack line")
    a = _digits(shack[0], 2, h.SHACK_CARDS, "Shack deck")
    b = _digits(shack[1], 2, h.SHACK_CARDS, "Shack cards drawn")
    if len(a) + len(b) != h.SHACK_CARDS:
        _bad("Shack cards lost or added")
    s.nshack = len(a)
    s.shack[: s.nshack] = a
    s.nused = len(b)
    s.used[: s.nused] = b
    discard = _ints(_take(lines, 8, "discard"), 3)
    for x in discard:
        _int_in(x, 0, h.PER_KIND, "discards")
    s.discard = bytearray(discard)
    must = _digits(_take(lines, 9, "must"), 1, h.SEATS_MAX, "must buy")
    if len(must) != n:
        _bad("save: must buy per seat")
    s.must_buy = must
    drawn = _ints(_take(lines, 10, "drawn"), 3)
    for x in drawn:
        _int_in(x, 0, 255, "Shack cards drawn")
    s.drawn = bytearray(drawn)
    last = _ints(_take(lines, 11, "last"), h.LAST_LEN)
    for x in last:
        _int_in(x, 0, 255, "last action")
    s.last = bytearray(last)
    s.dogs = []
    for p in range(n):
        s.dogs.append(list(_digits(_take(lines, 12 + p, "dogs%d" % p), 7, h.SLOTS_MAX, "dogs")))
    if len(lines) != 12 + n:
        _bad("save: extra lines")
    check(s)
    return s


# ---- moves as text -------------------------------------------------------------------


def parse_move(s, text):
    """Inverse of move_text (any case). Raises ValueError on text that is not a move."""
    if not isinstance(text, str):
        raise ValueError("a hang4 move is text")
    t = text.strip().lower()
    for m in h.moves(s):
        if h.move_text(s, m) == t:
            return m
    words = t.split(" ")
    if words[0] in ("roll", "shack", "buy", "from", "take", "lose"):
        raise ValueError("hang4 move %r is not legal now" % text)
    raise ValueError("not a hang4 move: %r" % text)


# ---- what a seat sees ----------------------------------------------------------------


def deck_kinds(s):
    """How many noses, characters and tails the Surf deck still holds: every other Surf
    card is face up (dogs, discards), so every seat can count them."""
    out = [h.PER_KIND, h.PER_KIND, h.PER_KIND]
    for p in range(s.n):
        for v in s.dogs[p]:
            for kind in (h.NOSE, h.DOG, h.TAIL):
                if v & h.KIND_BITS[kind]:
                    out[kind] -= 1
    out[h.NOSE] -= s.discard[h.NOSE]
    out[h.TAIL] -= s.discard[h.TAIL]
    return out


def view(s, seat):
    """Everything is face up but the order of the two decks (C3: the Surf deck face
    down; the Shack deck face down, its drawn cards face up)."""
    left = [h.PER_SHACK] * 3
    for i in range(s.nused):
        left[s.used[i]] -= 1
    return {
        "seat": seat,
        "turn": s.turn,
        "phase": h.PHASE_NAMES[s.phase],
        "players": s.n,
        "sand": list(s.sand),
        "bank": s.bank,
        "dogs": [list(d) for d in s.dogs],
        "deck": s.ndeck,
        "deck_kinds": deck_kinds(s),
        "shack_left": left if s.nshack else [h.PER_SHACK] * 3,
        "shack_used": [s.used[i] for i in range(s.nused)],
        "discard": list(s.discard),
        "must_buy": list(s.must_buy),
        "count": s.count,
        "victim": s.victim,
        "last": list(s.last),
    }


def copy(s):
    c = h.Game()
    c.opts = dict(s.opts)
    c.seed = s.seed
    c.rng.set_state(s.rng.get_state())
    c.n = s.n
    for name in ("phase", "turn", "start", "count", "victim", "bank", "ndeck", "nshack"):
        setattr(c, name, getattr(s, name))
    for name in ("nused", "turns", "end", "win", "nmoves"):
        setattr(c, name, getattr(s, name))
    for name in ("sand", "deck", "shack", "used", "discard", "must_buy", "drawn", "last"):
        setattr(c, name, bytearray(getattr(s, name)))
    c.dogs = [list(d) for d in s.dogs]
    return c


def redeal(s, seat, rng):
    """A copy `seat` cannot tell from s: the Surf deck and the Shack deck shuffled again
    (their order is hidden from every seat), and the dice's stream with them."""
    c = copy(s)
    rng.shuffle(c.deck, c.ndeck)
    rng.shuffle(c.shack, c.nshack)
    c.rng.set_state(rng.next32() or 1)
    return c
