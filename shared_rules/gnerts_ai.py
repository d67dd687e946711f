"""G'nerts computer players (docs/rules/gnerts.md, "Computer players").

Each sees only what its seat may see: its own Pile's top, columns and waste, the
foundations and what lies face up on the rivals' tables (a Pile's top, the columns, the
top flipped card); never the order of its Stack or anyone's Pile below the top.

strong: first a card to the Scoring Area that a rival shows too (the same card: whoever
plays first takes the place), then the Pile (to the Scoring Area, then onto a column),
then what frees the Pile (a one-card column to the Scoring Area, a column moved whole
onto another), the waste's top and the columns' tops to the Scoring Area, the waste's
top onto a column (it unblocks the Stack), else a flip. greedy: any card that goes to
the Scoring Area (waste, columns, Pile, in that order), then the Pile's top onto a
column, then any other play, else a flip (a standstill needs every seat unable to play:
a player that passed plays over would hold the round up for ever).
random: any legal action.
"""

from shared_rules import gnerts as g

_PILE_SCORE = g.PLAY  # p-f
_WASTE_SCORE = g.PLAY + g.SRC_WASTE * 5
_RACE_SOURCES = (g.SRC_PILE, g.SRC_WASTE, 1, 2, 3, 4)


def _play(src, dst):
    return g.PLAY + src * 5 + dst


def _rival_shows(s, seat, card):
    """A rival's Pile top, column top or flipped card's top is card (the same place)."""
    for p in range(s.n):
        if p == seat:
            continue
        if s.piles[p] and s.piles[p][-1] == card or s.wastes[p] and s.wastes[p][-1] == card:
            return True
        for col in s.cols[p]:
            if col and col[-1] == card:
                return True
    return False


def _contested(s, seat):
    """A play to the Scoring Area a rival could make with the same card, or -1."""
    for src in _RACE_SOURCES:
        a = _play(src, 0)
        if g.legal(s, seat, a):
            card = g.source_card(s, seat, src)
            if card % 13 and _rival_shows(s, seat, card):  # an ace starts its own
                return a
    return -1


def strong(s, seat):
    legal = g.legal
    a = _contested(s, seat)
    if a >= 0:
        return a
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
