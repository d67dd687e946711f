"""Every screen of every game, drawn: no text runs past the panel's edge, and the
lines a screen builds for its fixed 16-column slots (prompts, info, labels, notices)
fit them, so nothing is cut."""

import framebuf as fbstub  # noqa: E402 - host_sim puts its stand-in first on the path
import pytest

import host_sim  # noqa: F401
from firmware import games, gfx, launcher
from firmware.ui import cardgfx
from host_sim import device

W, H = 128, 64


@pytest.fixture
def texts(monkeypatch):
    """Every fb.text call as (text, x, y)."""
    seen = []
    real = fbstub.FrameBuffer.text

    def text(self, s, x, y, c=1):
        if self._s.width == W and self._s.height == H:  # the panel, not a glyph
            seen.append((s, x, y))
        return real(self, s, x, y, c)

    monkeypatch.setattr(fbstub.FrameBuffer, "text", text)
    return seen


_INK = {}


def ink_width(s):
    """Columns from the text's left edge to its last lit pixel (the font leaves a
    blank column at the right of most characters)."""
    if s not in _INK:
        w = 8 * len(s)
        fb = fbstub.FrameBuffer(bytearray(w + 8), w + 8, 8, fbstub.MONO_VLSB)
        _real_text(fb, s, 0, 0, 1)
        lit = [x for x in range(w) for y in range(8) if fb.pixel(x, y)]
        _INK[s] = max(lit) + 1 if lit else 0
    return _INK[s]


_real_text = fbstub.FrameBuffer.text


def assert_on_panel(seen, where):
    for s, x, y in seen:
        assert x >= 0 and x + ink_width(s) <= W, (where, s, x, y)
        assert y >= 0 and y + 8 <= H, (where, s, x, y)


def play_out(app, screen, hint_every, limit):
    """The game's own computer presses to its end (at most `limit`), asking for a hint
    every `hint_every` presses (0: never)."""
    steps = 0
    while not screen.finished and steps < limit:
        if hint_every and steps % hint_every == 0:
            screen.ask_hint()
            app.frame(0, 0)
        m = screen.bot_press()
        app.frame(m, m)
        app.frame(0, 0)
        steps += 1


def visit_menus(app, d):
    d.idle()
    app.go(launcher.Settings(app))
    d.idle()
    app.go(launcher.ButtonTest(app))
    d.keys("UP+LEFT,A+B")
    app.go(launcher.About(app))
    d.idle()
    for gid in games.ids():
        app.go(launcher.GameMenu(app, gid))
        d.idle()
        app.go(launcher.StatsScreen(app, gid))
        d.idle()
        rules = games.rules(gid)
        if rules.OPTIONS:
            screen = launcher.OptionsScreen(app, gid, rules)
            app.go(screen)
            for i, (_key, _label, values, _default, _help) in enumerate(rules.OPTIONS):
                screen.index = i
                for _ in values:
                    d.keys("RIGHT")


def test_the_launcher_and_its_screens_fit(tmp_path, texts):
    app, _board, d = device.make(str(tmp_path))
    visit_menus(app, d)
    assert texts
    assert_on_panel(texts, "menus")


@pytest.mark.parametrize("gid", games.ids())
def test_a_whole_game_with_hints_pause_and_help_fits(tmp_path, texts, gid):
    for seed in (1, 2):
        app, _board, d = device.make(str(tmp_path / str(seed)))
        screen = app.start_game(gid, seed=seed, resume=False)
        d.idle()
        screen.open_pause()
        d.idle()
        d.keys("B")
        play_out(app, screen, 7 if screen.rules.KIND == "turns" else 0, 20000)
        assert screen.finished, gid
        d.idle(40)
    assert_on_panel(texts, gid)


def test_hang10s_own_lines_fit_their_slots(tmp_path, monkeypatch):
    """Its info and prompt lines are built for 16 columns: none is longer (a card
    takes two)."""
    from firmware.play import hang10_screen

    long = []
    for name in ("info", "prompt"):
        real = getattr(hang10_screen.Hang10Screen, name)

        def wrapped(self, real=real, name=name):
            text = real(self)
            if rich_len(text) > gfx.CHARS:
                long.append((name, text))
            return text

        monkeypatch.setattr(hang10_screen.Hang10Screen, name, wrapped)
    for seed in range(1, 6):
        app, _board, _d = device.make(str(tmp_path / str(seed)))
        screen = app.start_game("hang10", seed=seed, resume=False)
        play_out(app, screen, 5, 3000)
    assert not long, long[:5]


def test_a_long_notice_is_shown_whole_on_two_lines(tmp_path, texts):
    app, _board, d = device.make(str(tmp_path))
    d.idle()
    app.notice("settings.json: reset (too deep)")
    d.idle(1)
    shown = [s for s, _x, y in texts if y >= 46]
    assert "settings.json:" in shown and "reset (too deep)" in shown


def rich_len(text):
    """Columns `text` takes in cardgfx.rich_text (a card character takes two)."""
    return sum(2 if ord(ch) >= cardgfx.CARD_CODE else 1 for ch in text)
