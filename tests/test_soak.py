"""Many games in one VM process at the heap cap: the heap retained after gc does not grow."""

from host_sim import soak
from mpvm import require_vm


def test_consecutive_games_do_not_grow_the_heap():
    require_vm()
    r = soak.run(games=36)  # make soak runs 1,000
    counts = {"hang10": 9, "snafu": 9, "fencing": 9, "mypet": 9}
    assert r["games"] == 36 and r["counts"] == counts
    # at most two GC blocks of settling after the sixth game of a kind (three games share
    # the launcher's state), never growth per game: make soak's 300 games end where 36 do
    for game in r["heap_last"]:
        assert 0 <= r["heap_last"][game] - r["heap_warm"][game] <= 32
