"""G'nerts rule cases' tools (gnerts_cases.py, gnerts_end_cases.py): positions built with
new(1) and then overwritten (each seat's Pile, columns, flipped cards, Stack and cards
scored; the foundations) and validated with check(); actions written in the notation
("p-f", "w-2", "3-1", "flip", "wait"). Two cases modules, so that the MicroPython VM's
64 KB heap holds one of them at a time beside the rules.
"""

from shared_rules import gnerts as g

FAR = 80  # a computer seat's next action: far enough not to come in a case's ticks


def cards(text):
    return [g.parse_card(t) for t in text.split()] if text else []


def build(specs, found="", quiet=True):
    """A checked position. specs: one dict a seat with "pile" (the top last), "cols"
    (four texts, each base first), "waste" (the top last), "stack" (the top last, put
    over every card of the deck not placed), "scored" (cards this seat has put in the
    Scoring Area). found: the foundations' tops ("4H AS"). quiet: the computer seats'
    next action far off (a case moves them itself)."""
    n = len(specs)
    s = g.new(1, {"rivals": n - 1})
    for seat in range(n):
        sp = specs[seat]
        pile = cards(sp.get("pile", ""))
        cols = [cards(t) for t in sp.get("cols", ("9S", "9H", "9C", "9D"))]
        waste = cards(sp.get("waste", ""))
        top = cards(sp.get("stack", ""))
        scored = cards(sp.get("scored", ""))
        used = pile + waste + top + scored
        for col in cols:
            used += col
        rest = [c for c in range(52) if c not in used]
        if "pile" not in sp:  # the thirteen highest cards left, a king on top
            high = sorted(rest, key=lambda c: -(c % 13) * 64 - c)[:13]
            pile = high[::-1]
            rest = [c for c in rest if c not in high]
        s.piles[seat] = pile
        s.cols[seat] = cols
        s.wastes[seat] = waste
        s.stacks[seat] = rest + top
        s.scored[seat] = len(scored)
        if quiet and seat:
            s.next_at[seat] = FAR
    tops = cards(found)
    s.fsuit = bytearray([c // 13 for c in tops])
    s.ftop = bytearray([c % 13 + 1 for c in tops])
    g.check(s)
    return s


def act(s, text):
    g.play(s, g.parse_move(s, text))


def flips(s, seat):
    return [g.card_text(c) for c in s.wastes[seat]]


# A seat that can play nothing: aces, queens and jacks buried in the Pile under the
# king of spades, kings and the two of spades in the columns; the Stack holds only cards
# that go nowhere (twos to tens, no ace out).
STUCK = {
    "pile": "AS AH AD AC QS QH QD QC JS JH JD JC KS",
    "cols": ("KH", "KD", "KC", "2S"),
}
