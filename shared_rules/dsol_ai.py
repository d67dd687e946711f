"""Double Solitaire's computer players (docs/rules/dsol.md, "Computer players").

Each sees only what its seat may see: its hand, both Piles' tops, both Stocks, the
Stacks. None of them looks at a card it would draw or at the card under a Pile's top.

- random_move: any legal move (the baseline), chosen by an Rng seeded from the view.
- greedy: the Pile's top when it plays, else a column's top, else a hand card (the
  lowest first); then fills empty columns with its highest cards and ends the turn with
  its highest card on the column whose top is highest.
- strong: a search over the sequence of plays of the turn. From the position it tries
  every play to the Stacks (one Stack of each height: Stacks of the same height are
  alike) and every fill, in any order, up to a move that reveals or draws a hidden
  card (the Pile's top played: a new top turns; the hand emptied: five are drawn),
  and every way to end the turn there. A position is valued by the Pile's progress,
  how surely the other's Pile top can go on a Stack next turn (a Stack left one below
  it; or a few below, the gap filled by its columns' tops, or by them and one card of
  its hidden hand), how near its own Pile top is to a Stack, the cards it put on the
  Stacks, and how soon each card in reach (hand, columns' tops) can be played (a card
  far from every Stack kept in the hand costs a draw); the turn's last card covers the
  column whose top helps least, not a lower card, at best one a rank above it (a run
  down that plays off in turn). It plays the first move of the best sequence and
  searches again after each move, when what was hidden has turned up.
"""

from array import array

from shared_rules import dsol as d
from shared_rules.rng import Rng

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_NODES = const(300)  # positions a search values (99 % of searches need fewer: 252)
_WIN = const(100000)
_PILE = const(1000)  # the Pile's top played
_RESTART = const(150)  # the hand emptied: five more and the turn goes on
_THREAT = const(400)  # the other can play its Pile's top at once
_THREAT2 = const(120)  # ... after some of its column tops
_THREAT3 = const(40)  # ... and one card more (from its hidden hand: 1 in 3)
_NEAR = const(25)  # a Stack one rank nearer the Pile's top
_FLOW = const(40)  # a card put on a Stack (cards come back when Stacks complete)
_TOP = const(6)  # a card in reach (hand, column top) one rank nearer a Stack (within 4)
_HAVE = const(10)  # ... and it brings a Stack nearer the Pile's top
_BURY = const(30)  # the turn's last card on a lower column top (holds it back)
_CHAIN = const(30)  # ... on a top one rank above it (it plays, then the top does)
_HAND = const(4)  # a card fewer in the hand (more are drawn next turn)
_DEAD = const(30)  # a card kept in the hand that is far from every Stack (a draw less)
_DEPTH = const(8)  # plays in one searched sequence (a Pico's C stack: about 30 calls)


def view_seed(s):
    """A seed made of what the seat to act can see."""
    t = s.turn
    x = s.nmoves * 7919 + t + 1
    for c in s.hands[t]:
        x = (x * 31 + c) & 0x3FFFFFFF
    for st in s.stacks:
        x = (x * 31 + len(st)) & 0x3FFFFFFF
    return x or 1


def random_move(s, rng=None):
    """A baseline: any legal move."""
    ms = d.moves(s)
    if not ms:
        raise ValueError("dsol match is over")
    if rng is None:
        rng = Rng(view_seed(s))
    return ms[rng.below(len(ms))]


def greedy(s):
    """Pile, then columns, then the hand (lowest first); fill with the highest; end with
    the highest card on the highest column top."""
    ms = d.moves(s)
    if not ms:
        raise ValueError("dsol match is over")
    if ms[0] == d.NEXT or ms[0] == d.PASS and len(ms) == 1:
        return ms[0]
    plays = [m for m in ms if m < d.FILL]
    if plays:
        for m in plays:
            if m >> 2 == d.SRC_PILE:
                return m
        for m in plays:
            if m >> 2 < d.SRC_HAND:
                return m
        return min(plays, key=lambda m: ((m >> 2) % 13, m))  # the lowest hand card
    fills = [m for m in ms if d.FILL <= m < d.CLOSE]
    if fills:
        return max(fills, key=lambda m: ((m - d.FILL) % 13, m))
    if ms[-1] == d.PASS:
        return d.PASS
    cols = s.cols[s.turn]
    best = ms[0]
    key = None
    for m in ms:
        card = (m - d.CLOSE) >> 2
        c = (m - d.CLOSE) & 3
        k = (card % 13, cols[c][-1] % 13, -c)
        if key is None or k > key:
            key = k
            best = m
    return best


# ---- the strong player's search ---------------------------------------------------------


