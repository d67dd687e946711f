"""Pret? Allez!'s rarely used parts (imported when first needed): move parsing, the
end-of-bout summary, what a seat may see, copies and redeals for tests and tools."""

from shared_rules import fencing as f


def parse_card(text):
    t = text.strip().upper() if isinstance(text, str) else ""
    for k in range(f.KINDS):
        if f.CARD_CODES[k] == t:
            return k
    raise ValueError("not a fencing card: %r (%s)" % (text, " ".join(f.CARD_CODES)))


def parse_move(s, text):
    """Inverse of move_text (any case). Raises ValueError on text that is not a move."""
    if not isinstance(text, str):
        raise ValueError("not a fencing move: %r" % (text,))
    t = text.strip().upper()
    if t == "OK":
        return f.DONE
    if t[:1] == "-":
        return f.DISCARD + parse_card(t[1:])
    for act in range(f.ACTS):
        if f.ACT_CODES[act].upper() == t:
            return act
    raise ValueError("not a fencing move: %r (try AT, LU+AT, PA+RI+AT, AD, -PA, ok)" % (text,))


def view(s, seat):
    """What `seat` may see: its hand, both discard piles, positions, priority, hits,
    the attack it faces, the counts of the other's hand and both decks."""
    if type(seat) is not int or not 0 <= seat < 2:
        raise ValueError("fencing has no seat %r" % (seat,))
    other = 1 - seat
    mine = s.hands[seat]
    own_deck = [f.DECK_COUNTS[k] - mine[k] - s.discards[seat][k] for k in range(f.KINDS)]
    theirs = [f.DECK_COUNTS[k] - s.discards[other][k] for k in range(f.KINDS)]
    return {
        "hand": list(mine),
        "pos": list(s.pos),
        "prio": s.prio,
        "hits": list(s.hits),
        "turn": s.turn,
        "pending": s.pending,
        "lead": s.lead,
        "no_retreat": s.no_retreat,
        "moved_adj": s.moved_adj,
        "discarding": s.act,
        "discarded": s.discarded,
        "passes": s.passes,
        "discards": [list(s.discards[0]), list(s.discards[1])],
        "other_cards": f._total(s.hands[other]),
        "decks": [s.ndeck[0], s.ndeck[1]],
        "own_deck": own_deck,  # counts; the order is hidden
        "other_pool": theirs,  # the other's hand and deck together, counts
    }


def copy(s):
    """An independent copy of the bout (the computer players' in-place copy, then its own
    options)."""
    from shared_rules import fencing_ai

    c = f.Bout()
    fencing_ai.copy_into(c, s)
    c.opts = dict(s.opts)
    return c


def redeal(s, seat, rng):
    """A copy `seat` cannot tell from s: what it cannot see (its own deck's order, the
    other's hand and deck, the state's Rng) dealt again with rng from the counts it sees,
    as the strong computer fencer deals its samples."""
    if type(seat) is not int or not 0 <= seat < 2:
        raise ValueError("fencing has no seat %r" % (seat,))
    from shared_rules import fencing_ai

    c = f.Bout()
    fencing_ai.determinize(c, s, seat, rng)
    c.opts = dict(s.opts)
    return c


def touch_name(lead):
    """The card a hit is put down to: the attack's lead card, or RETREAT off the piste."""
    return f.CARD_NAMES[lead].lower()


def summary(s):
    w = f.winner(s)
    return {
        "score": s.hits[f.LEFT],
        "clean": f.clean(s),
        "hits": [s.hits[f.LEFT], s.hits[f.RIGHT]],
        "winner": w,
        "touches": [{"seat": t[0], "card": touch_name(t[1]), "turn": t[2]} for t in s.touches],
        "corps_a_corps": s.corps,
        "turns": s.turns,
        "rounds": _rounds(s),
    }


def _rounds(s):
    """One dict a hit (the text: after a hit, a new round begins): who scored, with
    what, on which turn, and the hits after it."""
    out = []
    hits = [0, 0]
    for t in s.touches:
        hits[t[0]] += 1
        out.append({"seat": t[0], "card": touch_name(t[1]), "turn": t[2], "hits": list(hits)})
    return out


def corps_a_corps(left, right, priority=f.LEFT):
    """The squares (1..9) of the two fencers after a corps-a-corps, rules a) to e): set
    two spaces apart (two empty spaces between them). Where b) or c) cannot tell the two
    apart (both as far from the centre, square 5), the fencer without priority is moved.
    Raises ValueError."""
    if type(left) is not int or type(right) is not int:
        raise ValueError("fencer squares must be numbers, got %r %r" % (left, right))
    if not (1 <= left < right <= 9):
        raise ValueError("fencers must stand on 1..9 with left < right, got %r %r" % (left, right))
    if priority not in (f.LEFT, f.RIGHT):
        raise ValueError("priority must be 0 (left) or 1 (right), got %r" % (priority,))
    return f._set_apart(left, right, priority)


def deck_of(s, seat):
    """The seat's deck as a list of kinds, bottom first (its top is the last)."""
    return list(s.decks[seat][: s.ndeck[seat]])


def set_deck(s, seat, kinds):
    """Put these kinds (bottom first) as the seat's deck (tests, tools)."""
    if len(kinds) > f.DECK_SIZE:
        raise ValueError("a deck holds at most %d cards" % f.DECK_SIZE)
    for i in range(len(kinds)):
        s.decks[seat][i] = kinds[i]
    s.ndeck[seat] = len(kinds)
