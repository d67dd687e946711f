"""Hang 10's rarer parts: load() and check() of a save, move parsing, the player's view
and redeal (hidden information), wave helpers for tests. Kept apart from
shared_rules.hang10 so that a game in play does not hold their code: imported when a
game is resumed or checked (the app lets it go after a resume).
"""

from shared_rules import cards as _cards
from shared_rules import hang10 as h


def view(s, seat=0):
    """What the player sees: everything but the pile's order."""
    return {
        "hand": list(s.hand),
        "waves": [list(w) for w in s.waves],
        "scored": list(s.scored),
        "wiped": list(s.wiped),
        "pile": len(s.pile),
        "unseen": h.unseen(s),
        "phase": s.phase,
        "points": s.points,
    }


def redeal(s, seat, rng):
    """A copy with the pile in another order: the player cannot tell it from this one."""
    c = h.copy(s)
    rng.shuffle(c.pile)
    return c


def parse_move(s, text):
    """Inverse of move_text. Raises ValueError on text that is not a move."""
    t = text.strip().upper().replace("10", "T")
    if t == "D":
        return h.M_DRAW
    if t == "K":
        return h.M_KICK
    if t == "S":
        return h.M_KEEP
    if len(t) == 2 and t[0] in "TW" and t[1] in "1234":
        return (h.M_TAKE if t[0] == "T" else h.M_WIPE) + int(t[1]) - 1
    if len(t) == 3 and t[0] == "P":
        return h.M_PLACE + _cards.parse_card(t[1:])
    if len(t) == 4 and t[2] == ">" and t[3] in "1234":
        return h.M_PLAY + _cards.parse_card(t[:2]) * 4 + int(t[3]) - 1
    raise ValueError("not a hang10 move: %r (try D, T1, K, S, W2, P7H, 7H>1)" % (text,))


def _wave_from_texts(texts):
    """Build a one-wave state from card texts in play order; ValueError if not a legal wave."""
    s = h.Hang10()
    if not texts:
        raise ValueError("a wave has at least one card")
    cards_in = [_cards.parse_card(t) for t in texts]
    h._set_lone(s, 0, cards_in[0])
    for c in cards_in[1:]:
        if c in s.waves[0] or not h._fits(s, 0, c):
            raise ValueError("%s cannot follow %s" % (_cards.card_text(c), " ".join(texts)))
        h._add(s, 0, c)
    return s


def can_add(wave, card):
    """can_add(["8H","7H","9H","6H","5H"], "4H") -> True. `wave` lists texts in play order."""
    s = _wave_from_texts(wave)
    c = _cards.parse_card(card)
    return c not in s.waves[0] and h._fits(s, 0, c)


def wave_score(wave):
    """Points the wave (texts in play order) scores if kicked out now."""
    return h._wave_points(_wave_from_texts(wave), 0)


def check(s):
    """Raise ValueError unless all 52 cards are accounted for exactly once."""
    seen = bytearray(52)
    groups = [s.pile, s.hand, s.scored, s.wiped] + s.waves
    for g in groups:
        for c in g:
            if c < 0 or c >= 52:
                raise ValueError("bad card %r" % (c,))
            if seen[c]:
                raise ValueError("card %s appears twice" % _cards.card_text(c))
            seen[c] = 1
    for c in range(52):
        if not seen[c]:
            raise ValueError("card %s is missing" % _cards.card_text(c))
    hand_max = h.HAND_SIZE + 1 if s.phase in (h.PH_PLAY, h.PH_WIPE, h.PH_PLACE) else h.HAND_SIZE
    if len(s.hand) > hand_max:
        raise ValueError("hand has %d cards" % len(s.hand))
    for w in range(h.WAVES):
        n = len(s.waves[w])
        k = s.kind[w]
        if k > h.K_SET:
            raise ValueError("wave %d: unknown kind %d" % (w + 1, k))
        if (n == 0) != (k == h.K_EMPTY) or (n == 1) != (k == h.K_LONE):
            raise ValueError("wave %d: kind %s with %d cards" % (w + 1, h.KIND_NAMES[k], n))


# ---- save / resume -------------------------------------------------------
# One line per field, "key value"; cards as text. Exact round trip.


def _parse_cards(text):
    return [_cards.parse_card(t) for t in text.split()]


