"""The screens, step by step, as recorded in tests/golden/screens/ (make_screen_golden.py).

A change to a screen's code that is meant to leave what a person sees unchanged must
leave every recorded hash unchanged; the first differing step is reported.
"""

import pytest
from golden import make_screen_golden as msg
from golden_files import first_difference, read_lines


@pytest.mark.parametrize("name", sorted(msg.SESSIONS))
def test_screens_match_golden(name):
    want = read_lines("screens/%s.txt" % name)
    got = msg.run(name)
    assert got == want, first_difference(got, want)
