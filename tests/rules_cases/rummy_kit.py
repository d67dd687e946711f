"""Three-Thirteen rummy rule cases' tools (rummy_cases.py, rummy_end_cases.py): positions
built with new(1) and then overwritten (hands, pile, the stock's top cards, the turn)
and validated with check(); moves written in the notation ("draw", "take", "7H",
"out 7H", "grab", "pass", "next"). Two cases modules, so that the MicroPython VM's
64 KB heap holds one of them at a time beside the rules.
"""

from rules_cases.kit import raises
from shared_rules import rummy as r


def cards(text):
    return r.parse_cards(text)


def hand(text):
    return sorted(cards(text))


def build(hands, pile, stock="", rnd=0, turn=0, phase=r.PH_DRAW, options=None):
    """A checked position in round rnd + 1: hands (texts, seat 0 first), the discard
    pile (bottom first), the stock's top cards (the first drawn first) over every other
    card; the dealer is the seat before `turn`."""
    o = {"cpus": len(hands) - 1}
    if options:
        for k in options:
            o[k] = options[k]
    s = r.new(1, o)
    n = s.n
    s.round = rnd
    s.rounds = [[-1, 0] + [0] * n for _ in range(rnd)]
    s.first = (turn - 1 - rnd) % n
    s.hands = [hand(h) for h in hands]
    s.known = [[] for _ in range(n)]
    piled = cards(pile)
    top = cards(stock)
    counts = r.deck_counts(n)
    for group in s.hands + [piled, top]:
        for c in group:
            counts[c] -= 1
    rest = []
    for c in range(r.KINDS):
        for _ in range(counts[c]):
            rest.append(c)
    top.reverse()
    r.set_piles(s, rest + top, piled)
    s.turn = turn
    s.phase = phase
    s.out = -1
    s.taken = -1
    s.grabber = -1
    s.claim = []
    s.rebuilds = 0
    s.grabs = 0
    s.totals = [0] * n
    s.outs_at = -1
    r.check(s)
    return s


def run(s, line):
    """Play the moves of a notation line ('out 7H' is one move), checking after each."""
    words = line.split()
    i = 0
    while i < len(words):
        t = words[i]
        if t == "out":
            i += 1
            t = "out " + words[i]
        r.play(s, r.parse_move(s, t))
        r.check(s)
        i += 1
    return s


def texts(s):
    return [r.move_text(s, m) for m in r.moves(s)]


def illegal(s, text):
    """The move is illegal: ValueError, and the state is unchanged."""
    d = r.dump(s)
    return raises(r.play, s, r.parse_move(s, text)) and r.dump(s) == d


def to_end_of_round(s):
    """Every seat plays the greedy computer player until the round is scored."""
    from shared_rules import rummy_ai

    while s.phase != r.PH_BETWEEN and s.phase != r.PH_OVER:
        r.play(s, rummy_ai.greedy(s))
    r.check(s)


# ---- players, cards, rounds -----------------------------------------------------
