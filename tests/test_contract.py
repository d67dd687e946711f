"""Every registered game against docs/contract.md (rules contract v2), on CPython and in
the MicroPython VM.

The games are the registry's (firmware.games.GAMES) plus the scratch game Duel
(tests/scratch_game/duel.py), registered for this module only. The checks themselves
are plain functions in tests/contract_walk.py, so the VM runs the same code:

- declarations and the OPTIONS table (labels, help, option_text, describe);
- new() refuses unknown options and values outside an option's values;
- whole games of random legal moves (options cycled through their values, at most
  MAX_MOVES moves a game), every position checked: check(), the save round trip,
  notation round trip, illegal moves refused without a change, to_act/moves/over
  agreeing, scores, claimants, humans, touches, move_log, best_move legal; at the end
  summary() and winner(), and a replay of the moves ends at the same save;
- hidden information (games with redeal): best_move and the acting seat's view do not
  change when everything that seat cannot see is dealt again;
- profiles (games with PROFILE): check_profile accepts the default and refuses damage,
  settle gives a checked profile;
- the same walk inside the MicroPython VM gives the same games as on CPython.

Duel also has a few rule tests of its own at the end: the conformance suite leans on it.
"""

import json
import random
import sys

import contract_walk as cw
import pytest
import scratch_game
from scratch_game import duel

from firmware import games
from mpvm import compile_rules, require_vm, run_mp
from shared_rules.rng import Rng

SCRATCH = scratch_game.ENTRY  # its screen module is never imported here
GAME_IDS = [g[0] for g in games.GAMES if g[0] != SCRATCH[0]] + [SCRATCH[0]]


def seeds(n):
    return [3 + 7919 * i for i in range(n)]


# Per game: seeds walked on CPython, moves a game at most, best_move checked every how
# many positions, redeal checked every how many positions, seeds walked in the VM.
DEFAULT = {"seeds": 20, "cap": cw.MAX_MOVES, "best_every": 1, "hidden_every": 1, "vm_seeds": 3}
DEFAULT["whole"] = 0  # a game longer than the walks' cap: played to its end unchecked
DEFAULT["vm_heap"] = "64wK"  # the VM's heap for the walk (mpvm.HEAP)
SETTINGS = {
    "duel": {"seeds": 60, "vm_seeds": 10},
    "hang10": {"best_every": 4, "hidden_every": 4},  # its computer player searches
    # the smart trails search every tick: fewer moves a game, best_move every 8th tick;
    # 4 seeds in the VM reach option set 3 (smart computer trails against a human)
    "snafu": {"cap": 200, "best_every": 8, "vm_seeds": 4},
    # the strong fencer plays out about 60 hidden deals x moves a decision
    "fencing": {"best_every": 6, "hidden_every": 6},
    # the hint plays out about 24 deals x moves a decision
    "mypet": {"best_every": 6, "hidden_every": 6},
    # a tick a move: a game to 100 takes 5,000 to 20,000 ticks; the walks check their
    # first 600, and one game of random ticks is played to its end
    # and the walk holds the rules, the save code and three copies of a four-seat state
    # (208 cards): at the default heap a dump's 1 KB string finds no block in one piece
    "gnerts": {"cap": 600, "best_every": 10, "hidden_every": 10, "whole": 40000, "vm_heap": "80wK"},
    # the walk holds the rules, the meld search, the save code and the round's scoring
    # (every seat's melds laid down, D12): it passes from 64 K words on three build
    # paths (at 63 K a save's text finds no block in one piece); 68 K is the margin
    "rummy": {"vm_heap": "68wK"},
}


def setting(gid, key):
    return SETTINGS.get(gid, {}).get(key, DEFAULT[key])


@pytest.fixture(scope="module", autouse=True)
def scratch_registered():
    """Duel in the registry while this module runs, and only then."""
    games.register(*SCRATCH)
    yield
    games.unregister(SCRATCH[0])


