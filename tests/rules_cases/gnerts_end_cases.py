"""G'nerts rule cases, the Pile, G'NERTS, scoring and the game's end: clauses C15-C18 and
their decisions of the review of the rule text (docs/rules/gnerts.md), the timers, the
notation, saves and what a seat sees; the deal, the Stock, the Stack and standstills are
in gnerts_cases.py. Plain functions, plain asserts: they run on CPython and inside the
MicroPython VM (tools: gnerts_kit.py).
"""

from rules_cases.gnerts_kit import act, build, cards
from rules_cases.kit import raises
from shared_rules import gnerts as g
from shared_rules.rng import Rng


def case_c15_the_pile_top_plays_to_a_column_or_scores():
    """C15: the Pile's top onto a column or to the Scoring Area; the next card is up."""
    s = build(
        [{"pile": "KC 4S 5H", "cols": ("6S", "9H", "9C", "9D"), "scored": "AS 2S 3S"}, {}],
        found="3S",
    )
    act(s, "p-1")
    assert s.piles[0] == cards("KC 4S") and s.cols[0][0] == cards("6S 5H")
    act(s, "p-f")
    assert s.piles[0] == cards("KC") and list(s.ftop) == [4] and s.scored[0] == 4


def case_c16_the_last_pile_card_calls_gnerts_and_play_freezes():
    """C16, D10: the Pile's last card played ends the round at once; West's action later
    in the same tick does not happen."""
    s = build(
        [{"pile": "5H", "cols": ("6S", "9H", "9C", "9D")}, {"cols": ("AD", "9H", "9C", "9D")}]
    )
    g.set_seat(s, 1, "strong", 5)
    s.tick = 1  # tick 2: the person first
    s.next_at[1] = 2
    act(s, "p-1")
    assert g.round_over(s) and s.ender == 0 and s.piles[0] == []
    assert len(s.ftop) == 0  # West's ace never came
    h = g.summary(s)["rounds"][0]
    assert h["ender"] == 0 and h["pile_left"] == [0, 13]
    assert g.moves(s) == [g.NEXT]


def case_c16_the_last_pile_card_to_the_scoring_area_calls_gnerts():
    """C15, C16: the Pile's last card played straight to the Scoring Area calls G'NERTS
    too; it counts as a card put up."""
    s = build([{"pile": "AS", "cols": ("6S", "9H", "9C", "9D")}, {}])
    act(s, "p-f")
    assert g.round_over(s) and s.ender == 0 and s.piles[0] == []
    h = g.summary(s)["rounds"][0]
    assert h["ender"] == 0 and h["pile_left"] == [0, 13] and h["scored"] == [1, 0]
    assert s.totals == [1, -26]


def case_c9_c16_a_column_moved_away_takes_the_last_pile_card_gnerts():
    """C7, C9, C16: a whole column moved onto another leaves a gap the Pile's last card
    fills: G'NERTS, and West's ace later in the same tick does not go up."""
    s = build(
        [{"pile": "5H", "cols": ("8H", "9S", "9C", "9D")}, {"cols": ("AD", "9H", "9C", "9D")}]
    )
    g.set_seat(s, 1, "strong", 5)
    s.tick = 1  # tick 2: the person first
    s.next_at[1] = 2
    act(s, "1-2")
    assert g.round_over(s) and s.ender == 0 and s.piles[0] == []
    assert s.cols[0][1] == cards("9S 8H") and s.cols[0][0] == cards("5H")
    assert len(s.ftop) == 0  # West's ace never came


def case_c17_a_round_scores_cards_played_less_twice_the_pile():
    """C17: cards in the Scoring Area less twice the Pile: the person 2 - 0, West
    1 - 2 * 12 = -23 (negative totals are kept)."""
    s = build(
        [
            {"pile": "5H", "cols": ("6S", "9H", "9C", "9D"), "scored": "AS 2S"},
            {
                "pile": "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2D",
                "cols": ("9H", "9C", "9D", "8D"),
                "scored": "AH",
            },
        ],
        found="2S AH",
    )
    act(s, "p-1")
    assert s.totals == [2, -23] and g.scores(s) == [2, -23]
    assert not g.over(s)
    act(s, "next")
    assert s.round == 2 and not g.round_over(s) and s.totals == [2, -23]
    assert len(s.piles[1]) == 13 and s.scored == [0, 0] and len(s.ftop) == 0


