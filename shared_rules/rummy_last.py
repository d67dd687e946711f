"""Three-Thirteen's strong player on its last turn of a round, after someone went out
(docs/rules/rummy.md): the throw that leaves the least penalty once the rest is melded
and laid off on the melds laid down. A module of its own: the last turns need the
scoring code (rummy_table), and the rest of the players (rummy_ai) stays out of the
heap beside it (docs/rules/rummy.md, "Budgets")."""

from shared_rules import rummy as r
from shared_rules import rummy_melds as m
from shared_rules import rummy_table as t


def last_throw(s, seat):
    """The card for `seat` to throw on its last turn (it cannot go out): of the cards
    its best arrangement leaves out and its best discard, the one leaving the least
    penalty after lay-offs on the melds of the seat that went out (ties: more points
    thrown). Sees only what its seat may see."""
    wild = r.wild_of(s)
    hand = s.hands[seat]
    table = t.arrange(s.hands[s.out], wild)
    taken = r.just_taken(s)  # kept, as on every turn (rummy_ai._throw)
    v, left = m.leftovers(hand, wild)
    cands = []
    for c in left + [m.best_discard(hand, wild, taken)[1]]:
        if c != taken and c not in cands:
            cands.append(c)
    best = -1
    low = 0
    rest = list(hand)
    for c in cands:
        i = rest.index(c)
        rest.pop(i)
        p = t.penalty(rest, wild, table)
        rest.insert(i, c)
        if best < 0 or p < low or (p == low and r.points(c, wild) > r.points(best, wild)):
            best = c
            low = p
    return best