def rules(gid):
    return games.rules(gid)


def test_scratch_game_is_in_the_registry():
    assert games.ids()[-1] == "duel"
    assert games.title("duel") == "Duel"
    assert rules("duel").__name__ == duel.__name__ == "scratch_game.duel"
    assert games.entry("duel") == SCRATCH
    assert "scratch_game.duel_screen" not in sys.modules  # only the rules are opened


@pytest.mark.parametrize("gid", GAME_IDS)
def test_declarations(gid):
    cw.check_declarations(rules(gid), gid)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_new_refuses_bad_options(gid):
    cw.check_bad_options(rules(gid))


@pytest.mark.parametrize("gid", GAME_IDS)
def test_random_games(gid):
    g = rules(gid)
    profile = None if getattr(g, "PROFILE", None) is None else dict(g.PROFILE)
    ended = 0
    for i, seed in enumerate(seeds(setting(gid, "seeds"))):
        rec, after = cw.walk(
            g,
            seed,
            cw.cycled_options(g, i),
            profile,
            setting(gid, "cap"),
            setting(gid, "best_every"),
        )
        ended += rec[2]
        if after is not None:
            profile = after
    if not ended and setting(gid, "whole"):
        ended = whole_game_ends(g, setting(gid, "whole"))
    assert ended, "no game ended within %d moves" % setting(gid, "cap")


def whole_game_ends(g, cap):
    """One game of random legal moves (seed 1) played to its end without the walk's
    checks at every position; its end checked as the walk checks it."""
    r = random.Random(1)
    s = g.new(1, None, None if g.PROFILE is None else dict(g.PROFILE))
    for _ in range(cap):
        if g.over(s):
            break
        g.play(s, r.choice(g.moves(s)))
    if not g.over(s):
        return False
    g.check(s)
    assert g.moves(s) == [] and g.to_act(s) == -1
    assert g.summary(s)["score"] == g.score(s)
    return True


@pytest.mark.parametrize("gid", GAME_IDS)
def test_hidden_information(gid):
    g = rules(gid)
    if not callable(getattr(g, "redeal", None)):
        assert not callable(getattr(g, "view", None)), "view without redeal"
        pytest.skip("%s has no hidden information (no redeal)" % gid)
    profile = None if getattr(g, "PROFILE", None) is None else dict(g.PROFILE)
    checked = 0
    for i, seed in enumerate(seeds(setting(gid, "seeds"))):
        checked += cw.walk_hidden(
            g,
            seed,
            cw.cycled_options(g, i),
            profile,
            setting(gid, "cap"),
            setting(gid, "hidden_every"),
        )
    assert checked >= 100


@pytest.mark.parametrize("gid", GAME_IDS)
def test_profiles(gid):
    g = rules(gid)
    if getattr(g, "PROFILE", None) is None:
        for name in cw.PROFILED:
            assert not callable(getattr(g, name, None)), "%s without a PROFILE" % name
        pytest.skip("%s keeps no profile" % gid)
    cw.check_profiles(g)
    profile = dict(g.PROFILE)
    settled = 0
    for i, seed in enumerate(seeds(8)):
        s = g.new(seed, cw.cycled_options(g, i), profile)
        rng = Rng(seed)
        n = 0
        while not g.over(s) and n < setting(gid, "cap"):
            ms = g.moves(s)
            g.play(s, ms[rng.below(len(ms))])
            n += 1
        if g.over(s):
            profile = cw.settled(g, profile, s, " seed %d" % seed)
            settled += 1
    assert settled


# ---- in the MicroPython VM -------------------------------------------------------

VM_CODE = r"""
import json
sys.path.insert(0, %(build)r)
import contract_walk as cw
from firmware import games
games.register(*%(entry)r)
g = games.rules(%(gid)r)
records = cw.run_game(g, %(gid)r, %(seeds)r, %(cap)d, %(best)d, %(hidden)d)
print(json.dumps(records))
"""

