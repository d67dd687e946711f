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
    """The dogs and sand dollars as lists the search changes in place and puts back
    (made once a decision: no allocation while it weighs the outcomes)."""
    return ([list(d) for d in s.dogs], list(s.sand))


# ---- changes made in place and undone ---------------------------------------------


def _put(dogs, kind):
    """A card placed as D5 places it; returns where (-1: a new dog) for _unput."""
    i = h.place_slot(dogs, kind)
    if i < 0:
        dogs.append(h.KIND_BITS[kind])
    else:
        dogs[i] |= h.KIND_BITS[kind]
    return i


def _unput(dogs, kind, i):
    if i < 0:
        dogs.pop()
    else:
        dogs[i] &= ~h.KIND_BITS[kind]


def _cut(dogs, slot, bit):
    """A board taken out of a dog (a dog left empty goes); returns the dog's cards
    before, for _uncut."""
    v = dogs[slot]
    if v & ~bit:
        dogs[slot] = v & ~bit
    else:
        dogs.pop(slot)
    return v


def _uncut(dogs, slot, v, bit):
    if v & ~bit:
        dogs[slot] = v
    else:
        dogs.insert(slot, v)


_UNDO = [0] * 15  # the picks of one Grab a Board or Wipe Out: slot, cards, place
_PAID = [0] * 4  # what each opponent paid a Seagull
SCALE = 720  # expected values are kept as integers times this


def _picks(pos, me, other, count):
    """`count` boards taken out of `other`'s incomplete dogs (into mine when other is
    not me: Grab a Board; to the discards when it is: Wipe Out), each the pick that
    leaves me standing best; applied in place, recorded in _UNDO. Returns the picks."""
    dogs = pos[0]
    theirs = dogs[other]
    mine = dogs[me]
    grab = other != me
    n = 0
    while n < count:
        best = -1
        top = None
        for i in range(len(theirs)):
            v = theirs[i]
            if v == h.COMPLETE:
                continue
            for bit in (1, 4):
                if v & bit:
                    _cut(theirs, i, bit)
                    j = _put(mine, h.NOSE if bit == 1 else h.TAIL) if grab else 0
                    val = standing(pos, me)
                    if grab:
                        _unput(mine, h.NOSE if bit == 1 else h.TAIL, j)
                    _uncut(theirs, i, v, bit)
                    if top is None or val > top:
                        best = 2 * i + (bit >> 2)
                        top = val
        if best < 0:
            break
        slot = best >> 1
        bit = 4 if best & 1 else 1
        _UNDO[3 * n] = best
        _UNDO[3 * n + 1] = _cut(theirs, slot, bit)
        _UNDO[3 * n + 2] = _put(mine, h.NOSE if bit == 1 else h.TAIL) if grab else 0
        n += 1
    return n


def _unpick(pos, me, other, n):
    dogs = pos[0]
    while n > 0:
        n -= 1
        best = _UNDO[3 * n]
        bit = 4 if best & 1 else 1
        if other != me:
            _unput(dogs[me], h.NOSE if bit == 1 else h.TAIL, _UNDO[3 * n + 2])
        _uncut(dogs[other], best >> 1, _UNDO[3 * n + 1], bit)


def _pick_value(pos, me, other, count):
    """My standing after `count` best picks from `other` (then put back)."""
    n = _picks(pos, me, other, count)
    val = standing(pos, me)
    _unpick(pos, me, other, n)
    return val


def _move_value(s, pos, m, me):
    """My standing after one board taken (TAKE) or lost (LOSE), then put back."""
    if m >= h.LOSE:
        k = m - h.LOSE
        other = me
    else:
        k = m - h.TAKE
        other = s.victim
    dogs = pos[0]
    bit = 4 if k & 1 else 1
    v = _cut(dogs[other], k >> 1, bit)
    j = _put(dogs[me], h.NOSE if bit == 1 else h.TAIL) if other != me else 0
    val = standing(pos, me)
    if other != me:
        _unput(dogs[me], h.NOSE if bit == 1 else h.TAIL, j)
    _uncut(dogs[other], k >> 1, v, bit)
    return val


def _best_pick(s, pos, ms, me):
    """The board to take (or lose) that leaves `me` standing best."""
    best = ms[0]
    top = None
    for m in ms:
        v = _move_value(s, pos, m, me)
        if top is None or v > top:
            best = m
            top = v
    return best


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
    return _best_pick(s, position(s), ms, seat)


# ---- the strong player -------------------------------------------------------------


