"""Air Superiority's computer players (docs/rules/airsup.md, "Computer players").

Each plans a whole order from what its seat may see (view: both sides' tracks, its own
order so far; never the other's order nor the dice to come), then step() gives the
next step toward that plan: first the steps that undo (sell, unresearch, recall), then
purchases, research rolls and raids, then the commit.

- random: spends its resources by random choices among what it can afford (a plane of
  a random type, or a research roll), then sends a random number of each type's
  raid-capable planes on resource attacks.
- research: every resource on research rolls (then planes of the best type with what
  the research track cannot take); no raids.
- planes: every resource on planes, the best type first; types 1 and 2 raid.
- strong: chooses how many research rolls to buy and which planes to buy and send on
  raids by expected value over the dice (below).
"""

from shared_rules import airsup as a
from shared_rules.rng import Rng

_plan_key = None
_plan = None  # (buy counts, rolls, raid counts)


def view_seed(s, seat):
    """A seed made of what the seat may see."""
    x = s.half * 7919 + seat * 104729 + 1
    for side in (0, 1):
        x = (x * 31 + s.res[side] * 11 + s.research[side] * 7 + s.tech[side]) & 0xFFFFFF
        for t in range(a.TYPES):
            x = (x * 13 + s.planes[side][t]) & 0xFFFFFF
    return x or 1


def _key(s, seat, level):
    return (level, seat, s.half, view_seed(s, seat))


def step(s, level):
    """The next step of the seat to act's order at this level."""
    global _plan_key, _plan
    seat = a.to_act(s)
    key = _key(s, seat, level)
    if key != _plan_key:
        _plan = plan(s, seat, level)
        _plan_key = key
    return _toward(s, seat, _plan)


def plan(s, seat, level):
    """(buy counts, rolls, raid counts): the order the player wants this turn."""
    if level == "random":
        return _random_plan(s, seat, Rng(view_seed(s, seat)))
    if level == "research":
        return _research_plan(s, seat)
    if level == "planes":
        return _planes_plan(s, seat)
    return _strong_plan(s, seat)


def _toward(s, seat, p):
    buy, rolls, raid = p
    b = s.buy[seat]
    r = s.raid[seat]
    for t in range(a.TYPES):
        if b[t] > buy[t]:
            return a.SELL + t
    if s.rolls_bought[seat] > rolls:
        return a.UNRESEARCH
    for t in range(a.RAIDERS):
        if r[t] > raid[t]:
            return a.RECALL + t
    for t in range(a.TYPES):
        if b[t] < buy[t]:
            return a.BUY + t
    if s.rolls_bought[seat] < rolls:
        return a.RESEARCH
    for t in range(a.RAIDERS):
        if r[t] < raid[t]:
            return a.RAID + t
    return a.COMMIT


def _room(s, seat):
    """Research rolls the track can still take this turn."""
    return a.TRACK_MAX - s.research[seat]


def _best_type(s, seat, budget, buy):
    """The highest type it may buy within budget and the track (or -1)."""
    for t in range(s.tech[seat] - 1, -1, -1):
        if a.COST[t] <= budget and s.planes[seat][t] + buy[t] < a.TRACK_MAX:
            return t
    return -1


def _fill_planes(s, seat, budget, buy):
    """Spend budget on the best planes it can buy; returns what is left."""
    while True:
        t = _best_type(s, seat, budget, buy)
        if t < 0:
            return budget
        buy[t] += 1
        budget -= a.COST[t]


def _random_plan(s, seat, rng):
    buy = bytearray(a.TYPES)
    rolls = 0
    budget = s.res[seat]
    while True:
        choices = []
        for t in range(s.tech[seat]):
            if a.COST[t] <= budget and s.planes[seat][t] + buy[t] < a.TRACK_MAX:
                choices.append(t)
        if rolls < _room(s, seat) and budget:
            choices.append(-1)
        if not choices:
            break
        c = choices[rng.below(len(choices))]
        if c < 0:
            rolls += 1
            budget -= 1
        else:
            buy[c] += 1
            budget -= a.COST[c]
    raid = bytearray(a.RAIDERS)
    for t in range(a.RAIDERS):
        n = s.planes[seat][t] + buy[t]
        raid[t] = rng.below(n + 1)
    return buy, rolls, raid


def _research_plan(s, seat):
    buy = bytearray(a.TYPES)
    rolls = min(s.res[seat], _room(s, seat))
    _fill_planes(s, seat, s.res[seat] - rolls, buy)
    return buy, rolls, bytearray(a.RAIDERS)


def _planes_plan(s, seat):
    buy = bytearray(a.TYPES)
    _fill_planes(s, seat, s.res[seat], buy)
    raid = bytearray(a.RAIDERS)
    for t in range(2):
        raid[t] = s.planes[seat][t] + buy[t]
    return buy, 0, raid


# ---- the strong player ---------------------------------------------------------------


def _advance_chance(n):
    """The chance that n research dice show at least one 6."""
    miss = 1.0
    for _ in range(n):
        miss *= 5 / 6
    return 1 - miss


def _strong_plan(s, seat):
    """Research while the technology can still rise and it pays; the rest on the best
    planes; raid with the planes that cannot dogfight, and with the rest when the
    other has nothing to dogfight with."""
    other = 1 - seat
    left = a.TURNS - s.half  # turns still to resolve, this one included
    budget = s.res[seat]
    best = None
    best_value = -1.0
    for rolls in range(min(budget, _room(s, seat)) + 1):
        if s.tech[seat] >= a.TECH_MAX and rolls:
            break
        buy = bytearray(a.TYPES)
        _fill_planes(s, seat, budget - rolls, buy)
        v = _value(s, seat, other, rolls, buy, left)
        if v > best_value:
            best_value = v
            best = (buy, rolls)
    buy, rolls = best
    raid = bytearray(a.RAIDERS)
    fights = 0
    for t in range(2, a.TYPES):
        fights += s.planes[other][t]
    for t in range(a.RAIDERS):
        n = s.planes[seat][t] + buy[t]
        if t < 2 or not fights:
            raid[t] = n
    return buy, rolls, raid


def _value(s, seat, other, rolls, buy, left):
    """The order's worth: the expected technology reached (the Armistice's first test),
    then the planes of the highest types."""
    dice = s.research[seat] + rolls
    tech = s.tech[seat]
    gain = _advance_chance(dice) if tech < a.TECH_MAX else 0.0
    # later turns: a full budget of research each, as long as it is below the top
    later = 0.0
    level = tech + gain
    for _ in range(left - 1):
        if level >= a.TECH_MAX:
            break
        p = _advance_chance(min(a.TRACK_MAX, s.res[seat]))
        later += p
        level += p
    reach = min(a.TECH_MAX, tech + gain + later)
    v = reach * 1000.0
    top = min(a.TECH_MAX, int(reach + 0.5))
    for t in range(a.TYPES):
        n = s.planes[seat][t] + buy[t]
        weight = 10.0 if t + 1 >= top else 1.0
        v += n * weight * (t + 1)
    return v
