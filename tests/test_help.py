"""Every registered game's on-device help pages: shape, screen limits, controls, MicroPython,
and the pages opened over a game from its pause menu."""

import importlib
import re

import pytest

from firmware import games, reading
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
    names = [n for n in dir(mod) if not n.startswith("__")]
    assert names in (["PAGES"], ["PAGES", "SHOTS"])


@pytest.mark.parametrize("gid", GAME_IDS)
def test_help_module_shots_are_well_formed(gid):
    rules = games.rules(gid)
    for name, caption, options, steps in getattr(help_module(gid), "SHOTS", ()):
        assert name.isidentifier() and caption and caption == caption.strip()
        rules.new(1, options)  # options the game takes
        assert steps in (None, "half") or (type(steps) is int and steps >= 0)


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


# ---- help from the pause menu, over the game -----------------------------------


def _pause_to_help(d, screen):
    d.keys("B")  # nothing to cancel: the pause menu
    assert screen.pause == 0
    d.keys("DOWN," * screen.PAUSE.index("Help") + "A")
    assert screen.pause == -1 and screen.help is not None


@pytest.mark.parametrize("gid", GAME_IDS)
def test_pause_menu_help_over_the_game_and_replayed(tmp_path, gid):
    from firmware import app as appmod
    from firmware import gamescreen
    from host_sim import device

    app, board, d = device.make(str(tmp_path / "play"))
    screen = app.start_game(gid, seed=5, options=None, resume=False)
    d.idle(3)
    rules = screen.rules
    before = rules.dump(screen.s)
    _pause_to_help(d, screen)
    pages = screen.help.pages
    assert app.screen is screen  # the pages are drawn by the game screen: presses are logged
    assert device.text_on_screen(board, pages[0][1], 10)
    d.keys("RIGHT,LEFT,DOWN,UP,RIGHT")  # pages turn; nothing reaches the game
    assert screen.help.page == 1 % len(pages)
    assert device.text_on_screen(board, pages[1 % len(pages)][0], 1)
    d.idle(40)  # a real-time game does not run under the help pages
    assert rules.dump(screen.s) == before
    d.keys("B")
    assert screen.help is None and screen.pause == -1 and app.screen is screen
    assert rules.dump(screen.s) == before
    for _ in range(30):  # then the game goes on, and a replay of it all is exact
        d.keys("A")
        d.idle(4)
        if screen.finished:
            break
    saves = tmp_path / "play" / "saves"
    if screen.finished:  # the journal became the last game's replay
        name = gid + ".last.rep"
    else:  # save & exit: the journal is the replay so far
        d.keys("A+B*%d" % appmod.CHORD_FRAMES)
        assert app.screen is not screen
        name = gid + ".in"
    with open(str(saves / name)) as f:
        fields = reading.read_header(f, gamescreen.REPLAY_HEAD)
    app2, board2, d2 = device.make(str(tmp_path / "replay"))
    d2.replay(gid, fields["seed"], fields["options"], fields["inputs"], tail=0)
    if screen.finished:
        assert rules.dump(app2.screen.s) == rules.dump(screen.s)
    else:  # the replay saved and left at the same frame
        with open(str(tmp_path / "replay" / "saves" / (gid + ".sav"))) as f:
            assert f.read().split("\n--\n", 1)[1] == rules.dump(screen.s)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_options_screen_opens_help_and_comes_back(tmp_path, gid):
    from firmware import games
    from firmware.launcher import OptionsScreen
    from firmware.menus import HelpScreen
    from host_sim import device

    rules = games.rules(gid)
    if not rules.OPTIONS:
        pytest.skip("no options screen (its help is in the game menu)")
    app, board, d = device.make(str(tmp_path / "play"))
    options = OptionsScreen(app, gid, rules)
    app.go(options)
    d.idle(2)
    d.keys("UP")  # from the first row up: the last row, Help
    assert any(device.text_on_screen(board, "Help", y) for y in range(57))
    d.keys("A")
    assert isinstance(app.screen, HelpScreen)
    pages = app.screen.pages
    assert device.text_on_screen(board, pages[0][1], 10)
    d.keys("B")
    assert app.screen is options  # back where the person was, options as chosen
