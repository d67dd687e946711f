"""Double Solitaire's rarely used parts (imported when first needed): move parsing,
what a seat may see, redeals and copies. Apart from the save's reading (dsol_save.py):
a resume does not load them."""

from shared_rules import dsol as d
from shared_rules.cards import parse_card

# ---- notation ----------------------------------------------------------------------


def parse_move(s, text):
    """Inverse of move_text (any case): 'pile>s1', 'c2>s3', '7H>s4', 'fill 7H', '7H>c2',
    'pass', 'next'. Raises ValueError on text that is not a move."""
    if not isinstance(text, str):
        raise ValueError("not a dsol move: %r" % (text,))
    t = text.strip().lower()
    try:
        if t == "pass":
            return d.PASS
        if t == "next":
            return d.NEXT
        if t[:5] == "fill ":
            return d.FILL + parse_card(t[5:])
        src, sep, to = t.partition(">")
        if sep and len(to) == 2 and to[1] in "1234":
            k = int(to[1]) - 1
            if to[0] == "s":
                if src == "pile":
                    return d.PLAY + d.SRC_PILE * 4 + k
                if len(src) == 2 and src[0] == "c" and src[1] in "1234":
                    return d.PLAY + (d.SRC_COLUMN + int(src[1]) - 1) * 4 + k
                return d.PLAY + (d.SRC_HAND + parse_card(src)) * 4 + k
            if to[0] == "c":
                return d.CLOSE + parse_card(src) * 4 + k
    except ValueError:
        pass
    raise ValueError("not a dsol move: %r (try pile>s1, c2>s3, 7H>s4, fill 7H, 7H>c2)" % (text,))


# ---- hidden information -------------------------------------------------------------


def view(s, seat):
    """What `seat` may see: its hand; both Piles' tops and sizes; both Stocks; the
    Stacks; the Discard Pile (completed Stacks, seen as they were played); the other's
    hand size; the Draw Pile's size; the turn, points, games and restarts; the cards it
    cannot see (the other's hand, the Piles under their tops, the Draw Pile)."""
    if type(seat) is not int or not 0 <= seat < 2:
        raise ValueError("dsol has no seat %r" % (seat,))
    return {
        "seat": seat,
        "phase": s.phase,
        "turn": s.turn,
        "starter": s.starter,
        "hand": list(s.hands[seat]),
        "other_hand": len(s.hands[1 - seat]),
        "pile_top": [s.piles[k][s.npile[k] - 1] if s.npile[k] else -1 for k in (0, 1)],
        "pile_left": list(s.npile),
        "stock": [[list(col) for col in s.cols[k]] for k in (0, 1)],
        "stacks": [list(st) for st in s.stacks],
        "discard": sorted(s.disc[: s.ndisc]),
        "draw": s.ndraw,
        "unseen": unseen(s, seat),
        "turns": s.turns,
        "passes": s.passes,
        "points": list(s.points),
        "restarts": list(s.restarts),
        "games": [list(row) for row in s.games],
    }


def unseen(s, seat):
    """The cards `seat` cannot see, sorted."""
    out = list(s.hands[1 - seat])
    for k in (0, 1):
        out.extend(s.piles[k][: max(0, s.npile[k] - 1)])
    out.extend(s.draw[: s.ndraw])
    out.sort()
    return out


def copy(s):
    c = d.Game()
    c.opts = dict(s.opts)
    c.seed = s.seed
    c.rng.set_state(s.rng.get_state())
    c.phase = s.phase
    c.turn = s.turn
    c.starter = s.starter
    c.piles = [bytearray(p) for p in s.piles]
    c.npile = list(s.npile)
    c.cols = [[list(col) for col in cols] for cols in s.cols]
    c.hands = [list(h) for h in s.hands]
    c.draw = bytearray(s.draw)
    c.ndraw = s.ndraw
    c.disc = bytearray(s.disc)
    c.ndisc = s.ndisc
    c.stacks = [list(st) for st in s.stacks]
    c.turns = s.turns
    c.passes = s.passes
    c.restarts = list(s.restarts)
    c.points = list(s.points)
    c.games = [list(row) for row in s.games]
    c.nmoves = s.nmoves
    return c


def redeal(s, seat, rng):
    """A copy `seat` cannot tell from s: the other's hand, both Piles under their tops
    and the Draw Pile dealt again from the same cards with rng, and a new Rng for the
    shuffles to come."""
    if type(seat) is not int or not 0 <= seat < 2:
        raise ValueError("dsol has no seat %r" % (seat,))
    c = copy(s)
    pool = bytearray(unseen(s, seat))
    rng.shuffle(pool, len(pool))
    n = 0
    other = 1 - seat
    hand = []
    for _ in range(len(s.hands[other])):
        hand.append(pool[n])
        n += 1
    hand.sort()
    c.hands[other] = hand
    for k in (0, 1):
        for i in range(max(0, s.npile[k] - 1)):
            c.piles[k][i] = pool[n]
            n += 1
    for i in range(s.ndraw):
        c.draw[i] = pool[n]
        n += 1
    c.rng.set_state(rng.next16() * 65536 + rng.next16() or 1)
    return c
