"""Three-Thirteen rummy's rarely used parts (imported when first needed): move
parsing, what a seat may see, redeals, copies, the summary. Apart from the save's
reading (rummy_save.py): a resume does not load them. Each public name answers as
rummy.NAME too."""

from shared_rules import rummy as r
from shared_rules.rummy_save import parse_card

# ---- notation ----------------------------------------------------------------------


def parse_move(s, text):
    """Inverse of move_text (any case). Raises ValueError on text that is not a move."""
    if not isinstance(text, str):
        raise ValueError("not a rummy move: %r" % (text,))
    t = text.strip().lower()
    words = ("draw", "take", "grab", "pass", "next")
    for k in range(len(words)):
        if t == words[k]:
            return r.STOCK + k
    try:
        if t[:4] == "out ":
            return r.OUT + parse_card(t[4:])
        return parse_card(t)
    except ValueError:
        raise ValueError("not a rummy move: %r (try 7H, out 7H, draw, take, grab)" % (text,))


# ---- what a seat sees ----------------------------------------------------------------


def view(s, seat):
    """What `seat` may see: its hand, the discard pile, the cards each seat took from the
    pile and still holds, how many cards everyone holds, the stock's size, the scores,
    the cards it cannot see (others' hidden cards and the stock), the melds of the seat
    that went out (laid on the table), every hand once a round is scored."""
    if type(seat) is not int or not 0 <= seat < s.n:
        raise ValueError("rummy has no seat %r" % (seat,))
    between = s.phase == r.PH_BETWEEN or s.phase == r.PH_OVER
    return {
        "seat": seat,
        "round": s.round,
        "wild": r.wild_of(s),
        "dealer": r.dealer(s),
        "phase": s.phase,
        "turn": s.turn,
        "to_act": r.to_act(s),
        "hand": list(s.hands[seat]),
        "pile": r.pile_cards(s),
        "known": [sorted(k) for k in s.known],
        "counts": [len(h) for h in s.hands],
        "stock": s.nstock,
        "unseen": unseen(s, seat),
        "out": s.out,
        "taken": s.taken,
        "grabber": s.grabber,
        "claim": list(s.claim),
        "rebuilds": s.rebuilds,
        "totals": list(s.totals),
        "rounds": [list(row) for row in s.rounds],
        "shown": [list(h) for h in s.hands] if between else None,
        "table": list(s.hands[s.out]) if s.out >= 0 else None,
    }


def hidden(s, k):
    """Seat k's cards the others cannot see: its hand less the cards it took openly
    (none once it went out: its melds are on the table)."""
    if k == s.out:
        return []
    rest = list(s.hands[k])
    for c in s.known[k]:
        rest.remove(c)
    return rest


def unseen(s, seat):
    """The cards `seat` cannot see, sorted: the stock and the others' hidden cards."""
    out = r.stock_cards(s)
    if s.phase != r.PH_BETWEEN and s.phase != r.PH_OVER:
        for k in range(s.n):
            if k != seat:
                out.extend(hidden(s, k))
    out.sort()
    return out


def copy(s):
    """An independent copy of the match."""
    c = r.Rummy()
    c.opts = dict(s.opts)
    c.seed = s.seed
    c.rng.set_state(s.rng.get_state())
    c.n = s.n
    c.first = s.first
    c.round = s.round
    c.phase = s.phase
    c.turn = s.turn
    c.out = s.out
    c.taken = s.taken
    c.grabber = s.grabber
    c.claim = list(s.claim)
    c.hands = [list(h) for h in s.hands]
    c.known = [list(k) for k in s.known]
    c.stock = bytearray(s.stock)
    c.nstock = s.nstock
    c.pile = bytearray(s.pile)
    c.npile = s.npile
    c.rebuilds = s.rebuilds
    c.grabs = s.grabs
    c.totals = list(s.totals)
    c.rounds = [list(row) for row in s.rounds]
    c.nmoves = s.nmoves
    return c


def redeal(s, seat, rng):
    """A copy `seat` cannot tell from s: the stock and the others' hidden cards dealt
    again from their pooled cards with rng (same counts, the cards they took from the
    pile kept), and the state's Rng (the next shuffles) drawn from rng too."""
    if type(seat) is not int or not 0 <= seat < s.n:
        raise ValueError("rummy has no seat %r" % (seat,))
    c = copy(s)
    between = s.phase == r.PH_BETWEEN or s.phase == r.PH_OVER
    pool = r.stock_cards(c)
    sizes = [0] * c.n
    if not between:
        for k in range(c.n):
            if k != seat and k != c.out:
                rest = hidden(c, k)
                sizes[k] = len(rest)
                pool.extend(rest)
    rng.shuffle(pool)
    if not between:
        for k in range(c.n):
            if k != seat and k != c.out:
                hand = list(c.known[k])
                for _ in range(sizes[k]):
                    hand.append(pool.pop())
                hand.sort()
                c.hands[k] = hand
    set_piles(c, pool, r.pile_cards(c))
    c.rng.set_state(rng.next16() * 65536 + rng.next16() or 1)
    return c


def set_piles(s, stock, pile):
    """Put these cards (lists, the stock's top and the pile's top last) as the stock and
    the discard pile (loading, redeals, tests)."""
    if len(stock) > r.CARDS_MAX or len(pile) > r.CARDS_MAX:
        raise ValueError("rummy: more cards than two decks")
    for i in range(len(stock)):
        s.stock[i] = stock[i]
    s.nstock = len(stock)
    for i in range(len(pile)):
        s.pile[i] = pile[i]
    s.npile = len(pile)


# ---- the end of a match -----------------------------------------------------------


def summary(s):
    rounds = []
    grabs = 0
    for k in range(len(s.rounds)):
        row = s.rounds[k]
        grabs += row[1]
        rounds.append({"wild": k + 3, "out": row[0], "points": row[2:], "grabs": row[1]})
    w = r.winner(s)
    return {
        "score": r.score(s),
        "clean": False,
        "players": s.n,
        "totals": list(s.totals),
        "winner": w,
        "rounds": rounds,
        "grabs": grabs,
    }
