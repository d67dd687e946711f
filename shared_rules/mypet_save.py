"""My Pet's save format, invariants, summary and views (imported when first needed).

One line per field in a fixed order, then five lines per pet; a deck is its kinds as
characters, bottom first. load() accepts only what dump() writes.
"""

from shared_rules import mypet as p
from shared_rules import save_text as _st
from shared_rules.contract import options_with_defaults
from shared_rules.rng import Rng

_SEAT_KEYS = ("pet", "hand", "table", "disc", "deck")


def _bad(what):
    _st.bad("mypet", what)


def _int_in(x, lo, hi, what):
    _st.int_in("mypet", x, lo, hi, what)


def _stage_by_ages(ages):
    return p.PASSED if ages >= 20 else (p.ADULT if ages >= 10 else p.YOUNG)


def check(s):
    """Raise ValueError unless the state is one a game can reach."""
    if not isinstance(s.opts, dict) or len(s.opts) != len(p.OPTIONS):
        _bad("bad options")
    if options_with_defaults(p.NAME, p.OPTIONS, s.opts) != s.opts:
        _bad("bad options")
    if s.n != s.opts["players"]:
        _bad("%d pets for %d players" % (s.n, s.opts["players"]))
    if type(s.seed) is not int:
        _bad("seed is not a number")
    _int_in(s.rng.get_state(), 1, 0xFFFFFFFF, "rng state")
    _int_in(s.phase, p.PH_PLAY, p.PH_OVER, "phase")
    _int_in(s.turn, 0, s.n - 1, "seat to act")
    for x in (s.aged, s.carded):
        _int_in(x, 0, 1, "turn flag")
    _int_in(s.drew, -1, p.KINDS - 1, "card drawn")
    _int_in(s.grew, 0, 2, "grown flag")
    _int_in(s.auto, 0, 20, "Age cards put into play")
    older = p.older(s)
    for seat in range(s.n):
        _check_seat(s, seat, older)
    alive = [seat for seat in range(s.n) if s.stage[seat] != p.PASSED]
    if (s.phase == p.PH_OVER) != (not alive):
        _bad("phase %d with %d pets living" % (s.phase, len(alive)))
    if alive and s.stage[s.turn] == p.PASSED:
        _bad("a pet that has passed is to act")
    if s.phase == p.PH_DISCARD and not p.must_discard(s):
        _bad("a discard that is not owed")
    if s.aged and not s.table[s.turn][p.AGE]:
        _bad("an Age card played but none in play")
    total = 0
    for t in s.turns:
        total += t
    _int_in(s.nmoves, 0, 4 * total + 4, "move count")


def _check_turns(s):
    """The turns against seat order and each deck (a draw a turn), and the turn's flags
    against its draw, as play makes them (load; a made-up position in the rule cases
    may have any deck)."""
    older = p.older(s)
    turn = s.turn
    top = s.turns[turn]
    over = s.phase == p.PH_OVER
    for seat in range(s.n):
        n = s.turns[seat]
        want = top - (1 if seat > turn else 0)  # turns go round in seat order
        passed = s.stage[seat] == p.PASSED  # in a turn of its own, its last
        if n > want or (n != want and not passed) or (n < 1 and passed):
            _bad("%s has had %d turns, not %d" % (p.SEAT_NAMES[seat], n, want))
        nd = s.ndeck[seat]
        left = p.DECK_SIZE - p.HAND_LIMIT - n  # older: dealt five; grown up: the deck refilled
        if not older:
            ok = nd == max(0, p.DECK_SIZE - 4 - n)  # dealt three, Passing set aside
        elif s.stage[seat] == p.YOUNG:
            ok = nd == left
        else:
            ok = nd > left
        if not ok:
            _bad("%s's deck of %d after %d turns" % (p.SEAT_NAMES[seat], nd, n))
    drew = s.drew
    passing = drew == p.PASSING
    # an adult (older rules) puts the Age cards in its hand into play as its turn starts:
    # the one it drew, or, when it has just grown up, those it held
    if s.grew == 1:
        auto_ok = s.auto <= s.table[turn][p.AGE]
    else:
        adult = older and not over and s.stage[turn] == p.ADULT
        auto_ok = s.auto == (1 if adult and drew == p.AGE else 0)
    if (
        not auto_ok
        or s.grew != ((2 if over else 1) if passing else 0)
        or (drew < 0) != (not older and top > p.DECK_SIZE - 4)
        or (older and over and not passing)
    ):
        _bad("the turn's draw does not match the pet")