def case_c18_the_game_ends_at_the_target_with_one_leader():
    """C18, D9: over once a round leaves one seat alone on top at or above the target;
    a tie on top plays on."""
    s = g.new(3, {"target": 100})
    s.ender = 0
    s.history = _rounds(s, 1)
    s.totals = [100, 100]
    assert not g.over(s) and g.winner(s) == -1  # tied on top: another round
    s.totals = [101, 100]
    assert g.over(s) and g.winner(s) == 0 and g.moves(s) == []
    s.totals = [50, 99]
    assert not g.over(s)
    s.history = _rounds(s, 49)
    assert not g.over(s)
    s.history = _rounds(s, 50)  # target / 2 rounds: the stop
    s.totals = [50, 50]
    assert g.over(s) and g.winner(s) == -1  # a draw
    s.totals = [50, 60]
    assert g.over(s) and g.winner(s) == 1  # the highest total, below the target


def _rounds(s, n):
    """n rounds' records: nothing scored, the Piles emptied, seat 0 ending each."""
    rec = bytearray(2 * s.n + 5)
    rec[2 * s.n] = 1  # seat 0 + 1
    out = bytearray()
    for _ in range(n):
        out.extend(rec)
    return out


def case_d9_a_game_to_500_is_played_to_500():
    """D9, C18: 'played to 100 although you can play to higher amounts - 500': the stop
    that keeps a game of negative rounds from going on for ever comes at target / 2
    rounds (250 for 500), far beyond a game played by the strong computers, so such a
    game ends at its target. (A stop at 40 rounds ended most four-seat games to 500
    before anyone reached it.)"""
    s = g.new(4, {"rivals": 3, "speed": 2, "target": 500})
    for seat in range(4):
        g.set_seat(s, seat, "strong", 2)
    while not g.over(s):
        g.play(s, g.NEXT if g.round_over(s) else g.WAIT)
    assert max(s.totals) >= 500 and g.winner(s) == s.totals.index(max(s.totals))
    assert 40 < g.rounds_done(s) < g.max_rounds(s) == 250
    assert len(s.history) == g.rounds_done(s) * (2 * 4 + 5)  # 13 bytes a round
    g.check(s)
    totals = [0] * 4
    for i in range(g.rounds_done(s)):
        scored, left, ender, ticks = g.round_record(s, i)
        assert ticks > 0 and (ender == g.STANDSTILL or left[ender] == 0)
        for p in range(4):
            totals[p] += scored[p] - 2 * left[p]
    assert totals == s.totals


def case_d9_a_long_games_rounds_are_saved_and_summed():
    """D9: every round's record goes into the save and back (a game may hold up to
    target / 2 of them), and the summary lists them all, their points summing to the
    totals."""
    s = g.new(5, {"target": 200})
    s.history = bytearray()
    s.totals = [0, 0]
    for i in range(41):  # past the old stop at 40: 1 and 2 cards scored, seat 1 out
        s.history.extend(bytearray([1, 2, 0, 0, 2, i, 1, 0, 0]))
        s.totals[0] += 1
        s.totals[1] += 2
    s.round = 42  # the 42nd dealt, not yet played
    s.ticks = sum(256 + i for i in range(41))  # each round's ticks, in the records
    s.nmoves = s.ticks + 41  # a tick or a deal each
    g.check(s)
    t = g.load(g.dump(s))
    assert t.history == s.history and t.totals == [41, 82]
    rounds = g.summary(t)["rounds"]
    assert len(rounds) == 41 and rounds[40] == {
        "scored": [1, 2],
        "pile_left": [0, 0],
        "ender": 1,
        "ticks": 256 + 40,
    }
    assert not g.over(t)