class _Pos:
    """The searching seat's side of the table as the search changes it: Stack heights,
    its Pile's top (-1 once played: hidden), its columns (cards, tops last), its hand."""

    def __init__(self, s):
        t = s.turn
        self.heights = [len(st) for st in s.stacks]
        self.pile = s.piles[t][s.npile[t] - 1] if s.npile[t] else -1
        self.npile = s.npile[t]
        self.cols = [list(col) for col in s.cols[t]]
        self.hand = list(s.hands[t])
        o = 1 - t
        self.other_pile = s.piles[o][s.npile[o] - 1] if s.npile[o] else -1
        m = 0
        for col in s.cols[o]:
            if col:
                m |= 1 << (col[-1] % 13)
        self.other_tops = m  # the ranks of its columns' tops, one bit a rank
        self.played = 0  # cards the sequence put on the Stacks


def _target(heights, rank):
    """The Stack a card of this rank goes on (an ace: the first open space), -1."""
    for k in range(4):
        h = heights[k]
        if rank == 0:
            if h == 0:
                return k
        elif h == rank:
            return k
    return -1


def _put(heights, k):
    heights[k] += 1
    if heights[k] == 13:
        heights[k] = 0


def _distance(heights, rank):
    """Cards that must go on a Stack before a card of this rank can (0: it plays now)."""
    best = 99
    for h in heights:
        if h == 0:
            g = rank
        elif rank >= h:
            g = rank - h
        else:
            continue
        if g < best:
            best = g
    return best


def _threat(heights, r, tops):
    """How surely the other can play its Pile's top (rank r) next turn: a Stack one
    below it, or a few below with its columns' tops (bits of tops) to fill the gap."""
    worst = 0
    for h in heights:
        if h == r:
            return _THREAT
        if h > r or r - h > 4:
            continue
        miss = (((1 << r) - 1) ^ ((1 << h) - 1)) & ~tops  # the ranks h..r-1 it lacks
        m = 0
        while miss:
            m += miss & 1
            miss >>= 1
        w = _THREAT2 if m == 0 else (_THREAT3 if m == 1 else 0)
        if w > worst:
            worst = w
    return worst


def _card_value(h, card, gp):
    """A card in the hand or on a column's top: how soon it can go on a Stack, and
    whether it brings a Stack nearer the Pile's top (gp: the Pile top's distance)."""
    g = _distance(h, card % 13)
    if g >= 4:
        return 0
    v = (4 - g) * _TOP
    if g < gp:
        v += _HAVE
    return v


def _value(p, pile_played, restarted):
    """How good the position at the end of the searched sequence is."""
    v = 0
    if pile_played:
        v += _PILE
        if p.npile == 0:
            return _WIN
    if restarted:
        v += _RESTART
    h = p.heights
    op = p.other_pile
    if op >= 0:
        v -= _threat(h, op % 13, p.other_tops)
    gp = 99
    if p.pile >= 0 and not pile_played:
        g = _distance(h, p.pile % 13)
        v += (12 - min(g, 12)) * _NEAR
        if g < 4:
            gp = g
    v += p.played * _FLOW
    for c in p.hand:
        x = _card_value(h, c, gp)
        v += x if x else -_DEAD
    for col in p.cols:
        if col:
            v += _card_value(h, col[-1], gp)
    v += (5 - len(p.hand)) * _HAND
    return v


def _close_value(p):
    """The best last card of the turn on the position (all four columns full): the
    value and (card, column). The card stays in reach on its column; the top it covers
    does not, and a higher card on a lower one holds that one back."""
    h = p.heights
    gp = 99
    if p.pile >= 0:
        g = _distance(h, p.pile % 13)
        if g < 4:
            gp = g
    best = None
    choice = None
    tried = -1
    for x in p.hand:
        if x == tried:
            continue
        tried = x
        rx = x % 13
        out = 0 if _card_value(h, x, gp) else _DEAD  # a dead card leaves the hand
        for c in range(4):
            y = p.cols[c][-1]
            ry = y % 13
            v = out - _card_value(h, y, gp)
            if rx > ry:
                v -= _BURY
            elif ry == rx + 1:
                v += _CHAIN
            if best is None or v > best:
                best = v
                choice = (x, c)
    return best + _value(p, False, False) + _HAND, choice


def _key(p):
    """The position as one small int (a hash: Stack heights, column heights, the hand's
    ranks, the Pile's top played or not) - a tuple a position would fill a Pico's heap.
    Suits never matter to a play, and a column's cards are known from its height."""
    h = 0
    for x in p.heights:
        h = h * 13 + x
    for col in p.cols:
        h = (h * 37 + len(col)) & 0x3FFFFFFF
    for c in p.hand:
        h = (h * 17 + c % 13 + 1) & 0x3FFFFFFF
    return (h * 2 + (p.pile >= 0)) & 0x3FFFFFFF


