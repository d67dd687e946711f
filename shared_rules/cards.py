"""Standard 52-card deck as small ints: card = suit * 13 + rank.

rank 0..12 = A 2 3 4 5 6 7 8 9 T J Q K; suit 0..3 = S H D C.
Text is rank then suit: "AS" .. "KC", "T" for ten ("TH").
"""

RANKS = "A23456789TJQK"
SUITS = "SHDC"
DECK_SIZE = 52
TEN = 9  # rank index of the ten


def rank(card):
    return card % 13


def suit(card):
    return card // 13


def make(rank_index, suit_index):
    return suit_index * 13 + rank_index


# Every card's text, two characters each: a slice is quicker than building it.
CARD_CHARS = "".join([RANKS[c % 13] + SUITS[c // 13] for c in range(DECK_SIZE)])
CARD_BYTES = bytes(CARD_CHARS, "ascii")


def card_text(card):
    if card < 0 or card >= DECK_SIZE:
        raise ValueError("not a card: %r" % (card,))
    return CARD_CHARS[2 * card : 2 * card + 2]


def parse_card(text):
    """'7H' -> int; also accepts lower case and '10H'. Raises ValueError."""
    t = text.strip().upper()
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError("not a card: %r (expected e.g. 7H, TS, AC)" % (text,))
    return SUITS.index(t[1]) * 13 + RANKS.index(t[0])


def deck():
    return bytearray(range(DECK_SIZE))


def cards_text(seq, n, first=0, table=CARD_BYTES):
    """Cards first..n-1 of seq as 'AS 7H TD', written into one buffer (no string a
    card: a save's lines are made fast on a Pico); '-' for none. table: each card's
    two bytes (a game with jokers adds theirs)."""
    if n <= first:
        return "-"
    out = bytearray(3 * (n - first))
    cb = table
    i = 0
    for k in range(first, n):
        c = seq[k] * 2
        out[i] = cb[c]
        out[i + 1] = cb[c + 1]
        out[i + 2] = 32
        i += 3
    return str(memoryview(out)[: i - 1], "ascii")