def case_d9_a_tie_on_top_plays_on_past_the_target():
    """D9: seats tied on top beyond the target play on, so a total may end far above
    it; the game's score range (which guards the stats) holds every such total."""
    s = g.new(3, {"target": 500})
    s.history = _rounds(s, 10)
    s.ender = 0
    s.totals = [540, 540]
    assert not g.over(s)
    s.totals = [592, 540]  # the next round: 52, all of a seat's cards up
    assert g.over(s) and g.winner(s) == 0
    lo, hi = g.SCORE_RANGE
    assert lo <= g.score(s) <= hi and hi >= 52 * g.MAX_ROUNDS


def case_d3_computer_timers_live_in_the_state():
    """D3: a computer acts only when its tick comes, and the next one is set from the
    game's Rng within three quarters to five quarters of its period; two runs of the same
    seed and moves are the same game."""
    a = g.new(21, {"rivals": 2, "speed": 3})
    b = g.new(21, {"rivals": 2, "speed": 3})
    for _ in range(400):
        for s in (a, b):
            due = [p for p in (1, 2) if s.next_at[p] == s.tick + 1]
            g.play(s, g.WAIT)
            for p in due:
                gap = s.next_at[p] - s.tick
                assert 12 <= gap <= 20
    assert g.dump(a) == g.dump(b)


def case_illegal_moves_change_nothing():
    """An illegal move raises ValueError and leaves the position as it was."""
    s = build([{"pile": "KC 5H", "cols": ("6S", "6H", "9C", "9D")}, {}])
    before = g.dump(s)
    for m in (-1, 32, 63, g.NEXT, g.parse_move(s, "p-2"), g.PLAY + 1 * 5 + 1, "p-1", None):
        assert raises(g.play, s, m)
        assert g.dump(s) == before


def case_notation_round_trip():
    """move_text and parse_move are exact inverses; other text raises ValueError."""
    s = g.new(5)
    for m in [g.WAIT, g.FLIP, g.NEXT] + list(range(g.PLAY, g.ACTIONS)):
        src, dst = divmod(m - g.PLAY, 5)
        if m >= g.PLAY and 1 <= src <= 4 and src == dst:
            continue
        assert g.parse_move(s, g.move_text(s, m)) == m
    for text in ("x-f", "p-5", "1-1", "flop", "", "p f"):
        assert raises(g.parse_move, s, text)
    assert g.parse_move(s, " W-F ") == g.parse_move(s, "w-f")


def case_save_round_trip_and_damage():
    """dump/load are exact inverses; load refuses damaged text."""
    s = g.new(9, {"rivals": 2})
    for _ in range(300):
        g.play(s, g.best_move(s))
    t = g.dump(s)
    assert g.dump(g.load(t)) == t
    bad = [
        t.replace("gnerts 1", "gnerts 2"),
        t.replace("opts 2", "opts 4"),
        t[:-1],
        t.replace("\nscored ", "\nscored 9"),
        t.replace("pile1 ", "pile1 AS "),
        "not a save\n",
    ]
    for text in bad:
        assert text != t and raises(g.load, text)


def _line(text, key, value):
    """The save with its `key` line's value replaced."""
    lines = text.split("\n")
    for i in range(len(lines)):
        if lines[i].startswith(key + " "):
            lines[i] = key + " " + value
    return "\n".join(lines)


def _field(text, key):
    for line in text.split("\n"):
        if line.startswith(key + " "):
            return line[len(key) + 1 :]
    return ""


def _through_round(seed, rounds):
    """Two strong seats' game to the end of that many rounds."""
    s = g.new(seed, {"rivals": 1})
    g.set_seat(s, 0, "strong", 3)
    while g.rounds_done(s) < rounds:
        g.play(s, g.NEXT if g.round_over(s) else g.WAIT)
    return s


