"""Three-Thirteen rummy's save reading (imported when a save is read or a state
checked): loading and checking a save, cards as text. Move parsing, what a seat may
see, redeals, copies and the summary are in rummy_views.py, so a resume's reading holds
none of them. Each public name answers as rummy.NAME too.

The save is one line per field in a fixed order; cards are written "AS 7H JK", "-" for
none; load() accepts only what dump() writes.
"""

from shared_rules import cards as _cards
from shared_rules import rummy as r
from shared_rules import save_cards as _sc
from shared_rules import save_text as _st
from shared_rules.contract import options_with_defaults

_GAME = "rummy"


def _bad(what):
    _st.bad(_GAME, what)


def _int_in(x, lo, hi, what):
    _st.int_in(_GAME, x, lo, hi, what)


# ---- cards as text ---------------------------------------------------------------


def parse_card(text):
    """'7H' -> 19, 'JK' -> 52 (any case, '10H' too). Raises ValueError."""
    if not isinstance(text, str):
        raise ValueError("not a card: %r" % (text,))
    if text.strip().upper() == "JK":
        return r.JOKER
    return _cards.parse_card(text)


def parse_cards(text):
    """'AS TD JK' -> [0, 35, 52]. Raises ValueError."""
    if not isinstance(text, str):
        raise ValueError("cards must be text, got %r" % (text,))
    return [parse_card(t) for t in text.split()]


def cards_text(seq):
    return " ".join([r.card_text(c) for c in seq])


# ---- invariants ------------------------------------------------------------------


def check(s):
    """Raise ValueError unless the state is one a match can reach."""
    if not isinstance(s.opts, dict) or len(s.opts) != len(r.OPTIONS):
        _bad("bad options")
    if options_with_defaults(r.NAME, r.OPTIONS, s.opts) != s.opts:
        _bad("bad options")
    if type(s.seed) is not int:
        _bad("seed is not a number")
    _int_in(s.rng.get_state(), 1, 0xFFFFFFFF, "rng state")
    n = s.opts["cpus"] + 1
    if s.n != n:
        _bad("%d seats for %d rivals" % (s.n, s.opts["cpus"]))
    last = s.opts["rounds"] - 1
    _int_in(s.first, 0, n - 1, "first dealer")
    _int_in(s.round, 0, last, "round")
    _int_in(s.phase, r.PH_DRAW, r.PH_OVER, "phase")
    _int_in(s.turn, 0, n - 1, "turn")
    _int_in(s.out, -1, n - 1, "seat out")
    _int_in(s.rebuilds, 0, r.STOCK_REBUILDS, "stock rebuilds")
    _int_in(s.grabs, 0, 1 << 20, "grabs")
    _int_in(s.nmoves, 0, 1 << 30, "move count")
    for group in (s.hands, s.known):
        if not isinstance(group, list) or len(group) != n:
            _bad("hands for %d seats" % n)
    if len(s.totals) != n:
        _bad("totals for %d seats" % n)
    _check_cards(s)
    _check_phase(s, n)
    _check_rounds(s, n, last)


def _check_cards(s):
    """Every card of the decks exactly once: hands, stock and pile; hands sorted; each
    seat's known cards in its hand."""
    counts = r.deck_counts(s.n)
    seen = bytearray(r.KINDS)
    for group in (s.stock, s.pile):
        if not isinstance(group, bytearray) or len(group) != r.CARDS_MAX:
            _bad("the stock and the pile must be bytearrays of %d" % r.CARDS_MAX)
    _int_in(s.nstock, 0, r.CARDS_MAX, "stock size")
    _int_in(s.npile, 0, r.CARDS_MAX, "pile size")
    for hand in s.hands:
        if not isinstance(hand, list):
            _bad("hands must be lists")
        for c in hand:
            _int_in(c, 0, r.JOKER, "card")
            seen[c] += 1
    for group, n in ((s.stock, s.nstock), (s.pile, s.npile)):
        for i in range(n):
            c = group[i]
            _int_in(c, 0, r.JOKER, "card")
            seen[c] += 1
    for c in range(r.KINDS):
        if seen[c] != counts[c]:
            _bad("%d of %s, not %d" % (seen[c], r.card_text(c), counts[c]))
    for seat in range(s.n):
        hand = s.hands[seat]
        for i in range(1, len(hand)):
            if hand[i - 1] > hand[i]:
                _bad("%s's hand is not sorted" % r.SEAT_NAMES[seat])
        rest = list(hand)
        for c in s.known[seat]:
            _int_in(c, 0, r.JOKER, "card")
            if c not in rest:
                _bad("%s shows %s it does not hold" % (r.SEAT_NAMES[seat], r.card_text(c)))
            rest.remove(c)