# What the VM imports, compiled by mpy-cross as the device build compiles it (a device
# never compiles source: at a 64 KB heap the compiler would not fit beside this walk).
VM_SOURCES = (
    ("tests", "contract_walk.py"),
    ("tests", "scratch_game/__init__.py"),
    ("tests", "scratch_game/duel.py"),
    ("", "firmware/__init__.py"),
    ("", "firmware/games.py"),
)


@pytest.fixture(scope="module")
def vm_build(tmp_path_factory):
    """contract_walk, the scratch game, the registry and every shared_rules module as
    .mpy in a fresh directory (viper modules for this machine)."""
    require_vm()
    return compile_rules(tmp_path_factory.mktemp("contract_build"), VM_SOURCES)


def vm_args(gid):
    return {
        "entry": SCRATCH,
        "gid": gid,
        "seeds": seeds(setting(gid, "vm_seeds")),
        "cap": setting(gid, "cap"),
        "best": setting(gid, "best_every"),
        "hidden": setting(gid, "hidden_every"),
    }


@pytest.mark.parametrize("gid", GAME_IDS)
def test_in_micropython(gid, vm_build):
    """The whole of contract_walk.run_game in the VM gives the same games as on CPython.
    At the default 64 KB heap for every game but G'nerts (80 KB: see SETTINGS), Snafu's
    smart computer trails included: compiled to .mpy, the walk, the rules and the player
    fit (measured: Snafu's seeds here still pass at 48 KB)."""
    a = vm_args(gid)
    a["build"] = vm_build
    out = run_mp(VM_CODE % a, heap=setting(gid, "vm_heap"), timeout=600)
    vm = json.loads(out.strip().splitlines()[-1])
    cp = cw.run_game(rules(gid), gid, a["seeds"], a["cap"], a["best"], a["hidden"])
    assert vm == json.loads(json.dumps(cp))


# ---- Duel's own rules ------------------------------------------------------------


def cards(text):
    return [duel.parse_card(x) for x in text.split()]


def hand(text):
    return sorted(cards(text))


def position(hand0, hand1, stock, pile, turn):
    """A checked round-1 Duel position from card texts: every card of the deck given
    (the stock drawn from its end, the pile's top card last)."""
    s = duel.new(1)
    s.hands = [sorted(cards(hand0)), sorted(cards(hand1))]
    s.stock = cards(stock)
    s.pile = cards(pile)
    s.turn = turn
    duel.check(s)
    return s


def test_duel_play_scores_claims_and_draws():
    s = position("2a 5a 9b", "5b 7a 1a", "3a 4b 6a 8a", "9a 1b 2b 3b 6b 7b 8b 4a", 0)
    duel.play(s, duel.parse_move(s, "5a"))  # beats the 4: a point, then a draw
    assert s.rounds[0] == [1, 0, 0]
    assert s.hands[0] == hand("2a 8a 9b") and s.stock == cards("3a 4b 6a")
    assert duel.to_act(s) == 1 and duel.claimants(s) == ()
    assert duel.move_log(s, 1, duel.parse_move(s, "5b")) == "Rival played 5b"
    duel.play(s, duel.parse_move(s, "5b"))  # matches the 5: seat 0 may snap
    assert s.rounds[0] == [1, 0, 0]
    assert duel.claimants(s) == (0,) and duel.to_act(s) == 0
    assert duel.moves(s) == [duel.SNAP, duel.PASS]
    assert duel.view(s, 0)["claim"] and not duel.view(s, 1)["claim"]
    assert len(s.hands[1]) == 2  # the draw waits for the window
    assert duel.touches(s, duel.SNAP) == (("key", 16),)
    assert duel.touches(s, duel.PASS) == (("key", 32),)
    assert duel.move_log(s, 0, duel.SNAP) == "You snapped"
    assert duel.best_move(s) == duel.SNAP
    duel.play(s, duel.SNAP)
    assert s.rounds[0] == [3, 0, 1]
    assert s.taken == cards("5a 5b") and duel.card_text(s.pile[-1]) == "4a"
    assert s.hands[1] == hand("1a 6a 7a")  # seat 1 drew after the window
    assert duel.to_act(s) == 0 and duel.claimants(s) == ()
    assert duel.touches(s, duel.parse_card("9b")) == (("hand", duel.parse_card("9b")),)
    duel.check(s)