def case_save_whose_fields_disagree_is_refused():
    """load validates the fields against each other too, not one by one: a round's end
    and its record, the standstills, the counts of ticks and moves (a tick or a deal
    each), and no round dealt once the game was over."""
    ended = _through_round(9, 1)
    t = g.dump(ended)
    assert g.dump(g.load(t)) == t
    n, rnd, ender, stills, tick, ticks, nmoves = [int(x) for x in _field(t, "at").split()]
    g.play(ended, g.NEXT)
    for _ in range(30):
        g.play(ended, g.WAIT)
    u = g.dump(ended)  # round 2 in play
    assert g.dump(g.load(u)) == u
    at2 = [int(x) for x in _field(u, "at").split()]
    scored, left, rec_ender, length = g.round_record(ended, 0)

    def at(values):
        return " ".join(str(x) for x in values)

    bad = [
        _line(u, "at", at(at2[:3] + [g.ROTATIONS + 1] + at2[4:])),  # the round over
        _line(t, "at", at([n, rnd, ender, g.ROTATIONS + 1, tick, ticks, nmoves])),
        _line(t, "at", at([n, rnd, ender, stills, tick, ticks, nmoves - 1])),
        _line(t, "at", at([n, rnd, ender, stills, tick - 1, ticks - 1, nmoves - 1])),
        _line(u, "at", at(at2[:6] + [at2[6] + 1])),
        _line(u, "at", at(at2[:5] + [at2[5] + 1, at2[6] + 1])),
    ]
    record = "%d,%d/%d,%d/%%d/%%d" % (scored[0], scored[1], left[0], left[1])
    bad.append(_line(t, "history", record % (-1, length)))  # not a standstill
    bad.append(_line(t, "history", record % (rec_ender, length + 1)))
    # two rounds of 52 points: over at 100 before round 3 was dealt
    over = _through_round(5, 2)
    g.play(over, g.NEXT)
    v = g.dump(over)
    assert g.dump(g.load(v)) == v
    lengths = [g.round_record(over, i)[3] for i in range(2)]
    v = _line(v, "totals", "104 -52")
    bad.append(_line(v, "history", "52,0/0,13/0/%d 52,0/0,13/0/%d" % tuple(lengths)))
    for text in bad:
        assert raises(g.load, text), text


def case_redeal_keeps_what_the_seat_sees():
    """D11: redeal(s, seat, rng) changes only what the seat cannot see, and the strong
    player's choice stays the same."""
    s = g.new(11, {"rivals": 2})
    for _ in range(200):
        g.play(s, g.best_move(s))
    for seat in range(3):
        r = g.redeal(s, seat, Rng(5))
        g.check(r)
        assert g.view(r, seat) == g.view(s, seat)
        assert r.stacks[seat] != s.stacks[seat] or r.piles[seat] != s.piles[seat]
    r = g.redeal(s, 0, Rng(6))
    assert g.best_move(r) == g.best_move(s)


def case_d6_the_standstill_check_in_line_agrees_with_legal():
    """D6: stuck() and the computers' checks work the foundations' needs out once
    (wanted, has_play); over whole rounds of every policy at every tick, each seat's
    answer is the one asking legal() for every play gives."""
    for seed in (3, 4):
        s = g.new(seed, {"rivals": 3, "speed": 5})
        for seat in range(1, 4):
            g.set_seat(s, seat, g.POLICIES[seat - 1], 5)
        rng = Rng(seed)
        ticks = 0
        while not g.round_over(s) and ticks < 1500:
            for seat in range(s.n):
                any_play = False
                for a in range(g.PLAY, g.ACTIONS):
                    if g.legal(s, seat, a):
                        any_play = True
                        break
                assert g.has_play(s, seat, g.wanted(s)) == any_play
                assert g.stuck(s, seat) == (g._passed(s, seat) and not any_play)
            acts = g.actions(s, 0)
            g.play(s, acts[rng.below(len(acts))] if acts and rng.below(3) else g.WAIT)
            ticks += 1
        assert ticks > 200


def case_best_move_is_a_legal_move_when_seat_zero_is_a_computer():
    """With seat 0 on a computer's timer (run --auto) WAIT is its only move, so that is
    what best_move answers; between rounds NEXT."""
    s = g.new(4, {"rivals": 2})
    g.set_seat(s, 0, "strong", 3)
    seen = 0
    while not g.over(s) and seen < 400:
        m = g.best_move(s)
        assert m in g.moves(s), (m, g.moves(s))
        g.play(s, m)
        seen += 1
    assert seen == 400 or g.over(s)