def _check_seat(s, seat, older):
    hand = s.hands[seat]
    table = s.table[seat]
    disc = s.discards[seat]
    deck = s.decks[seat]
    for row in (hand, table, disc):
        if len(row) != p.KINDS:
            _bad("bad card counts")
    if len(deck) != p.DECK_SIZE:
        _bad("bad deck")
    nd = s.ndeck[seat]
    _int_in(nd, 0, p.DECK_SIZE, "deck size")
    seen = bytearray(p.KINDS)
    for k in deck[:nd]:
        _int_in(k, 0, p.KINDS - 1, "card")
        seen[k] += 1
    for k in range(p.PASSING):
        if seen[k] + hand[k] + table[k] + disc[k] != p.DECK_COUNTS[k]:
            _bad(
                "%s has %d %s cards"
                % (p.SEAT_NAMES[seat], seen[k] + hand[k] + table[k] + disc[k], p.CARD_NAMES[k])
            )
    stage = s.stage[seat]
    _int_in(stage, p.YOUNG, p.PASSED, "pet card")
    if hand[p.PASSING] or disc[p.PASSING]:
        _bad("the Passing card in a hand or the discards")
    if older and seen[p.PASSING] + table[p.PASSING] != 1:
        _bad("the Passing card is lost")
    if not older and seen[p.PASSING]:
        _bad("the Passing card in a younger deck")
    if table[p.PASSING] != (1 if stage == p.PASSED else 0):
        _bad("the Passing card in play does not match the pet")
    _int_in(table[p.AGE], 0, 20, "Age cards in play")
    if p.scoring(table) > table[p.AGE]:
        _bad("more scoring cards in play than Age cards")
    if table[p.TRAINING] > p.DECK_COUNTS[p.TRAINING]:
        _bad("Training in play")
    acting = seat == s.turn and s.phase != p.PH_OVER
    if older:
        if stage == p.ADULT and hand[p.AGE]:
            _bad("an adult pet holds Age cards")
    else:
        ages = table[p.AGE] - (1 if acting and s.aged else 0)
        if stage != _stage_by_ages(ages):
            _bad("the pet card does not match %d Age cards" % ages)
    size = p.hand_size(hand)
    if not acting and size > p.HAND_LIMIT and size > hand[p.AGE]:
        _bad("%s holds %d cards" % (p.SEAT_NAMES[seat], size))
    _int_in(s.turns[seat], 0, 1000, "turns")


def dump(s):
    return p.dump(s)


def _ints(text, n):
    return _st.ints("mypet", text, n)


def load(text):
    """Inverse of dump. Raises ValueError on any damage."""
    if not isinstance(text, str):
        _bad("save must be text")
    lines = text.split("\n")
    if lines[0] != "mypet %d" % p.VERSION:
        if lines[0].split(" ")[0] == "mypet":
            _bad("save version %r, expected %d" % (lines[0][6:], p.VERSION))
        _bad("not a mypet save")
    try:
        fields = []
        for i, key in enumerate(("opts", "seed", "rng", "at")):
            head, _, rest = lines[i + 1].partition(" ")
            if head != key:
                _bad("save: expected %s, got %r" % (key, lines[i + 1][:12]))
            fields.append(rest)
        o = fields[0].split(" ")
        if len(o) != 2:
            _bad("bad options")
        opts = options_with_defaults(p.NAME, p.OPTIONS, {"rules": o[0], "players": int(o[1])})
        n = opts["players"]
        if len(lines) != 5 + 5 * n + 1 or lines[-1] != "":
            _bad("save has %d lines" % len(lines))
        s = p.Life(n)
        s.opts = opts
        s.seed = int(fields[1])
        s.rng.set_state(int(fields[2]))
        at = _ints(fields[3], 8)
        s.phase, s.turn, s.aged, s.carded, s.drew, s.grew, s.auto, s.nmoves = at
        for seat in range(n):
            rows = []
            for j in range(5):
                head, _, rest = lines[5 + 5 * seat + j].partition(" ")
                if head != _SEAT_KEYS[j]:
                    _bad("save: expected %s" % _SEAT_KEYS[j])
                rows.append(rest)
            pet = _ints(rows[0], 2)
            _int_in(pet[0], 0, 2, "pet card")
            s.stage[seat] = pet[0]
            s.turns[seat] = pet[1]
            s.hands[seat] = bytearray(_ints(rows[1], p.KINDS))
            s.table[seat] = bytearray(_ints(rows[2], p.KINDS))
            s.discards[seat] = bytearray(_ints(rows[3], p.KINDS))
            deck = [] if rows[4] == "-" else [p.DECK_CHARS.index(c) for c in rows[4]]
            if len(deck) > p.DECK_SIZE:
                _bad("deck too big")
            for i in range(len(deck)):
                s.decks[seat][i] = deck[i]
            s.ndeck[seat] = len(deck)
    except (IndexError, TypeError, KeyError, OverflowError):
        _bad("save is damaged")
    check(s)
    _check_turns(s)
    if not _st.dumps_as(p.dump_to, s, text):
        _bad("save is not in the form dump() writes")
    return s