def test_duel_pass_and_best_move():
    s = position("2a 6b 9b", "6a 3b 4a", "1b 2b", "1a 3a 5a 7a 8a 9a 4b 7b 8b 5b", 0)
    assert duel.best_move(s) == duel.parse_card("6b")  # the lowest card above the 5
    duel.play(s, duel.parse_card("6b"))
    assert s.rounds[0] == [1, 0, 0] and s.hands[0] == hand("2a 2b 9b")
    assert duel.greedy(s) == duel.parse_card("6a")  # the highest card
    duel.play(s, duel.parse_card("6a"))  # equal: no point, a window for seat 0
    assert s.rounds[0] == [1, 0, 0] and duel.claimants(s) == (0,)
    assert duel.move_log(s, 0, duel.PASS) == "You passed"
    duel.play(s, duel.PASS)
    assert s.hands[1] == hand("1b 3b 4a") and s.stock == []
    assert duel.to_act(s) == 0 and s.pile[-2:] == cards("6b 6a")
    assert duel.best_move(s) == duel.parse_card("9b")
    duel.play(s, duel.parse_card("9b"))
    assert s.rounds[0] == [2, 0, 0] and s.hands[0] == hand("2a 2b")  # no stock: no draw
    assert duel.best_move(s) == duel.parse_card("1b")  # nothing beats the 9: the lowest
    duel.check(s)


def test_duel_rounds_alternate_and_end():
    s = duel.new(5, {"rounds": 3, "humans": 0})
    assert duel.humans(s) == () and duel.humans(duel.new(5)) == (0,)
    starters = []
    while not duel.over(s):
        if duel.moves(s) == [duel.NEXT]:
            assert duel.to_act(s) == 0 and duel.touches(s, duel.NEXT) == (("key", 16),)
        if not s.pile and not s.taken and s.phase == duel.PH_PLAY:
            starters.append(duel.to_act(s))
        duel.play(s, duel.best_move(s))
    assert starters == [0, 1, 0]
    sm = duel.summary(s)
    assert len(sm["rounds"]) == 3
    assert sm["snaps"] == sum(r["snaps"] for r in sm["rounds"])
    assert [sum(r["scores"][i] for r in sm["rounds"]) for i in (0, 1)] == duel.scores(s)


def test_duel_profile_head_start_and_settle():
    s = duel.new(9, None, {"level": 4})
    assert duel.scores(s) == [0, 3]
    for bad in ({"level": 0}, {"level": 10}, {"level": True}, {"lvl": 1}, {}, None, 3):
        with pytest.raises(ValueError):
            duel.check_profile(bad)
    with pytest.raises(ValueError):
        duel.new(1, None, {"level": 10})
    with pytest.raises(ValueError):
        duel.settle({"level": 4}, s)  # not over yet
    seen = set()
    for seed in range(40):
        s = duel.new(seed, None, {"level": 2})  # the rival one point ahead
        while not duel.over(s):
            duel.play(s, duel.best_move(s))
        w = duel.winner(s)
        assert duel.settle({"level": 2}, s) == {"level": {0: 3, 1: 1, -1: 2}[w]}
        seen.add(w)
    assert seen >= {0, 1}
    s.phase = duel.PH_OVER
    s.rounds = [[9, 0, 0]]
    assert duel.settle({"level": 9}, s) == {"level": 9}
    s.rounds = [[0, 9, 0]]
    assert duel.settle({"level": 1}, s) == {"level": 1}
    assert duel.settle({"level": 1, "note": 7}, s) == {"level": 1, "note": 7}


