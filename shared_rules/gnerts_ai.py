"""G'nerts computer players (docs/rules/gnerts.md, "Computer players").

Each sees only what its seat may see: its own Pile's top, columns and waste, and the
foundations; never the order of its Stack or anyone's Pile below the top.

strong: the Pile first (to the Scoring Area, then onto a column), then what frees the
Pile (a one-card column to the Scoring Area, a column moved whole onto another), the
waste's top and the columns' tops to the Scoring Area, the waste's top onto a column
(it unblocks the Stack), else a flip. greedy: any card that goes to the Scoring Area
(waste, columns, Pile, in that order), then the Pile's top onto a column, then any other
play, else a flip (a standstill needs every seat unable to play: a player that passed
plays over would hold the round up for ever).
random: any legal action.
"""

from shared_rules import gnerts as g

_PILE_SCORE = g.PLAY  # p-f
_WASTE_SCORE = g.PLAY + g.SRC_WASTE * 5


def _play(src, dst):
    return g.PLAY + src * 5 + dst


def strong(s, seat):
    legal = g.legal
    if legal(s, seat, _PILE_SCORE):
        return _PILE_SCORE
    for dst in range(1, 5):
        a = _play(g.SRC_PILE, dst)
        if legal(s, seat, a):
            return a
    cols = s.cols[seat]
    for c in range(4):  # a column of one card to the Scoring Area: the Pile fills it
        if len(cols[c]) == 1 and legal(s, seat, _play(c + 1, 0)):
            return _play(c + 1, 0)
    for c in range(4):  # a whole column onto another: the Pile fills it
        for dst in range(1, 5):
            a = _play(c + 1, dst)
            if dst != c + 1 and legal(s, seat, a):
                return a
    if legal(s, seat, _WASTE_SCORE):
        return _WASTE_SCORE
    for c in range(4):
        a = _play(c + 1, 0)
        if legal(s, seat, a):
            return a
    for dst in range(1, 5):
        a = _play(g.SRC_WASTE, dst)
        if legal(s, seat, a):
            return a
    return g.FLIP if legal(s, seat, g.FLIP) else g.WAIT


def greedy(s, seat=0):
    if g.round_over(s):
        return g.NEXT  # the person's seat between rounds (run --auto --player greedy)
    for src in (g.SRC_WASTE, 1, 2, 3, 4, g.SRC_PILE):
        a = _play(src, 0)
        if g.legal(s, seat, a):
            return a
    for dst in range(1, 5):
        a = _play(g.SRC_PILE, dst)
        if g.legal(s, seat, a):
            return a
    for a in range(g.PLAY, g.ACTIONS):  # any other play (a column onto another, the
        if g.legal(s, seat, a):  # waste's top onto a column) before a flip
            return a
    return g.FLIP if g.legal(s, seat, g.FLIP) else g.WAIT


def random_action(s, seat, rng):
    acts = g.actions(s, seat)
    if not acts:
        return g.WAIT
    return acts[rng.below(len(acts))]


def random_move(s, rng):
    """The person's seat moved at random (run --auto --player random)."""
    if g.round_over(s):
        return g.NEXT
    return random_action(s, 0, rng)
