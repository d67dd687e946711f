"""Three-Thirteen rummy's setting up (imported when first needed): the options and
their text, the summary's keys, the bench's rows and a new match. Each is named in
rummy.py and answers as rummy.NAME; a match in play needs none of this
(docs/rules/rummy.md, "Budgets").
"""

from shared_rules import rummy as r
from shared_rules.rng import Rng

OPTIONS = (
    ("cpus", "Rivals", (3, 2, 1), 3, "computer players at the table"),
    ("level", "Computer", ("strong", "greedy"), "strong", "how the computers play"),
    ("rounds", "Rounds", (11, 6, 3, 1), 11, "rounds 1 to N (3 to N+2 cards)"),
    ("west", "West", ("same", "strong", "greedy"), "same", "West's level (same: Computer)"),
    ("north", "North", ("same", "strong", "greedy"), "same", "North's level, 2+ rivals"),
    ("east", "East", ("same", "strong", "greedy"), "same", "East's level, 3 rivals"),
)
SUMMARY = ("players", "totals", "winner", "rounds", "grabs")
BENCH = (("rummy", None, None),)

# The options' code (shared_rules.contract) is imported by the calls that use it, not
# with this module.


def option_text(key, v):
    from shared_rules.contract import check_option, find_option
    from shared_rules.contract import text as _option_text

    row = find_option(OPTIONS, key)
    if row is None:
        raise ValueError("rummy has no option %r" % (key,))
    return _option_text(OPTIONS, key, check_option(r.NAME, row, v))


def describe(options):
    from shared_rules import cards as _cards
    from shared_rules.contract import options_with_defaults

    o = options_with_defaults(r.NAME, OPTIONS, options)
    k = o["cpus"]
    levels = [r.level_of(o, p) for p in range(1, k + 1)]
    mixed = levels.count("greedy") not in (0, k)
    first = "You + %d %s" % (k, "mixed" if mixed else levels[0])
    n = o["rounds"]
    second = "%d rounds, 3-%s" % (n, _cards.RANKS[n + 1]) if n > 1 else "1 round, 3 cards"
    return (first, second)


def new(seed, options=None, profile=None):
    """A new match: the first dealer drawn from the seed, round 1 dealt."""
    from shared_rules.contract import options_with_defaults

    o = options_with_defaults(r.NAME, OPTIONS, options)
    if type(seed) is not int:
        raise ValueError("rummy seed must be a number, got %r" % (seed,))
    s = r.Rummy()
    s.opts = o
    s.seed = seed
    s.rng = Rng(seed)
    s.n = o["cpus"] + 1
    s.hands = [[] for _ in range(s.n)]
    s.known = [[] for _ in range(s.n)]
    s.totals = [0] * s.n
    s.first = s.rng.below(s.n)
    r.deal_round(s)
    return s
