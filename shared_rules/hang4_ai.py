"""Hang Four's computer players (docs/rules/hang4.md, "Computer players").

Each sees only what its seat may see (hang4_save.view: everything face up, the decks'
order hidden; the Surf deck's kinds counted from the cards in sight).

- random: a legal move drawn uniformly (its own stream, from the move count).
- greedy: buys as many cards as it can, else rolls; grabs from the opponent with the
  most boards, the boards that complete its dogs first; loses the boards worth least.
- strong: the expected value of each action over the die, the Shack cards left and
  the Surf deck's kinds, one turn ahead: a position is worth its complete dogs, the
  dogs under way (the boards at risk from Grab a Board and Wipe Out counted lower) and
  the sand dollars, against the best opponent's worth (the threats).
"""

from shared_rules import hang4 as h
from shared_rules.rng import Rng

# Worth (in points: a card bought is worth about CARD_W) of what a player holds. All
# arithmetic is in integers, so every port makes the same choices.
W_COMPLETE = 140  # a complete dog: three cards, safe, a step to four
W_TWO = 75  # a dog one card short
W_DOG_ALONE = 30  # a character alone (safe: never taken)
W_BOARD_ALONE = 22  # a board alone (Grab a Board and Wipe Out reach it)
W_FOUR = 120  # the last dog (a win) counts this much more
W_THREAT = 6  # tenths of the best opponent's worth set against mine (the rest: the mean)
CARD_W = 40  # a card's worth, in points, against the sand dollars' table below
# What sand dollars are worth, in thousandths of a card, as the turns to come will spend
# them (the relative values of the average-reward problem "one action a turn: roll
# for sand dollars up to 9, or buy cards at 3": rolling until 7, then buying 2 or 3,
# gives 0.602 cards a turn at best). tests/test_hang4.py solves it again.
# fmt: off
SAND_WORTH = (
    0, 236, 469, 702, 985, 1220, 1417, 1634, 1867, 2398,
    2634, 2867, 3398, 3634, 3867, 4398, 4634, 4867, 5398, 5634,
    5867, 6398, 6634, 6867, 7398, 7634, 7867, 8398, 8634, 8867,
    9398,
)
# fmt: on


def choose(s, level):
    """The move for the seat to act at `level` ("strong", "greedy" or "random")."""
    ms = h.moves(s)
    if len(ms) == 1:
        return ms[0]
    if level == "random":
        return ms[Rng(s.nmoves * 7919 + s.turn + 1).below(len(ms))]
    if level == "greedy":
        return _greedy(s, ms)
    return _strong(s, ms)


# ---- worth of a position --------------------------------------------------------


def worth(dogs, sand):
    """What one player holds, in tenths of a card."""
    v = 0
    done = 0
    for d in dogs:
        if d == h.COMPLETE:
            done += 1
        elif d == 3 or d == 5 or d == 6:
            v += W_TWO
        elif d == 2:
            v += W_DOG_ALONE
        else:
            v += W_BOARD_ALONE
    v += done * W_COMPLETE
    if done >= h.DOGS_TO_WIN:
        v += W_FOUR
    return v + CARD_W * SAND_WORTH[sand] // 1000


def standing(pos, me):
    """My worth against the others': the best of them weighed W_THREAT tenths, the
    mean the rest (times 10 * (players - 1), to stay in integers)."""
    dogs, sand = pos
    mine = worth(dogs[me], sand[me])
    best = -(1 << 20)
    total = 0
    n = len(sand)
    for p in range(n):
        if p != me:
            w = worth(dogs[p], sand[p])
            total += w
            if w > best:
                best = w
    return (10 * mine - W_THREAT * best) * (n - 1) - (10 - W_THREAT) * total


def position(s):
    return ([list(d) for d in s.dogs], list(s.sand))


def _copy(pos):
    return ([list(d) for d in pos[0]], list(pos[1]))


# ---- the greedy player -------------------------------------------------------------


