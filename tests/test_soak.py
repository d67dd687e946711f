"""Many games in one VM process at the heap cap: the heap retained after gc does not grow."""

from firmware import games
from host_sim import soak, soak_device
from mpvm import require_vm


def test_consecutive_games_do_not_grow_the_heap():
    require_vm()
    ids = games.ids()
    rounds = soak_device.WARM + 4
    r = soak.run(games=rounds * len(ids))  # make soak runs 1,000
    assert r["games"] == rounds * len(ids) and r["counts"] == {gid: rounds for gid in ids}
    # the heap's highest level after the warm-up rounds is the highest of the run, within
    # four GC blocks of late settling (the games share the launcher's state): no growth
    # per game. Measured with ten games: 66,976 bytes after 12 rounds (host_sim/soak.py,
    # HEAP; with nine games 65,456 bytes after 8, 11, 16 and 32 rounds).
    assert 0 <= r["heap_max"] - r["heap_warm_max"] <= 64
    for game in r["heap_last"]:
        assert r["heap_warm"][game] <= r["heap_last"][game] <= r["heap_max"]
