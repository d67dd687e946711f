"""Many games in one VM process at the heap cap: the heap retained after gc does not grow."""

from host_sim import soak
from mpvm import require_vm


def test_consecutive_games_do_not_grow_the_heap():
    require_vm()
    r = soak.run(games=24)  # make soak runs 1,000
    assert r["games"] == 24 and r["counts"] == {"hang10": 12, "snafu": 12}
    for game in r["heap_last"]:  # at most one GC block of settling, never growth per game
        assert 0 <= r["heap_last"][game] - r["heap_warm"][game] <= 16