def test_duel_strong_player_beats_the_baselines():
    wins = {"random": 0, "greedy": 0}
    for name in wins:
        for seed in range(60):
            s = duel.new(seed, {"rounds": 3, "humans": 0})
            rng = Rng(seed)
            while not duel.over(s):
                if duel.to_act(s) == 0:
                    m = duel.best_move(s)
                elif name == "random":
                    m = duel.random_move(s, rng)
                else:
                    m = duel.greedy(s)
                duel.play(s, m)
            wins[name] += duel.winner(s) == 0
    assert wins["random"] > 45 and wins["greedy"] > 30, wins


def test_duel_load_refuses_damage():
    s = duel.new(7, {"rounds": 3, "humans": 1})
    for _ in range(5):
        duel.play(s, duel.best_move(s))
    d = duel.dump(s)
    assert duel.dump(duel.load(d)) == d
    lines = d.split("\n")
    hand = lines[7].split(" ")

    def swap(i, text):
        return "\n".join(lines[:i] + [text] + lines[i + 1 :])

    damaged = [
        d.replace("duel 1", "duel 2"),
        swap(2, "opts 2 1"),
        swap(4, "level 10"),
        swap(3, "rng 0"),
        swap(5, "at 4 0 0 5"),
        swap(5, "at 0 1 0 5"),
        swap(7, " ".join([hand[0]] + hand[1:][::-1])),  # an unsorted hand
        swap(7, " ".join(hand + [hand[1]])),  # a card twice
        swap(7, " ".join(hand[:-1])),  # a card missing
        swap(6, "rounds 0 0 1"),  # a snap with nothing taken
        d.replace("opts", "opt"),
        d[:-1],
        d + "\n",
        d.replace("seed 7", "seed 07"),
    ]
    for text in damaged:
        assert text != d
        with pytest.raises(ValueError):
            duel.load(text)


def test_duel_redeal_keeps_what_the_seat_sees():
    s = duel.new(11)
    duel.play(s, duel.best_move(s))
    seat = duel.to_act(s)
    other = 1 - seat
    changed = 0
    for k in range(20):
        r = duel.redeal(s, seat, Rng(k))
        duel.check(r)
        assert duel.view(r, seat) == duel.view(s, seat)
        assert r.hands[seat] == s.hands[seat] and r.pile == s.pile
        assert len(r.hands[other]) == len(s.hands[other]) and len(r.stock) == len(s.stock)
        changed += r.hands[other] != s.hands[other]
    assert changed > 10


def test_dumps_as_compares_a_save_with_what_dump_writes():
    """save_text.dumps_as: the whole text, piece by piece (no copy of the save kept)."""
    from shared_rules import fencing, save_text

    s = fencing.new(7, None, None)
    text = fencing.dump(s)
    assert save_text.dumps_as(fencing.dump_to, s, text)
    assert not save_text.dumps_as(fencing.dump_to, s, text[:-1])
    assert not save_text.dumps_as(fencing.dump_to, s, text + "\n")
    assert not save_text.dumps_as(fencing.dump_to, s, text.replace("seed 7", "seed 8"))


@pytest.mark.parametrize("gid", ["fencing", "mypet", "rummy"])
def test_load_refuses_a_save_not_in_the_form_dump_writes(gid):
    """A number written "07" reads as 7, but only what dump() writes is a save."""
    rules = __import__("shared_rules." + gid, None, None, ["x"])
    text = rules.dump(rules.new(7, None, None))
    assert rules.dump(rules.load(text)) == text
    with pytest.raises(ValueError, match="form dump"):
        rules.load(text.replace("\nseed 7\n", "\nseed 07\n"))
