"""Pret? Allez!'s save format and invariants (imported when first needed).

One line per field in a fixed order; a deck is its kinds as digits, bottom first.
load() accepts only what dump() writes.
"""

from shared_rules import fencing as f
from shared_rules import fencing_more
from shared_rules import save_text as _st
from shared_rules.contract import options_with_defaults

_KEYS = ("opts", "seed", "rng", "at", "pos", "hits", "hand0", "hand1")
_KEYS = _KEYS + ("disc0", "disc1", "deck0", "deck1", "touches")
_LEADS = (f.ATTACK, f.FEINT, f.LUNGE, f.BALESTRA, f.BEAT, f.STOP_HIT, f.RIPOSTE)
_HIT_LEADS = (f.RETREAT, f.ATTACK, f.LUNGE, f.BALESTRA, f.BEAT, f.STOP_HIT, f.RIPOSTE)


def _bad(what):
    _st.bad("fencing", what)


def _int_in(x, lo, hi, what):
    _st.int_in("fencing", x, lo, hi, what)


def check(s):
    """Raise ValueError unless the state is one a bout can reach."""
    if not isinstance(s.opts, dict) or len(s.opts) != len(f.OPTIONS):
        _bad("bad options")
    if options_with_defaults(f.NAME, f.OPTIONS, s.opts) != s.opts:
        _bad("bad options")
    if type(s.seed) is not int:
        _bad("seed is not a number")
    _int_in(s.rng.get_state(), 1, 0xFFFFFFFF, "rng state")
    _int_in(s.phase, f.PH_PLAY, f.PH_DISCARD, "phase")
    for x in (s.turn, s.prio):
        _int_in(x, 0, 1, "seat")
    _int_in(s.pos[0], 1, 8, "left square")
    _int_in(s.pos[1], s.pos[0] + 1, 9, "right square")
    target = s.opts["hits"]
    for seat in (0, 1):
        _int_in(s.hits[seat], 0, target, "hits")
        hand = s.hands[seat]
        disc = s.discards[seat]
        if len(hand) != f.KINDS or len(disc) != f.KINDS:
            _bad("bad card counts")
        seen = bytearray(f.KINDS)
        _int_in(s.ndeck[seat], 0, f.DECK_SIZE, "deck size")
        if len(s.decks[seat]) != f.DECK_SIZE:
            _bad("bad deck")
        for k in s.decks[seat][: s.ndeck[seat]]:
            _int_in(k, 0, f.KINDS - 1, "card")
            seen[k] += 1
        for k in range(f.KINDS):
            if seen[k] + hand[k] + disc[k] != f.DECK_COUNTS[k]:
                _bad(
                    "%s has %d %s cards, not %d"
                    % (
                        f.SEAT_NAMES[seat],
                        seen[k] + hand[k] + disc[k],
                        f.CARD_NAMES[k],
                        f.DECK_COUNTS[k],
                    )
                )
    _int_in(s.pending, f.P_NONE, f.P_FEINT, "pending attack")
    if s.pending == f.P_NONE:
        if s.lead != -1 or s.no_retreat:
            _bad("an attack's details without an attack")
    elif s.lead not in _LEADS:
        _bad("an attack led by %r" % (s.lead,))
    _int_in(s.no_retreat, 0, 1, "balestra flag")
    _int_in(s.moved_adj, 0, 1, "moved flag")
    if s.moved_adj and f._gap(s) != 0:
        _bad("moved adjacent, but not adjacent")
    # passes in a row: a third with both decks empty is a corps-a-corps; before that each
    # pass drew a card (at most the decks' cards)
    _int_in(s.passes, 0, 2 + 2 * f.DECK_SIZE, "passes in a row")
    if s.phase == f.PH_DISCARD:
        if s.act not in (f.A_ADVANCE, f.A_RETREAT, f.A_BOARD_ADV) or s.pending or s.passes:
            _bad("a discard phase for %r" % (s.act,))
        fewest, most = f._discards(s.act)
        _int_in(s.discarded, 0, most - 1, "cards discarded")
        if f._total(s.hands[s.turn]) < fewest - s.discarded:
            _bad("discards owed from a short hand")
        # an ADVANCE (card or board) left the fencers adjacent or not; a RETREAT card
        # moved back, and gave up priority
        if s.moved_adj != (s.act != f.A_RETREAT and f._gap(s) == 0):
            _bad("the move flag does not match the %s" % f.ACT_WORDS[s.act])
        if s.act == f.A_RETREAT and s.prio == s.turn:
            _bad("a retreat that kept priority")
    elif s.act != -1 or s.discarded:
        _bad("discards outside the discard phase")
    _int_in(s.corps, 0, 1 << 20, "corps-a-corps")
    _int_in(s.turns, 0, 1 << 30, "turns")
    _int_in(s.nmoves, s.turns, s.turns + 3 * s.turns, "move count")
    last = 0
    by = [0, 0]  # touches per seat: the hits
    for seat, lead, turn in s.touches:
        _int_in(seat, 0, 1, "touch seat")
        if lead not in _HIT_LEADS:
            _bad("a touch by %r" % (lead,))
        _int_in(turn, last, s.turns, "touch turn")
        last = turn
        by[seat] += 1
    if by[0] != s.hits[0] or by[1] != s.hits[1]:
        _bad("hits %d-%d, touches %d-%d" % (s.hits[0], s.hits[1], by[0], by[1]))
    done = s.hits[0] == target or s.hits[1] == target
    if done != (s.phase == f.PH_OVER) or (s.hits[0] == target and s.hits[1] == target):
        _bad("hits %d-%d in phase %d" % (s.hits[0], s.hits[1], s.phase))
    if s.phase == f.PH_OVER:
        if s.pending != f.P_NONE or s.touches[-1][0] != s.turn:
            _bad("the bout's end does not match its last touch")
    elif s.pending == f.P_ATTACK and not f._can_avoid(s):
        _bad("an attack that cannot be avoided did not score")
    elif s.phase == f.PH_PLAY and f._out_of_cards(s, 0) and f._out_of_cards(s, 1):
        _bad("no cards on either side, but no corps-a-corps")


