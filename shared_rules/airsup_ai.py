"""Air Superiority's computer players (docs/rules/airsup.md, "Computer players").

Each plans a whole order from what its seat may see (view: both sides' tracks, its own
order so far; never the other's order nor the dice to come), then step() gives the
next step toward that plan: first the steps that undo (sell, unresearch, recall), then
purchases, research rolls and raids, then the commit.

- random: spends its resources by random choices among what it can afford (a plane of
  a random type, or a research roll), then sends a random number of each type's
  raid-capable planes on resource attacks.
- research: every resource on research rolls (then planes of the best type with what
  the research track cannot take, and everything at the top level); no raids.
- planes: every resource on planes, the best type first; types 1 and 2 raid.
- strong: buys research rolls with everything while the technology race is open (below
  technology 5, and the other could still reach its level by the Armistice): the first
  test of the Armistice outweighs all else, and a full track (10 dice) advances 84 % of
  turns. On the last turn it weighs each split between rolls and planes exactly: both
  sides' chance to advance (the other's dice guessed from those it rolled last turn)
  and, for a tie, its planes of the level both reached against the other's. What is
  not researched buys type 1 planes as armour (a dogfight hit takes the lowest type
  first) while the next one would more than 1/3 likely be hit this turn (the other's
  dogfighters' hits, exact binomials; at technology 5, where it cannot research, the
  other is taken to buy all the type 5 planes its resources allow, and these fight at
  once), else planes of its top type. Types 1 and 2 stay home as armour; types 3 and 4
  dogfight, or raid when the other has no planes.
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
    """Research rolls it will still buy this turn (none at the top level, where they may
    be bought but are rolled for nothing: D13)."""
    if s.tech[seat] >= a.TECH_MAX:
        return 0
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

_HIT = (0.0, 0.0, 1 / 6, 1 / 3, 0.5)  # a dogfighter's chance to hit, by type


def _strong_plan(s, seat):
    """Research until the race is settled (the last turn weighed exactly); the rest
    on armour against the other's dogfights and on planes of the top type."""
    other = 1 - seat
    budget = s.res[seat]
    rolls = 0
    if _racing(s, seat, other):
        rolls = min(budget, _room(s, seat))
        if s.half == a.TURNS - 1:
            rolls = _last_rolls(s, seat, other, rolls)
    buy = bytearray(a.TYPES)
    _buy_planes(s, seat, other, budget - rolls, buy)
    raid = bytearray(a.RAIDERS)
    if not sum(s.planes[other]):  # nothing to shoot at: the guns raid instead
        for t in range(2, a.RAIDERS):
            raid[t] = s.planes[seat][t] + buy[t]
    return buy, rolls, raid


def _racing(s, seat, other):
    """Research still counts: below the top, and the other could still reach it."""
    tech = s.tech[seat]
    reach = min(a.TECH_MAX, s.tech[other] + a.TURNS - s.half)
    return tech < a.TECH_MAX and reach >= tech


def _last_rolls(s, seat, other, most):
    """The last turn: the rolls (0..most, the rest on planes) most likely to win."""
    best = -1.0
    rolls = most
    for r in range(most, -1, -1):
        buy = bytearray(a.TYPES)
        _buy_planes(s, seat, other, s.res[seat] - r, buy)
        v = _last_value(s, seat, other, r, buy)
        if v > best + 1e-9:
            best = v
            rolls = r
    return rolls


def _last_value(s, seat, other, rolls, buy):
    """The chance to win the Armistice after this last order: exact over both sides'
    research dice (the other's guessed from last turn), the planes for a tie."""
    tech = s.tech[seat]
    up = s.tech[other]
    p = _advance_chance(s.research[seat] + rolls) if tech < a.TECH_MAX else 0.0
    q = _advance_chance(s.research[other] + _other_dice(s, other)) if up < a.TECH_MAX else 0.0
    v = 0.0
    for x, px in ((tech, 1 - p), (tech + 1, p)):
        for y, py in ((up, 1 - q), (up + 1, q)):
            if x != y:
                v += px * py * (1.0 if x > y else 0.0)
            else:
                v += px * py * _tie(s.planes[seat], buy, s.planes[other], x)
    return v


def _tie(mine, buy, theirs, level):
    """A tie at `level`'s worth: the planes of that type (D7; the other may still buy),
    else the resources (even)."""
    t = level - 1
    n = mine[t] + buy[t]
    if n != theirs[t]:
        return 0.75 if n > theirs[t] else 0.25
    return 0.5


def _other_dice(s, other):
    """The research dice the other rolled last turn (its likely effort; 5 at first)."""
    if s.half == 0:
        return 5
    n = 0
    log = s.log
    for i in range(0, s.nlog, 2):
        if log[i] & 7 == other:  # that seat's research die (step 0)
            n += 1
    return n


def _buy_planes(s, seat, other, budget, buy):
    """Type 1 planes as armour (hits take the lowest type first) while the next one
    is more than 1/3 likely to be hit this turn, else the top type; returns the rest."""
    top = s.tech[seat] - 1
    have = s.planes[seat]
    while budget > 0:
        armour = have[0] + buy[0]
        cheap = budget < a.COST[top]
        if armour < a.TRACK_MAX and (cheap or _hit_chance(s, other, armour + 1) > 1 / 3):
            t = 0
        elif not cheap and have[top] + buy[top] < a.TRACK_MAX:
            t = top
        else:
            t = _best_type(s, seat, budget, buy)
            if t < 0:
                return budget
        buy[t] += 1
        budget -= a.COST[t]
    return budget


def _foe(s, other):
    """The other's dogfighters this turn, at level 5 with the type 5s it can buy (D4, D13)."""
    f = bytearray(s.planes[other])
    if s.tech[other] >= a.TECH_MAX:
        f[4] = min(a.TRACK_MAX, f[4] + s.res[other] // a.COST[4])
    return f


def _hit_chance(s, other, j):
    """The chance that the other's dogfighters score at least j hits this turn."""
    dist = [0.0] * (j + 1)  # dist[k]: exactly k hits; dist[j]: j or more
    dist[0] = 1.0
    foe = _foe(s, other)
    for t in range(2, a.TYPES):
        p = _HIT[t]
        for _ in range(foe[t]):
            dist[j] += dist[j - 1] * p
            for k in range(j - 1, 0, -1):
                dist[k] = dist[k] * (1 - p) + dist[k - 1] * p
            dist[0] *= 1 - p
    return dist[j]


def _advance_chance(n):
    """The chance that n research dice show at least one 6."""
    miss = 1.0
    for _ in range(n):
        miss *= 5 / 6
    return 1 - miss