def _check_phase(s, n):
    """Hand sizes, the pile, the claim window and the turn agree with the phase."""
    size = s.round + 3
    ph = s.phase
    extra = -1
    if ph == r.PH_DISCARD:
        extra = s.turn
    elif ph == r.PH_GRAB:
        extra = s.grabber
    for seat in range(n):
        want = size + 1 if seat == extra else size
        if len(s.hands[seat]) != want:
            _bad("%s holds %d cards, not %d" % (r.SEAT_NAMES[seat], len(s.hands[seat]), want))
    between = ph == r.PH_BETWEEN or ph == r.PH_OVER
    if not s.npile and (ph == r.PH_DRAW or ph == r.PH_CLAIM):
        _bad("an empty discard pile")
    if ph == r.PH_GRAB:
        _int_in(s.grabber, 0, n - 1, "grabber")
        if s.grabber == s.turn or s.out >= 0:
            _bad("a grab by the discarder or after going out")
        if s.taken < 0 or not r.is_wild(s.taken, r.wild_of(s)) or s.taken not in s.known[s.grabber]:
            _bad("the grabbed card is not a wild card shown in the grabber's hand")
    elif s.grabber != -1:
        _bad("a grabber outside a grab")
    if ph == r.PH_DISCARD and s.taken >= 0:
        if s.taken not in s.known[s.turn]:
            _bad("the card taken is not shown in the hand")
    elif ph != r.PH_DISCARD and ph != r.PH_GRAB and s.taken != -1:
        _bad("a card taken outside a turn")
    if ph == r.PH_CLAIM:
        _check_claim(s, n)
    elif s.claim:
        _bad("claimants outside a claim window")
    if s.out >= 0 and not between:
        if s.turn == s.out and ph != r.PH_CLAIM:
            _bad("the seat that went out plays again")
        if not r.melds_all(s.hands[s.out], r.wild_of(s)):
            _bad("%s went out without melding" % r.SEAT_NAMES[s.out])
    if ph == r.PH_DRAW and not s.nstock and (s.out < 0 or not s.npile):
        _bad("an empty stock to draw from")  # (a last turn draws the pile's top, D14)
    if between:
        if s.taken != -1 or s.grabber != -1:
            _bad("a turn's cards after the round")


def _check_claim(s, n):
    claim = s.claim
    if not isinstance(claim, list) or not claim or s.out >= 0:
        _bad("a claim window with nobody to claim")
    if not s.npile or not r.is_wild(r.top(s), r.wild_of(s)):
        _bad("a claim window over a card that is not wild")
    start = n - len(claim)  # the seats after the discarder, the first ones passed
    for k in range(len(claim)):
        if claim[k] != (s.turn + start + k) % n:
            _bad("claimants %r out of order" % (claim,))