def _ints(text, n):
    return _st.ints("fencing", text, n)


def _parse_deck(text):
    if text == "-":
        return []
    return [int(c) for c in text]


def load(text):
    """Inverse of dump. Raises ValueError on any damage."""
    if not isinstance(text, str):
        _bad("save must be text")
    lines = text.split("\n")
    if lines[0] != "fencing %d" % f.VERSION:
        if lines[0].split(" ")[0] == "fencing":
            _bad("save version %r, expected %d" % (lines[0][8:], f.VERSION))
        _bad("not a fencing save")
    if len(lines) != len(_KEYS) + 2 or lines[-1] != "":
        _bad("save has %d lines" % len(lines))
    fields = {}
    for i in range(len(_KEYS)):
        key, _, rest = lines[i + 1].partition(" ")
        if key != _KEYS[i]:
            _bad("save: expected %s, got %r" % (_KEYS[i], lines[i + 1][:12]))
        fields[key] = rest
    s = f.Bout()
    try:
        o = fields["opts"].split(" ")
        if len(o) != 4:
            _bad("bad options")
        s.opts = options_with_defaults(
            f.NAME, f.OPTIONS, {"hits": int(o[0]), "first": o[1], "humans": int(o[2]), "cpu": o[3]}
        )
        s.seed = int(fields["seed"])
        s.rng.set_state(int(fields["rng"]))
        at = _ints(fields["at"], 13)
        s.phase, s.turn, s.prio, s.pending, s.lead, s.no_retreat = at[:6]
        s.moved_adj, s.passes, s.turns, s.nmoves, s.corps, s.act, s.discarded = at[6:]
        s.pos = _ints(fields["pos"], 2)
        s.hits = _ints(fields["hits"], 2)
        for seat in (0, 1):
            s.hands[seat] = bytearray(_ints(fields["hand%d" % seat], f.KINDS))
            s.discards[seat] = bytearray(_ints(fields["disc%d" % seat], f.KINDS))
            fencing_more.set_deck(s, seat, _parse_deck(fields["deck%d" % seat]))
        s.touches = []
        if fields["touches"] != "-":
            for part in fields["touches"].split(" "):
                t = part.split(":")
                if len(t) != 3:
                    _bad("bad touch %r" % part)
                s.touches.append((int(t[0]), int(t[1]), int(t[2])))
    except (IndexError, TypeError, KeyError, OverflowError):
        _bad("save is damaged")
    check(s)
    if not _st.dumps_as(f.dump_to, s, text):
        _bad("save is not in the form dump() writes")
    return s