def _strong(s, ms):
    seat = s.turn
    pos = position(s)
    if s.phase != h.PH_TURN:
        if s.phase == h.PH_FROM:
            return _best_victim(s, pos, ms, seat)
        return _best_pick(s, pos, ms, seat)
    v = seen(s)
    best = ms[0]
    top = None
    for m in ms:
        if m == h.ROLL:
            val = _roll_value(v, pos, seat)
        elif m == h.SHACK:
            pos[1][seat] -= h.SHACK_PRICE
            val = _shack_value(v, pos, seat)
            pos[1][seat] += h.SHACK_PRICE
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


def _best_victim(s, pos, ms, me):
    """The opponent whose boards, taken by the best picks, leave me standing best."""
    best = ms[0]
    top = None
    for m in ms:
        val = _pick_value(pos, me, m - h.FROM, s.count)
        if top is None or val > top:
            best = m
            top = val
    return best


def _roll_value(v, pos, me):
    """A roll (expected standing times SCALE): a number collects up to 9 (as the bank
    allows); the icon a Shack card."""
    sand = pos[1]
    had = sand[me]
    total = 0
    for face in (1, 2, 3, 4, 5):
        got = h.collect_from_roll(had, face)
        if got > v["bank"]:
            got = v["bank"]
        sand[me] = had + got
        total += standing(pos, me)
    sand[me] = had
    return (SCALE // 6) * total + _shack_value(v, pos, me) // 6


def _shack_value(v, pos, me):
    """A Shack card (expected standing times SCALE): each kind by the cards left of
    it, then its die."""
    left = v["shack_left"]
    n = left[0] + left[1] + left[2]
    sand = pos[1]
    still = standing(pos, me)  # the second icon: nothing happens
    total = 0
    for card in (h.SEAGULL, h.GRAB, h.WIPE):
        if not left[card]:
            continue
        sub = still
        for face in (1, 2, 3, 4, 5):
            if card == h.SEAGULL:
                had = sand[me]
                for o in range(len(sand)):
                    if o != me:
                        t = face if face < sand[o] else sand[o]
                        _PAID[o] = t
                        sand[o] -= t
                        sand[me] += t
                sub += standing(pos, me)
                for o in range(len(sand)):
                    if o != me:
                        sand[o] += _PAID[o]
                sand[me] = had
            elif card == h.GRAB:
                sub += _grab_value(pos, me, face, still)
            else:
                sub += _pick_value(pos, me, me, face)
        total += left[card] * sub
    return (SCALE // 6) * total // n


def _grab_value(pos, me, count, still):
    """My standing after Grab a Board from the opponent it is best to take from (no
    opponent with a board: as it was)."""
    top = None
    dogs = pos[0]
    for o in range(len(pos[1])):
        if o != me and _boards_of(dogs[o]):
            val = _pick_value(pos, me, o, count)
            if top is None or val > top:
                top = val
    return still if top is None else top


def _boards_of(dogs):
    n = 0
    for d in dogs:
        if d != h.COMPLETE:
            n += (d & 1) + ((d >> 2) & 1)
    return n


_PUT = [0] * 9  # the places of one purchase's cards, for undoing them


def _buy_value(v, pos, me, k):
    """k cards from the Surf deck (expected standing times SCALE): every mix of kinds by
    its chance (drawing without putting back from the kinds counted in sight), placed as
    D5 places them (characters, then noses, then tails), then taken back."""
    kinds = v["deck_kinds"]
    sand = pos[1]
    dogs = pos[0][me]
    sand[me] -= h.PRICE * k
    total = 0
    weight = 0
    for a in range(k + 1):
        for b in range(k - a + 1):
            c = k - a - b
            w = _ways(kinds[0], a) * _ways(kinds[1], b) * _ways(kinds[2], c)
            if not w:
                continue
            n = 0
            for _ in range(b):
                _PUT[n] = _put(dogs, h.DOG)
                n += 1
            for _ in range(a):
                _PUT[n] = _put(dogs, h.NOSE)
                n += 1
            for _ in range(c):
                _PUT[n] = _put(dogs, h.TAIL)
                n += 1
            total += w * standing(pos, me)
            while n > 0:
                n -= 1
                kind = h.DOG if n < b else (h.NOSE if n < a + b else h.TAIL)
                _unput(dogs, kind, _PUT[n])
            weight += w
    sand[me] += h.PRICE * k
    if not weight:  # cannot happen: k <= the deck's cards
        return SCALE * standing(pos, me)
    return SCALE * total // weight


def _ways(n, k):
    """n choose k."""
    if k < 0 or k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r
