"""Many games in one VM process at the heap cap: the heap retained after gc does not grow."""

from host_sim import soak
from mpvm import require_vm


def test_consecutive_games_do_not_grow_the_heap():
    require_vm()
    r = soak.run(games=40)  # make soak runs 1,000
    counts = {"hang10": 8, "snafu": 8, "fencing": 8, "mypet": 8, "dsol": 8}
    assert r["games"] == 40 and r["counts"] == counts
    # at most three GC blocks of settling after the sixth game of a kind (the games share
    # the launcher's state; with five games the last settles a little later), never
    # growth per game: 40, 60 and 100 games end at the same heap, to the byte
    for game in r["heap_last"]:
        assert 0 <= r["heap_last"][game] - r["heap_warm"][game] <= 48
