"""What the games' save formats share (imported with a game's NAME_save module, when a
save is loaded or checked): one-line damage errors and checked numbers."""


def bad(game, what):
    raise ValueError(game + ": " + what)


def int_in(game, x, lo, hi, what):
    """x must be an int within lo..hi (ValueError naming the game and the field)."""
    if type(x) is not int or not lo <= x <= hi:
        bad(game, "%s out of range: %r" % (what, x))


def ints(game, text, n):
    """Exactly n numbers separated by single spaces."""
    parts = text.split(" ")
    if len(parts) != n:
        bad(game, "save: expected %d numbers, got %r" % (n, text[:20]))
    return [int(x) for x in parts]
