"""Three-Thirteen's meld search as machine code (shared_rules/rummy_native.py): the same
results as the bytecode search, in the real MicroPython VM; the fallback elsewhere."""

import os

from host_sim import build, uf2
from mpvm import ROOT, run_mp
from shared_rules import rummy, rummy_melds

# Every function that searches, on hands drawn by the project's own Rng: 1 to 14 cards,
# 0 to 5 wilds, one deck or two, every wild rank; a table of melds for the lay-offs.
COMPARE_CODE = """
from shared_rules import rummy as r, rummy_melds as m
from shared_rules.rng import Rng

def hand(rng):
    deck = list(range(52)) * 2 + [52] * 4
    n = 1 + rng.below(14)
    out = []
    for _ in range(n):
        out.append(deck.pop(rng.below(len(deck))))
    return out

def results(rng, wild, cards):
    out = [m.deadwood(cards, wild), m.can_go_out(cards, wild), m.melds_all(cards, wild),
           m.out_discards(cards, wild), m.best_discard(cards, wild), m.leftovers(cards, wild),
           r.groups(cards, wild)]
    table = r.arrange(cards, wild)
    out.append(table)
    if table is not None:
        for _ in range(3):
            out.append(r.penalty(hand(rng), wild, table))
    return out

def run(n, seed):
    diffs = 0
    for k in range(n):
        wild = 3 + k % 11
        rng = Rng(seed + k)
        cards = hand(rng)
        for _ in range(k % 6):
            cards.append(52 if rng.below(2) else (wild - 1) + 13 * rng.below(4))
        m.use_native(False)
        slow = results(Rng(seed + k), wild, cards)
        m.use_native()
        fast = results(Rng(seed + k), wild, cards)
        if fast != slow:
            diffs += 1
            print("DIFF", k, cards, wild, slow, fast)
    return diffs
"""

MATCH_CODE = """
from shared_rules import rummy as r, rummy_melds as m
print(m.use_native(%r))
s = r.new(7, {"cpus": 3})
while not r.over(s):
    r.play(s, r.best_move(s))
print(r.dump(s))
"""


def test_cpython_runs_the_bytecode_search():
    assert rummy_melds.use_native() == "bytecode"
    assert rummy_melds._search.__module__ == "shared_rules.rummy_melds"


def test_native_search_equals_bytecode_in_micropython(host_build):
    code = COMPARE_CODE + "print(m.use_native())\nprint('diffs', run(600, 1))\n"
    out = run_mp(code, heap="2M", cwd=host_build, timeout=600).splitlines()
    assert out == ["native", "diffs 0"], "\n".join(out[:20])


def test_a_full_memo_table_falls_back_and_agrees(host_build):
    """A table of 8 entries fills on most searches: they retry, then run as bytecode."""
    code = (
        COMPARE_CODE
        + "from shared_rules import rummy_native as nat\n"
        + "m.use_native()\nm._nat[4][nat.P_SIZE] = 8\nprint('diffs', run(200, 5000))\n"
        + "m._nat[4][nat.P_SIZE] = nat.NAT_SIZE\n"
    )
    out = run_mp(code, heap="2M", cwd=host_build, timeout=600).splitlines()
    assert out == ["diffs 0"], "\n".join(out[:20])


def test_a_whole_match_with_machine_code_ends_as_on_cpython(host_build):
    s = rummy.new(7, {"cpus": 3})
    while not rummy.over(s):
        rummy.play(s, rummy.best_move(s))
    out = run_mp(MATCH_CODE % True, heap="2M", cwd=host_build, timeout=600)
    assert out == "native\n" + rummy.dump(s) + "\n"


def test_the_files_build_leaves_the_machine_code_to_the_uf2(pico_build):
    """Installed as a file its code would stay in the heap for good: the device's files
    build leaves it out (the search runs as bytecode there), the uf2 freezes it."""
    assert not os.path.exists(os.path.join(pico_build, "shared_rules", "rummy_native.mpy"))
    assert os.path.exists(os.path.join(pico_build, "shared_rules", "rummy_search.mpy"))
    assert os.path.exists(os.path.join(pico_build, "shared_rules", "snafu_native.mpy"))
    assert "shared_rules/rummy_native.py" in uf2.frozen_modules()
    assert build.uf2_only(os.path.join(ROOT, "shared_rules", "rummy_native.py"))
    assert not build.uf2_only(os.path.join(ROOT, "shared_rules", "snafu_native.py"))
    out = run_mp(MATCH_CODE % True, heap="2M", cwd=pico_build, timeout=600)
    assert out.splitlines()[0] == "bytecode"


def test_the_machine_code_search_allocates_nothing(host_build):
    """Loaded hands searched with the heap locked: the search itself takes no memory
    (the bytecode one grows its memo dict)."""
    code = (
        "import micropython\n"
        "from shared_rules import rummy_melds as m\n"
        "from shared_rules.rummy import parse_cards\n"
        "print(m.use_native())\n"
        "for text in ('AD 3S 4S 6H 6D 7D TD JH QS QD KS KH JK JK',"
        " '2S 2H 2H 3S 3H 4H 4C 6H 6D 8H KS KH JK JK'):\n"
        "    w = m._prepare(parse_cards(text), 13)[0]\n"
        "    m._forget()\n"
        "    full = (1 << m._n) - 1\n"
        "    micropython.heap_lock()\n"
        "    v = m._search(0, full, w, 0, 0, m.BIG)\n"
        "    micropython.heap_unlock()\n"
        "    print(v, v == m.deadwood(parse_cards(text), 13))\n"
    )
    out = run_mp(code, heap="2M", cwd=host_build).split()
    assert out == ["native", "29", "True", "6", "True"], out


def test_the_resident_machine_code_lets_go_of_a_match(host_build):
    """rummy_native stays loaded for every game (RESIDENT); the buffers and the meld
    search it served leave the heap with rummy_melds (the games played next get it)."""
    code = (
        "import gc\n"
        "from firmware import drop_module\n"
        "from shared_rules import rummy_native\n"
        "from shared_rules.rummy import parse_cards\n"
        "gc.collect()\n"
        "base = gc.mem_alloc()\n"
        "from shared_rules import rummy_melds as m\n"
        "print(m.use_native(), m.deadwood(parse_cards('3S 4S 5S 9H 9D JK 2C'), 13))\n"
        "del m\n"
        "for name in ('shared_rules.rummy_melds', 'shared_rules.rummy_search'):\n"
        "    drop_module(name)\n"
        "gc.collect()\n"
        "print('kept', gc.mem_alloc() - base < 512)\n"
    )
    out = run_mp(code, heap="2M", cwd=host_build).split()
    assert out == ["native", "2", "kept", "True"], out
