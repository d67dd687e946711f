"""make bench's arithmetic and calibration (the timings themselves are only printed)."""

import json
import shutil

import pytest

from firmware import games
from host_sim import bench, build
from mpvm import run_mp


def test_checked_in_calibration_is_a_device_row():
    row = bench.load_calibration()
    assert row["kernel_us"] > 0 and row["native_us"] > 0 and row["search_reps"] > 0
    assert row["native"] is True
    assert row["native_check"] == row["bytecode_check"]  # same decisions both ways
    assert row["round_us"] > 0 and row["round_check"] > 0
    assert row["source"]
    assert len(row["tick_us_smart"]) == len(row["tick_us_classic"]) == 16
    variant, ms = bench.measured_tick(row, "snafu")
    assert 1 <= variant <= 16 and ms > bench.measured_tick(row, "snafu-classic")[1]


def test_calibration_reads_the_first_row_of_a_device_run(tmp_path):
    path = tmp_path / "pico.txt"
    path.write_text(
        "MicroPython v1.26.1 banner\n"
        + json.dumps({"kernel_us": 1000, "native": False, "search_reps": 2})
        + "\n"
        + json.dumps({"game": "launcher"})
        + "\n"
    )
    assert bench.load_calibration(str(path))["kernel_us"] == 1000
    path.write_text(
        json.dumps({"kernel_us": 5, "native": True})
        + "\n"
        + json.dumps({"game": "snafu", "tick_us_by_variant": {"3": {"max": 9}}})
        + "\n"
        + json.dumps({"game": "snafu-classic", "tick_us_by_variant": {"2": {"max": 4}}})
        + "\n"
    )
    row = bench.load_calibration(str(path))
    assert bench.measured_tick(row, "snafu") == (3, 0.009)
    assert bench.measured_tick(row, "snafu-classic") == (2, 0.004)
    path.write_text('{"game": "hang10"}\n')
    with pytest.raises(SystemExit, match="no calibration row"):
        bench.load_calibration(str(path))


def test_scales_per_kind_of_code():
    pico = {"kernel_us": 100000, "native": True, "native_us": 40000, "search_reps": 4}
    vm = {"kernel_us": 1000, "native": True, "native_us": 2000, "search_reps": 20}
    sc = bench.scales(pico, vm)
    assert sc == {"bytecode": 100.0, "native": 100.0, "round": 100.0}
    pico["round_us"], vm["round_us"] = 60000, 500
    assert bench.scales(pico, vm)["round"] == 120.0
    vm["native_us"] = 1000
    assert bench.scales(pico, vm)["native"] == 200.0
    vm["native"] = False  # the VM ran the bytecode searches: no machine-code factor
    assert bench.scales(pico, vm)["native"] == 100.0
    assert bench.scales(pico, vm)["round"] == 100.0  # rounds of different code
    assert bench.scales(pico, vm, force=7) == {"bytecode": 7, "native": 7, "round": 7}
    sc = {"bytecode": 100.0, "native": 130.0, "round": 120.0}
    assert bench.game_scale({"game": "snafu", "machine_code": True}, sc) == 130.0
    assert bench.game_scale({"game": "snafu-classic", "machine_code": False}, sc) == 100.0
    assert bench.game_scale({"game": "hang10"}, sc) == 100.0


def test_tick_budget_takes_the_slowest_swept_value():
    row = {
        "game": "snafu",
        "machine_code": True,
        "tick_ms": 100,
        "tick_us_by_variant": {
            "1": {"max": 100, "mean": 50},
            "14": {"max": 600, "mean": 200},
            "13": {"max": 500, "mean": 210},
        },
        "draw_us": {"max": 10},
        "display_bytes_per_frame": 50,
    }
    sc = {"bytecode": 100.0, "native": 150.0}
    variant, work, i2c, ok = bench.tick_budget(row, sc)
    assert variant == "14"
    assert work == pytest.approx(600 * 150 / 1000 + 10 * 100 / 1000)
    assert i2c == pytest.approx(50 * 9 * 1000 / 400000)
    assert ok
    row["tick_us_by_variant"]["14"]["max"] = 700
    assert not bench.tick_budget(row, sc)[3]


def test_tick_budget_of_a_game_without_a_sweep_takes_its_slowest_step():
    row = {
        "game": "gnerts",
        "tick_ms": 50,
        "rules_step_us": {"max": 300, "mean": 40},
        "draw_us": {"max": 20},
        "display_bytes_per_frame": 100,
    }
    sc = {"bytecode": 100.0, "native": 150.0}
    swept, work, i2c, ok = bench.tick_budget(row, sc)
    assert swept is None and work == pytest.approx(30 + 2) and ok
    row["tick_ms"] = 25
    assert not bench.tick_budget(row, sc)[3]


@pytest.fixture(scope="module")
def bench_build(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("bench") / "device")
    build.build_with_script(out, "bench_device.py")
    yield out
    shutil.rmtree(out, ignore_errors=True)


def test_device_calibration_row_in_the_vm(bench_build):
    code = (
        "import json, bench_device as b\n"
        "t, acc = b.kernel()\n"
        "row = b.search_kernel(reps=2)\n"
        "row.update(b.smart_round())\n"
        "row['check'] = acc\n"
        "print(json.dumps(row))\n"
    )
    row = json.loads(run_mp(code, heap="256wK", cwd=bench_build).strip())
    pico = bench.load_calibration()
    assert row["native"] is True
    assert row["search_reps"] == 2
    assert row["native_check"] == row["bytecode_check"]
    # the Pico played the same decisions and the same kernel: per round, the same sums
    assert row["native_check"] * pico["search_reps"] == pico["native_check"] * 2
    assert row["check"] == pico["check"]
    assert row["round_check"] == pico["round_check"]


def test_device_game_runs_follow_the_registry_in_the_vm(bench_build):
    code = (
        "import json, bench_device as b\n"
        "runs = b.game_runs()\n"
        "print(json.dumps(runs))\n"
        "row = b.run_game('/tmp/pt-bench-test', 'hang10', 1)\n"
        "print(json.dumps(row))\n"
        "print(json.dumps(b.sweep_ticks('snafu', {'others': 'classic'}, 'speed', [0], 1)))\n"
        "print(json.dumps([b.tick_ms(b.registry.rules(g)) for g in ('snafu', 'gnerts')]))\n"
    )
    out = run_mp(code, heap="256wK", cwd=bench_build).strip().splitlines()
    runs = json.loads(out[0])
    labels = [r[0] for r in runs]
    assert [r[1] for r in runs if r[0] == r[1]] == games.ids()  # every game, in order
    # Snafu's BENCH: two settings
    assert labels == [
        "hang10",
        "snafu",
        "snafu-classic",
        "fencing",
        "mypet",
        "dsol",
        "airsup",
        "hang4",
        "gnerts",
        "disc",
        "rummy",
    ]
    assert runs[1][2]["others"] == "smart" and runs[1][3] == "variant"
    row = json.loads(out[1])
    assert row["game"] == "hang10" and row["games"] == 1 and row["presses"] > 0
    assert row["import_bytes"] > 0 and row["decision_us"]["n"] > 0
    assert row["tick_ms"] is None and row["machine_code"] is False  # a turn game in bytecode
    ticks = json.loads(out[2])
    assert sorted(ticks) == ["1", "2", "3", "4"]  # every value of the swept option
    assert all(t["n"] > 0 and t["max"] >= t["mean"] for t in ticks.values())
    assert json.loads(out[3]) == [100, 50]  # the real-time games' fastest ticks: 4 and 2 frames