def _check_rounds(s, n, last):
    """The scored rounds: one per finished round, their points adding up to the totals."""
    done = s.round + (1 if s.phase == r.PH_BETWEEN or s.phase == r.PH_OVER else 0)
    if len(s.rounds) != done:
        _bad("%d rounds scored in round %d" % (len(s.rounds), s.round + 1))
    if (s.phase == r.PH_OVER) != (s.phase >= r.PH_BETWEEN and s.round == last):
        _bad("phase %s in round %d of %d" % (r.PHASE_NAMES[s.phase], s.round + 1, last + 1))
    sums = [0] * n
    for k in range(done):
        row = s.rounds[k]
        if not isinstance(row, list) or len(row) != n + 2:
            _bad("bad round row")
        _int_in(row[0], -1, n - 1, "seat out")
        _int_in(row[1], 0, 1 << 20, "grabs")
        for seat in range(n):
            p = row[2 + seat]
            if seat == row[0]:
                if p != -(k + 1):
                    _bad("round %d: the seat out scored %r" % (k + 1, p))
            else:
                _int_in(p, 0, 20 * (k + 3), "round points")
            sums[seat] += p
    if sums != s.totals:
        _bad("totals %r are not the rounds' sum %r" % (s.totals, sums))
    if done > s.round:
        if s.out != s.rounds[s.round][0] or s.grabs != s.rounds[s.round][1]:
            _bad("the last round's row does not match the round")


# ---- the save ----------------------------------------------------------------------


_KEYS = ("opts", "seed", "rng", "at", "claim", "totals")


def _ints(text, n):
    return _st.ints(_GAME, text, n)


def _cards_of(text):
    return _sc.cards_of(_GAME, text, parse_card)


def _cards_into(text, buf):
    return _sc.cards_into(_GAME, text, buf, parse_card)


def load(text):
    """Inverse of dump. Raises ValueError on any damage."""
    fields, order = _st.fields_of(_GAME, r.VERSION, text)
    s = r.Rummy()
    try:
        o = fields["opts"].split(" ")
        if len(o) not in (3, 6):  # 3: a save from before each rival had its own level
            _bad("bad options")
        opts = {"cpus": int(o[0]), "level": o[1], "rounds": int(o[2])}
        for i in range(3, len(o)):
            opts[r.SEAT_KEYS[i - 2]] = o[i]
        if len(o) == 3:  # read as the same save in today's form (each rival "same")
            line = "opts %s" % fields["opts"]
            text = text.replace(line + "\n", line + " same same same\n", 1)
        s.opts = options_with_defaults(r.NAME, r.OPTIONS, opts)
        n = s.opts["cpus"] + 1
        keys = list(_KEYS)
        for seat in range(n):
            keys.append("hand%d" % seat)
            keys.append("known%d" % seat)
        keys = keys + ["stock", "pile", "rounds"]
        _st.keys_in_order(_GAME, order, keys)
        s.n = n
        s.seed = int(fields["seed"])
        s.rng.set_state(int(fields["rng"]))
        at = _ints(fields["at"], 10)
        s.first, s.round, s.phase, s.turn, s.out, s.taken, s.grabber = at[:7]
        s.rebuilds, s.grabs, s.nmoves = at[7:]
        claim = fields["claim"]
        s.claim = [] if claim == "-" else [int(x) for x in claim.split(" ")]
        s.totals = _ints(fields["totals"], n)
        s.hands = [_cards_of(fields["hand%d" % seat]) for seat in range(n)]
        s.known = [_cards_of(fields["known%d" % seat]) for seat in range(n)]
        s.nstock = _cards_into(fields["stock"], s.stock)
        s.npile = _cards_into(fields["pile"], s.pile)
        s.rounds = []
        if fields["rounds"] != "-":
            for part in fields["rounds"].split(" "):
                row = [int(x) for x in part.split("/")]
                if len(row) != n + 2:
                    _bad("bad round row %r" % part)
                s.rounds.append(row)
        if s.taken != -1:
            _int_in(s.taken, 0, r.JOKER, "card taken")
    except (IndexError, TypeError, KeyError, OverflowError):
        _bad("save is damaged")
    check(s)
    if not _st.dumps_as(r.dump_to, s, text):
        _bad("save is not in the form dump() writes")
    return s