def load(text):
    """Inverse of dump. Raises ValueError with a clear message on any damage."""
    if not isinstance(text, str):
        raise ValueError("hang10 save must be text")
    fields = {}
    lines = text.split("\n")
    head = lines[0].split()
    if len(head) != 2 or head[0] != "hang10":
        raise ValueError("not a hang10 save")
    if head[1] != str(h.VERSION):
        raise ValueError("hang10 save version %s, expected %d" % (head[1], h.VERSION))
    for line in lines[1:]:
        if not line:
            continue
        key, _, rest = line.partition(" ")
        if key in fields:
            raise ValueError("hang10 save repeats %r" % key)
        fields[key] = rest
    s = h.Hang10()
    try:
        for key in h._INT_FIELDS:
            setattr(s, key, int(fields[key]))
        s.pile = _parse_cards(fields["pile"])
        s.hand = sorted(_parse_cards(fields["hand"]))
        for w in range(h.WAVES):
            parts = fields["wave%d" % (w + 1)].split(" ", 2)
            kind = int(parts[0])
            lo = int(parts[1])
            if not h.K_EMPTY <= kind <= h.K_SET or not 0 <= lo <= 12:
                raise ValueError("hang10 save has a bad wave %d" % (w + 1))
            s.kind[w] = kind
            s.lo[w] = lo
            s.waves[w] = _parse_cards(parts[2]) if len(parts) > 2 else []
        s.scored = _parse_cards(fields["scored"])
        s.wiped = _parse_cards(fields["wiped"])
    except KeyError as e:
        raise ValueError("hang10 save lacks %s" % (e.args[0],))
    except IndexError:
        raise ValueError("hang10 save has a cut-off wave line")
    if not 0 <= s.phase <= h.PH_OVER:
        raise ValueError("hang10 save has bad phase %d" % s.phase)
    check(s)
    _check_ranges(s)
    for w in range(h.WAVES):
        if s.kind[w] == h.K_SEQ and not _seq_consistent(s, w):
            raise ValueError("hang10 save: wave %d is not a sequence" % (w + 1))
        if s.kind[w] == h.K_SET and not _set_consistent(s.waves[w]):
            raise ValueError("hang10 save: wave %d is not a set" % (w + 1))
    _check_phase(s)
    return s


def _check_ranges(s):
    """Every number within what a game can reach (a forged 99999 is damage)."""
    bad = None
    if not 0 <= s.seed <= 0x7FFFFFFF:
        bad = "seed"
    elif not -1 <= s.slot < h.WAVES:
        bad = "slot"
    elif not -1 <= s.taken < 52 or not -1 <= s.drawn < 52 or (s.drawn < 0) != (s.nmoves == 0):
        bad = "card"
    elif not 0 <= s.points <= 2 * len(s.scored):  # a wave scores at most 2 a card
        bad = "points"
    elif not 0 <= 2 * s.kicks <= len(s.scored):  # a kicked wave has 2 cards or more
        bad = "kicks"
    elif not 0 <= s.wipeouts <= len(s.wiped) or (s.wiped and not s.wipeouts):
        bad = "wipeouts"
    elif not 0 <= s.turn <= s.nmoves <= 100000:
        bad = "turn"
    if bad:
        raise ValueError("hang10 save: %s out of range" % bad)


def _check_phase(s):
    """The phase must fit the rest of the state (a save cannot put the game in limbo)."""
    ph = s.phase
    n = len(s.hand)
    bad = False
    if ph == h.PH_DRAW:
        bad = not s.pile or n != h.HAND_SIZE
    elif ph == h.PH_PLAY:
        bad = n != h.HAND_SIZE + 1 or not h._any_play(s)
    elif ph == h.PH_WIPE:
        bad = n != h.HAND_SIZE + 1 or h._any_play(s)
    elif ph == h.PH_KICK:
        bad = not 0 <= s.slot < h.WAVES or len(s.waves[s.slot]) < 2
    elif ph == h.PH_PLACE:
        bad = (
            not 0 <= s.slot < h.WAVES
            or s.kind[s.slot] != h.K_EMPTY
            or n != h.HAND_SIZE + 1
            or (s.taken != -1 and s.taken not in s.hand)
        )
    elif ph == h.PH_END:
        bad = bool(s.pile) or not h._any_play(s)
    elif ph == h.PH_OVER:
        bad = bool(s.pile) or h._any_play(s)
    # the wave played on or emptied (slot) and the card taken from a wave (taken, which
    # was last drawn) only while that move is under way; until the pile is gone every
    # wave holds cards but the one to place into
    if (s.slot >= 0) != (ph == h.PH_KICK or ph == h.PH_PLACE):
        bad = True
    if s.taken >= 0 and (ph != h.PH_PLACE or s.taken != s.drawn):
        bad = True
    if s.pile or ph in (h.PH_PLAY, h.PH_WIPE, h.PH_PLACE):
        empty = 0
        for w in range(h.WAVES):
            if s.kind[w] == h.K_EMPTY:
                empty += 1
        bad = bad or empty != (1 if ph == h.PH_PLACE else 0)
    if bad:
        raise ValueError("hang10 save: phase %s does not fit the cards" % h.PHASE_NAMES[ph])


def _seq_consistent(s, w):
    """Every card of the suit, ranks exactly lo .. lo+n-1 (cyclic)."""
    wave = s.waves[w]
    n = len(wave)
    if n < 2 or n > h.SEQ_MAX:
        return False
    suit = wave[0] // 13
    ranks = bytearray(13)
    for c in wave:
        if c // 13 != suit:
            return False
        ranks[c % 13] = 1
    for i in range(n):
        if not ranks[(s.lo[w] + i) % 13]:
            return False
    return True


def _set_consistent(wave):
    if len(wave) < 2 or len(wave) > h.SET_MAX:
        return False
    for c in wave:
        if c % 13 != wave[0] % 13:
            return False
    return True
