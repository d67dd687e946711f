"""Three-Thirteen's round scored (docs/rules/rummy.md, D12): every seat lays its melds
down, and each seat that did not go out pays what its cards leave after its own melds
and lay-offs on every other seat's melds as laid down. Imported as a round is scored."""

from shared_rules import rummy_table as t


def round_points(hands, out, wild):
    """What each seat but `out` (the seat that went out, -1 for none) pays: every seat
    lays its melds down (arrange(), laid_down()), and each of the others pays what its
    cards leave after its own melds and lay-offs on every other seat's melds (D12)."""
    n = len(hands)
    laid = [t.arrange(hands[p], wild) if p == out else laid_down(hands[p], wild) for p in range(n)]
    pts = [0] * n
    for seat in range(n):
        if seat == out:
            continue
        sets = []
        runs = []
        for q in range(n):
            if q != seat:
                sets += laid[q][0]
                runs += laid[q][1]
        if sets or runs:
            pts[seat] = t.penalty(hands[seat], wild, (sets, runs))
        else:
            pts[seat] = t._search().deadwood(hands[seat], wild)
    return pts


def laid_down(cards, wild):
    """The melds a hand that did not go out lays down as the round is scored: one best
    arrangement of its own (deadwood()'s), as arrange() gives them; ([], []) when
    nothing melds (one or two wilds alone stay in the hand)."""
    m = t._search()
    w = m._prepare(cards, wild)[0]
    if m._n == 0:
        return ([-1], []) if w >= 3 else ([], [])
    groups = m._recorded(w, m._dead(w))[1]
    if not groups:
        return ([-1], []) if w >= 3 else ([], [])
    return t._laid(groups, w)
