"""Many games in one VM process at the heap cap: the heap retained after gc does not grow."""

from firmware import games
from host_sim import soak
from mpvm import require_vm


def test_consecutive_games_do_not_grow_the_heap():
    require_vm()
    ids = games.ids()
    r = soak.run(games=8 * len(ids))  # make soak runs 1,000
    assert r["games"] == 8 * len(ids) and r["counts"] == {gid: 8 for gid in ids}
    # at most four GC blocks of settling after the sixth game of a kind (the games share
    # the launcher's state; with seven games the sixth of each comes before the heap has
    # settled), never growth per game: 56, 112 and 168 games end at the same heap (63,584
    # bytes after every game), to the byte
    for game in r["heap_last"]:
        assert 0 <= r["heap_last"][game] - r["heap_warm"][game] <= 64
