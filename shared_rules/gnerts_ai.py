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


def _up(want, card):
    """card goes to the Scoring Area (g.foundation_for(s, card) >= 0)."""
    return card >= 0 and want[card // 13] >> (card % 13) & 1


def _on(cols, card, dst):
    """card goes onto column dst (1..4)."""
    col = cols[dst - 1]
    return card >= 0 and bool(col) and g.goes_on_column(card, col[-1])


def strong(s, seat):
    """The legal checks in line (the foundations' needs worked out once): the same
    choice as asking g.legal for each action in this order."""
    want = g.wanted(s)  # shared list: nothing in this function calls wanted again
    pile = s.piles[seat]
    top = pile[-1] if pile else -1
    waste = s.wastes[seat]
    flipped = waste[-1] if waste else -1
    cols = s.cols[seat]
    for src in _RACE_SOURCES:  # a card a rival shows too: win the race for its place
        if src == g.SRC_PILE:
            card = top
        elif src == g.SRC_WASTE:
            card = flipped
        else:
            col = cols[src - 1]
            card = col[-1] if col else -1
        if _up(want, card) and card % 13 and _rival_shows(s, seat, card):
            return _play(src, 0)
    if _up(want, top):
        return _PILE_SCORE
    for dst in range(1, 5):
        if _on(cols, top, dst):
            return _play(g.SRC_PILE, dst)
    for c in range(4):  # a column of one card to the Scoring Area: the Pile fills it
        if len(cols[c]) == 1 and _up(want, cols[c][0]):
            return _play(c + 1, 0)
    for c in range(4):  # a whole column onto another: the Pile fills it
        if cols[c]:
            base = cols[c][0]
            for dst in range(1, 5):
                if dst != c + 1 and _on(cols, base, dst):
                    return _play(c + 1, dst)
    if _up(want, flipped):
        return _WASTE_SCORE
    for c in range(4):
        if cols[c] and _up(want, cols[c][-1]):
            return _play(c + 1, 0)
    for dst in range(1, 5):
        if _on(cols, flipped, dst):
            return _play(g.SRC_WASTE, dst)
    return g.FLIP if s.stacks[seat] or waste else g.WAIT


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