def _greedy(s, ms):
    seat = s.turn
    if s.phase == h.PH_TURN:
        k = h.buy_max(s, seat)
        return h.BUY + k if k else h.ROLL
    if s.phase == h.PH_FROM:
        best = ms[0]
        most = -1
        for m in ms:
            n = h.boards(s, m - h.FROM)
            if n > most:
                best = m
                most = n
        return best
    pos = position(s)
    return _best_pick(s, pos, ms, seat)


def _best_pick(s, pos, ms, me):
    """The board to take (or lose) that leaves `me` standing best."""
    best = ms[0]
    top = None
    for m in ms:
        p = _copy(pos)
        _apply_pick(s, p, m, me)
        v = standing(p, me)
        if top is None or v > top:
            best = m
            top = v
    return best


def _apply_pick(s, pos, m, me):
    dogs = pos[0]
    if m >= h.LOSE:
        k = m - h.LOSE
        _remove(dogs[me], k >> 1, k & 1)
    else:
        k = m - h.TAKE
        _remove(dogs[s.victim], k >> 1, k & 1)
        _place(dogs[me], h.TAIL if k & 1 else h.NOSE)


def _remove(dogs, slot, side):
    dogs[slot] &= ~(1 << (2 * side))
    if not dogs[slot]:
        dogs.pop(slot)


def _place(dogs, kind):
    i = h.place_slot(dogs, kind)
    if i < 0:
        dogs.append(h.KIND_BITS[kind])
    else:
        dogs[i] |= h.KIND_BITS[kind]


# ---- the strong player -------------------------------------------------------------


def _strong(s, ms):
    seat = s.turn
    if s.phase != h.PH_TURN:
        if s.phase == h.PH_FROM:
            return _best_victim(s, ms, seat)
        return _best_pick(s, position(s), ms, seat)
    v = seen(s)
    pos = position(s)
    best = ms[0]
    top = None
    for m in ms:
        if m == h.ROLL:
            val = _roll_value(v, pos, seat)
        elif m == h.SHACK:
            p = _copy(pos)
            p[1][seat] -= h.SHACK_PRICE
            val = _shack_value(v, p, seat)
        else:
            val = _buy_value(v, pos, seat, m - h.BUY)
        if top is None or val > top:
            best = m
            top = val
    return best


def seen(s):
    """What the strong player reads besides the dogs and sand dollars, all of it in
    sight (hang4_save.view gives the same): the bank, the kinds left in the Surf deck
    (every other Surf card is face up) and the Shack cards left (the drawn ones lie face
    up; an empty deck is all twelve shuffled again)."""
    kinds = [h.PER_KIND, h.PER_KIND, h.PER_KIND]
    for dogs in s.dogs:
        for v in dogs:
            for kind in (h.NOSE, h.DOG, h.TAIL):
                if v & h.KIND_BITS[kind]:
                    kinds[kind] -= 1
    kinds[h.NOSE] -= s.discard[h.NOSE]
    kinds[h.TAIL] -= s.discard[h.TAIL]
    left = [h.PER_SHACK, h.PER_SHACK, h.PER_SHACK]
    if s.nshack:
        for i in range(s.nused):
            left[s.used[i]] -= 1
    return {"bank": s.bank, "deck_kinds": kinds, "shack_left": left}


def _best_victim(s, ms, me):
    """The opponent whose boards, taken by the best picks, leave me standing best."""
    best = ms[0]
    top = None
    for m in ms:
        p = position(s)
        _grab(p, me, m - h.FROM, s.count)
        val = standing(p, me)
        if top is None or val > top:
            best = m
            top = val
    return best


SCALE = 720  # expected values are kept as integers times this


