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
