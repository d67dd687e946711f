"""host_sim/tools/mypet_compare: its --json output's shape and ranges (no result
checks: a few seeds decide nothing)."""

import json

from host_sim.tools import mypet_compare

STATS = {"mean", "sem", "min", "max", "age", "turns", "at_seer", "seconds"}


def test_json_shape_and_ranges(capsys):
    mypet_compare.main(["--seeds", "6", "--rules", "both", "--jobs", "1", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert doc["seeds"] == 6
    assert doc["first"] == 1
    assert set(doc["rules"]) == {"older", "younger"}
    for res in doc["rules"].values():
        assert set(res["players"]) == set(mypet_compare.PLAYERS)
        for st in res["players"].values():
            assert set(st) == STATS
            assert 0 <= st["min"] <= st["mean"] <= st["max"] <= 29
            assert st["sem"] >= 0
            assert 0 <= st["age"] <= 20
            assert st["turns"] > 0
            assert 0 <= st["at_seer"] <= 1
            assert st["seconds"] >= 0
        assert res["players"]["seer"]["at_seer"] == 1
        assert -29 <= res["seer_minus_strong"] <= 29
        assert 0 <= res["strong_ge_greedy"] <= 1