# The search's memo: a table made once, 1 KB (a dict that grows as a search fills it
# wants ever bigger blocks of a heap fragmented by a long game). A slot keeps the last
# position hashed to it: 15 more bits of its key as a check, its value within +-32000
# (a win, 100000, is kept as 32000: still above every other value). Emptied at the
# start of each search.
_TABLE = const(256)
_EMPTY = const(0xFFFF)
_CAP = const(32000)
_T_KEY = array("H", [_EMPTY] * _TABLE)
_T_VALUE = array("h", [0] * _TABLE)


def _keep(slot, check, v):
    _T_KEY[slot] = check
    _T_VALUE[slot] = _CAP if v > _CAP else (-_CAP if v < -_CAP else v)


class _Search:
    def __init__(self):
        self.nodes = 0
        keys = _T_KEY
        for i in range(_TABLE):
            keys[i] = _EMPTY

    def best(self, p, depth=0):
        """(value, first step) of the best sequence from p; a step is (kind, a, b):
        ("pile", 0, k), ("col", c, k), ("hand", card, k), ("fill", card, 0) or
        ("close", card, column)."""
        key = _key(p)
        slot = key & (_TABLE - 1)
        check = (key >> 8) & 0x7FFF
        if depth and _T_KEY[slot] == check:
            return _T_VALUE[slot], None
        self.nodes += 1
        best_v = None
        best_step = None
        empty = -1
        for c in range(4):
            if not p.cols[c]:
                empty = c
                break
        if empty < 0 and p.hand:
            v, ch = _close_value(p)
            best_v = v
            best_step = ("close", ch[0], ch[1])
        if self.nodes > _NODES or depth >= _DEPTH:
            if best_v is None:
                best_v = _value(p, False, False)
            _keep(slot, check, best_v)
            return best_v, best_step
        h = p.heights
        if p.pile >= 0:
            k = _target(h, p.pile % 13)
            if k >= 0:
                old = h[k]
                _put(h, k)
                top = p.pile
                p.pile = -1
                p.npile -= 1
                p.played += 1
                v = _value(p, True, False)
                p.played -= 1
                p.npile += 1
                p.pile = top
                h[k] = old
                if best_v is None or v > best_v:
                    best_v = v
                    best_step = ("pile", 0, k)
        seen = 0  # the ranks tried from the hand (a rank's Stack is one: _target)
        for c in range(4):
            col = p.cols[c]
            if not col:
                continue
            x = col[-1]
            k = _target(h, x % 13)
            if k < 0:
                continue
            old = h[k]
            _put(h, k)
            col.pop()
            p.played += 1
            v = self.best(p, depth + 1)[0]
            p.played -= 1
            col.append(x)
            h[k] = old
            if best_v is None or v > best_v:
                best_v = v
                best_step = ("col", c, k)
        tried = -1
        hand = p.hand
        for i in range(len(hand)):  # each step below leaves the hand as it was
            x = hand[i]
            if x == tried:
                continue
            tried = x
            r = x % 13
            k = _target(h, r)
            if k >= 0 and not (seen >> r) & 1:
                seen |= 1 << r
                old = h[k]
                _put(h, k)
                p.hand.remove(x)
                p.played += 1
                if p.hand:
                    v = self.best(p, depth + 1)[0]
                else:
                    v = _value(p, False, True)
                p.played -= 1
                p.hand.append(x)
                p.hand.sort()
                h[k] = old
                if best_v is None or v > best_v:
                    best_v = v
                    best_step = ("hand", x, k)
            if empty >= 0:
                p.hand.remove(x)
                p.cols[empty].append(x)
                if p.hand:
                    v = self.best(p, depth + 1)[0]
                else:
                    v = _value(p, False, True)
                p.cols[empty].pop()
                p.hand.append(x)
                p.hand.sort()
                if best_v is None or v > best_v:
                    best_v = v
                    best_step = ("fill", x, 0)
        if best_v is None:  # no play: nothing to end with (no draws left), a pass (D5)
            best_v = _value(p, False, False)
            best_step = ("pass", 0, 0)
        _keep(slot, check, best_v)
        return best_v, best_step


def strong(s):
    """The first move of the best sequence of plays this turn (see the module's text)."""
    ms = d.moves(s)
    if not ms:
        raise ValueError("dsol match is over")
    if len(ms) == 1:
        return ms[0]
    p = _Pos(s)
    v, step = _Search().best(p)
    kind, a, b = step
    if kind == "pile":
        m = d.PLAY + d.SRC_PILE * 4 + b
    elif kind == "col":
        m = d.PLAY + (d.SRC_COLUMN + a) * 4 + b
    elif kind == "hand":
        m = d.PLAY + (d.SRC_HAND + a) * 4 + b
    elif kind == "fill":
        m = d.FILL + a
    elif kind == "close":
        m = d.CLOSE + a * 4 + b
    else:
        m = d.PASS
    if m not in ms:  # cannot happen; the search only makes legal steps
        raise ValueError("dsol search chose %s, not a legal move" % d.move_text(s, m))
    return m
