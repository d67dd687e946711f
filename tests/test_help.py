"""Every registered game's on-device help pages: shape, screen limits, controls, MicroPython."""

import importlib
import re

import pytest

from firmware import games
from mpvm import run_mp

TITLE_MAX = 14  # the title bar
LINE_MAX = 16  # 16 characters of the 8x8 font
LINES_MAX = 6  # text lines below the title bar
DPAD = ("d-pad", "UP", "DOWN", "LEFT", "RIGHT")

# Button words each game's help must name on one page (beyond A, B and a d-pad word).
CONTROLS = {
    "hang10": ("UP", "LEFT", "RIGHT"),  # UP is the hint; LEFT/RIGHT move the cursor
    "snafu": ("d-pad",),
}

GAME_IDS = [g[0] for g in games.GAMES]


def help_module(gid):
    return importlib.import_module(games.entry(gid)[4])


def words(page):
    """The page's words: 'A+B' gives A and B, 'd-pad' stays one word."""
    return set(re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)*", " ".join(page)))


@pytest.fixture(params=GAME_IDS)
def pages(request):
    return help_module(request.param).PAGES


def test_every_game_has_help():
    assert GAME_IDS  # the registry is not empty
    for gid in GAME_IDS:
        assert games.entry(gid)[4], gid


@pytest.mark.parametrize("gid", GAME_IDS)
def test_help_module_holds_only_pages(gid):
    mod = help_module(gid)
    assert mod.__doc__
    assert [n for n in dir(mod) if not n.startswith("__")] == ["PAGES"]


def test_pages_are_a_non_empty_tuple_of_tuples(pages):
    assert isinstance(pages, tuple) and pages
    for page in pages:
        assert isinstance(page, tuple), page
        for text in page:
            assert isinstance(text, str), page


def test_titles_fit_the_title_bar(pages):
    for page in pages:
        assert page[0].strip(), page
        assert len(page[0]) <= TITLE_MAX, page[0]


def test_one_to_six_lines_per_page(pages):
    for page in pages:
        assert 1 <= len(page) - 1 <= LINES_MAX, page


def test_lines_fit_the_screen(pages):
    for page in pages:
        for line in page[1:]:
            assert len(line) <= LINE_MAX, (page[0], line)


def test_printable_ascii_without_trailing_spaces(pages):
    for page in pages:
        for text in page:
            assert all(" " <= ch <= "~" for ch in text), (page[0], text)
            assert text == text.rstrip(), (page[0], text)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_help_names_the_controls(gid):
    need = ("A", "B") + CONTROLS.get(gid, ())
    for page in help_module(gid).PAGES:
        found = words(page)
        if all(w in found for w in need) and any(w in found for w in DPAD):
            return
    pytest.fail("%s: no page names the buttons %s and a d-pad word" % (gid, ", ".join(need)))


def test_words_helper():
    assert words(("Hold A+B: save", "d-pad: steer")) == {"Hold", "A", "B", "save", "d-pad", "steer"}


@pytest.mark.parametrize("gid", GAME_IDS)
def test_help_imports_in_micropython(gid):
    name = games.entry(gid)[4]
    n = len(help_module(gid).PAGES)
    out = run_mp("import %s as m\nprint(len(m.PAGES))\n" % name)  # mpvm.HEAP: 64 KB
    assert out.split() == [str(n)]