# ---- the end, views and copies ----------------------------------------------------


def pet_summary(s, seat):
    table = s.table[seat]
    pts = p.points(table)
    return {
        "name": p.SEAT_NAMES[seat],
        "points": pts,
        "ages": table[p.AGE],
        "plays": table[p.PLAY],
        "tricks": [p.CARD_NAMES[k] for k in range(p.BEG, p.PASSING) if table[k]],
        "turns": s.turns[seat],
        "stage": p.STAGE_NAMES[s.stage[seat]],
        "life": life_text(s, seat),
    }


def life_text(s, seat):
    """'Rex lived 14 years: a happy life of play and tricks.'"""
    table = s.table[seat]
    a, b = p.life_words(p.points(table))
    years = table[p.AGE]
    age = "%d year%s" % (years, "" if years == 1 else "s")
    return "%s lived %s: %s %s" % (p.SEAT_NAMES[seat], age, a[0].lower() + a[1:], b)


def summary(s):
    pets = [pet_summary(s, seat) for seat in range(s.n)]
    me = pets[0]
    return {
        "score": me["points"],
        "clean": False,
        "rules": s.opts["rules"],
        "points": me["points"],
        "ages": me["ages"],
        "plays": me["plays"],
        "tricks": me["tricks"],
        "turns": me["turns"],
        "life": me["life"],
        "pets": pets,
    }


def _unseen(s, seat):
    """Counts of the seat's own deck (its order is hidden)."""
    out = [0] * p.KINDS
    for k in s.decks[seat][: s.ndeck[seat]]:
        out[k] += 1
    return out


def view(s, seat):
    """What `seat` may see: its hand, every pet's cards in play, pet card and discards,
    the counts of its own deck, and the others' hand and deck sizes."""
    if type(seat) is not int or not 0 <= seat < s.n:
        raise ValueError("mypet has no seat %r" % (seat,))
    return {
        "rules": s.opts["rules"],
        "hand": list(s.hands[seat]),
        "own_deck": _unseen(s, seat),  # counts; the order is hidden
        "tables": [list(t) for t in s.table],
        "discards": [list(d) for d in s.discards],
        "stages": list(s.stage),
        "hand_sizes": [p.hand_size(h) for h in s.hands],
        "decks": list(s.ndeck),
        "turn": s.turn,
        "turns": list(s.turns),
        "phase": s.phase,
        "aged": s.aged,
        "carded": s.carded,
        "drew": s.drew if seat == s.turn else -1,
    }


def copy(s):
    return load(dump(s))


def redeal(s, seat, rng):
    """A copy `seat` cannot tell from s: its own deck's order, the other pets' hands and
    decks, and the state's Rng dealt again with rng (Age cards stay where they were in
    the others' hands, so the hand limit still holds)."""
    if type(seat) is not int or not 0 <= seat < s.n:
        raise ValueError("mypet has no seat %r" % (seat,))
    c = copy(s)
    rng.shuffle(c.decks[seat], c.ndeck[seat])
    for other in range(c.n):
        if other != seat:
            _redeal_other(c, other, rng)
    c.rng = Rng(rng.next16() * 65536 + rng.next16() or 1)
    return c


def _redeal_other(c, seat, rng):
    hand = c.hands[seat]
    deck = c.decks[seat]
    nd = c.ndeck[seat]
    held = 0
    for k in range(p.PLAY, p.PASSING):
        for _ in range(hand[k]):
            deck[nd] = k
            nd += 1
        held += hand[k]
        hand[k] = 0
    rng.shuffle(deck, nd)
    i = nd - 1
    while held:  # the hand's non-Age cards again, from the shuffled pool
        k = deck[i]
        if k != p.AGE and k != p.PASSING:
            hand[k] += 1
            deck[i] = deck[nd - 1]
            nd -= 1
            held -= 1
        i -= 1
    c.ndeck[seat] = nd
