"""What the games' save formats share (imported with a game's NAME_save module, when a
save is loaded or checked): one-line damage errors and checked numbers."""


def bad(game, what):
    raise ValueError(game + ": " + what)


def int_in(game, x, lo, hi, what):
    """x must be an int within lo..hi (ValueError naming the game and the field)."""
    if type(x) is not int or not lo <= x <= hi:
        bad(game, "%s out of range: %r" % (what, x))


def take(game, lines, i, key):
    """The text after `key ` on line i (ValueError when the save ends or the key differs)."""
    if i >= len(lines):
        bad(game, "save ends early: no %s" % key)
    line = lines[i]
    if not line.startswith(key + " "):
        bad(game, "save: expected %r, got %r" % (key, line[:20]))
    return line[len(key) + 1 :]


def ints(game, text, n):
    """Exactly n numbers separated by single spaces."""
    parts = text.split(" ")
    if len(parts) != n:
        bad(game, "save: expected %d numbers, got %r" % (n, text[:20]))
    return [int(x) for x in parts]


def fields_of(game, version, text):
    """A save of "key rest" lines under its "GAME VERSION" head: ({key: rest}, keys in
    order). ValueError for text that is not this game's save of this version, a key
    written twice, or no new line at the end."""
    if not isinstance(text, str):
        bad(game, "save must be text")
    lines = text.split("\n")
    if lines[0] != "%s %d" % (game, version):
        if lines[0].split(" ")[0] == game:
            bad(game, "save version %r, expected %d" % (lines[0][len(game) + 1 :], version))
        bad(game, "not a %s save" % game)
    if lines[-1] != "":
        bad(game, "save does not end with a new line")
    fields = {}
    order = []
    for line in lines[1:-1]:
        key, _, rest = line.partition(" ")
        if key in fields:
            bad(game, "save repeats %s" % key)
        fields[key] = rest
        order.append(key)
    return fields, order


def keys_in_order(game, order, keys):
    """The save's keys are exactly `keys`, in that order."""
    if order != keys:
        bad(game, "save fields %s, expected %s" % (" ".join(order[:4]), " ".join(keys[:4])))


class _Same:
    """A file for a dump_to that compares each piece it is given with the text."""

    def __init__(self, text):
        self.text = text
        self.at = 0
        self.same = True

    def write(self, piece):
        if self.same and self.text.startswith(piece, self.at):
            self.at += len(piece)
        else:
            self.same = False


def dumps_as(dump_to, s, text):
    """True when dump_to(s, f) writes exactly `text`: the check that a save is in the
    form dump() writes, without a second copy of the save on the heap."""
    same = _Same(text)
    dump_to(s, same)
    return same.same and same.at == len(text)
