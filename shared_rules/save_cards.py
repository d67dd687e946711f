"""Card lists in a save, "AS 7H JK" ("-" for none: two characters a card, a space
between), read back without making a list of words (rummy_save, dsol_save)."""

from shared_rules.save_text import bad


def count(game, text):
    """How many cards the text lists. Raises ValueError on any other shape."""
    if text == "-":
        return 0
    n = (len(text) + 1) // 3
    if 3 * n - 1 != len(text):
        bad(game, "bad cards %r" % text[:12])
    for k in range(2, len(text), 3):
        if text[k] != " ":
            bad(game, "bad cards %r" % text[:12])
    return n


def cards_of(game, text, parse):
    """The cards as a list, each read by parse ('7H' -> a card)."""
    return [parse(text[k : k + 2]) for k in range(0, 3 * count(game, text), 3)]


def cards_into(game, text, buf, parse):
    """The cards written straight into buf (a stock's or a pile's bytes); their count."""
    n = count(game, text)
    if n > len(buf):
        bad(game, "%d cards where %d fit" % (n, len(buf)))
    for i in range(n):
        buf[i] = parse(text[3 * i : 3 * i + 2])
    return n
