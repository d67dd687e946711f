"""Reading golden playthrough files (tests/golden/*.txt) and reporting where they differ."""

import os

from mpvm import ROOT

GOLDEN_DIR = os.path.join(ROOT, "tests", "golden")


def golden_files(prefix):
    return sorted(n for n in os.listdir(GOLDEN_DIR) if n.startswith(prefix))


def read_lines(name):
    with open(os.path.join(GOLDEN_DIR, name)) as f:
        text = f.read()
    assert text.endswith("\n") and not text.endswith("\n\n")
    return text[:-1].split("\n")


def first_difference(got, want):
    for i in range(min(len(got), len(want))):
        if got[i] != want[i]:
            return "line %d:\n  got  %s\n  want %s" % (i + 1, got[i], want[i])
    return "got %d lines, want %d" % (len(got), len(want))


class SoloRules:
    """What result.record_result reads of a solo game's rules; the state is (score, clean)."""

    LOW_WINS = False
    CLEAN = ("Clean", "no wipe-out")
    SEATS_MAX = 1

    @staticmethod
    def clean(state):
        return state[1]

    @staticmethod
    def score(state):
        return state[0]


def record(store, gid, points, clean):
    """Count a finished solo game with this score (result.record_result, as a game does)."""
    from firmware import records, result

    counted = records.load_stats(store, gid)["games"]
    return result.record_result(store, gid, SoloRules, (points, clean), counted)