def _roll_value(v, pos, me):
    """A roll (expected standing times SCALE): a number collects up to 9 (as the bank
    allows); the icon a Shack card."""
    total = 0
    for face in (1, 2, 3, 4, 5):
        p = _copy(pos)
        got = h.collect_from_roll(p[1][me], face)
        if got > v["bank"]:
            got = v["bank"]
        p[1][me] += got
        total += standing(p, me)
    return (SCALE // 6) * total + _shack_value(v, pos, me) // 6


def _shack_value(v, pos, me):
    """A Shack card (expected standing times SCALE): each kind by the cards left of
    it, then its die."""
    left = v["shack_left"]
    n = left[0] + left[1] + left[2]
    total = 0
    for card in (h.SEAGULL, h.GRAB, h.WIPE):
        if not left[card]:
            continue
        sub = standing(pos, me)  # the second icon: nothing happens
        for face in (1, 2, 3, 4, 5):
            p = _copy(pos)
            if card == h.SEAGULL:
                for o in range(len(p[1])):
                    if o != me:
                        t = face if face < p[1][o] else p[1][o]
                        p[1][o] -= t
                        p[1][me] += t
            elif card == h.GRAB:
                _grab_best(p, me, face)
            else:
                _wipe_best(p, me, face)
            sub += standing(p, me)
        total += left[card] * sub
    return (SCALE // 6) * total // n


def _boards_of(dogs):
    n = 0
    for d in dogs:
        if d != h.COMPLETE:
            n += (d & 1) + ((d >> 2) & 1)
    return n


def _picks(dogs):
    """(slot, side) of every board in an incomplete dog."""
    out = []
    for i in range(len(dogs)):
        d = dogs[i]
        if d != h.COMPLETE:
            if d & 1:
                out.append((i, 0))
            if d & 4:
                out.append((i, 1))
    return out


def _grab(pos, me, victim, count):
    """`count` boards taken from `victim`, each the pick that leaves me best."""
    dogs = pos[0]
    for _ in range(count):
        picks = _picks(dogs[victim])
        if not picks:
            return
        best = None
        top = None
        for slot, side in picks:
            p = _copy(pos)
            _remove(p[0][victim], slot, side)
            _place(p[0][me], h.TAIL if side else h.NOSE)
            val = standing(p, me)
            if top is None or val > top:
                best = (slot, side)
                top = val
        _remove(dogs[victim], best[0], best[1])
        _place(dogs[me], h.TAIL if best[1] else h.NOSE)


def _grab_best(pos, me, count):
    best = None
    top = None
    for o in range(len(pos[1])):
        if o != me and _boards_of(pos[0][o]):
            p = _copy(pos)
            _grab(p, me, o, count)
            val = standing(p, me)
            if top is None or val > top:
                best = p
                top = val
    if best is not None:
        pos[0][:] = best[0]
        pos[1][:] = best[1]


def _wipe_best(pos, me, count):
    dogs = pos[0]
    for _ in range(count):
        picks = _picks(dogs[me])
        if not picks:
            return
        best = None
        top = None
        for slot, side in picks:
            p = _copy(pos)
            _remove(p[0][me], slot, side)
            val = standing(p, me)
            if top is None or val > top:
                best = (slot, side)
                top = val
        _remove(dogs[me], best[0], best[1])


def _buy_value(v, pos, me, k):
    """k cards from the Surf deck (expected standing times SCALE): every mix of kinds by
    its chance (drawing without putting back from the kinds counted in sight), placed as
    D5 places them."""
    kinds = v["deck_kinds"]
    n = kinds[0] + kinds[1] + kinds[2]
    total = 0
    weight = 0
    for a in range(k + 1):
        for b in range(k - a + 1):
            c = k - a - b
            w = _ways(kinds[0], a) * _ways(kinds[1], b) * _ways(kinds[2], c)
            if not w:
                continue
            p = _copy(pos)
            p[1][me] -= h.PRICE * k
            dogs = p[0][me]
            for kind, count in ((h.DOG, b), (h.NOSE, a), (h.TAIL, c)):
                for _ in range(count):
                    _place(dogs, kind)
            total += w * standing(p, me)
            weight += w
    if not weight:  # cannot happen: k <= the deck's cards
        return SCALE * standing(pos, me)
    del n
    return SCALE * total // weight


def _ways(n, k):
    """n choose k."""
    if k < 0 or k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r
