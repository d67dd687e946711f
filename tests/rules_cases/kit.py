"""What every game's rule cases share (plain functions: they run on CPython and inside
the MicroPython VM)."""


def raises(fn, *args):
    """True if fn(*args) raises ValueError."""
    try:
        fn(*args)
    except ValueError:
        return True
    return False


def with_word(text, key, i, word):
    """The save text with word i of its line `key` (the key is word 0) set to word: a
    save made by play, one field changed."""
    lines = text.split("\n")
    for j in range(len(lines)):
        words = lines[j].split(" ")
        if words[0] == key:
            words[i] = str(word)
            lines[j] = " ".join(words)
    return "\n".join(lines)


def played(rules, seed, stop, options=None):
    """A game of `rules` played with moves picked by Rng(seed) until stop(s) holds (a
    save made by play, not a built position)."""
    from shared_rules.rng import Rng

    s = rules.new(seed, options)
    rng = Rng(seed)
    while not stop(s):
        ms = rules.moves(s)
        rules.play(s, ms[rng.below(len(ms))])
    return s
