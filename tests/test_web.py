"""The game in a web page (make web), driven in a real headless Chromium.

The page runs the device's firmware on MicroPython's WebAssembly port. Opened with
`?manual` it runs a frame only when asked (pocketTable.stepWith / step), so every check
here is exact: the canvas is read back pixel by pixel (a panel pixel is lit where its
dot is bright) and compared with the simulator's screen bytes for the same inputs.
Without Chromium (or Playwright, or npm for the pinned runtime) the tests skip and say
how to get it.
"""

import base64
import io
import os
import zlib

import pytest
from golden import make_screen_golden as msg

from firmware import buttons as btn
from firmware import games
from host_sim import device, web

WHY = web.why_no_browser()
pytestmark = pytest.mark.skipif(WHY is not None, reason="web page: %s" % WHY)

STEPS = {"bot": 40, "random": 40, "frames": 160}  # steps of each game's screen session
STORE = "pocket-table/saves/"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = str(tmp_path_factory.mktemp("web"))
    try:
        web.build(folder)
    except web.WebError as e:
        pytest.skip("web page: %s" % e)
    srv, base = web.serve_in_thread(folder)
    yield base
    srv.shutdown()


@pytest.fixture(scope="module")
def browser(site):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = web.launch(p)
        yield b
        b.close()


def open_page(browser, site, suffix="?manual"):
    """A page in a fresh browser profile (empty storage), booted."""
    page = browser.new_context().new_page()
    page.goto(site + suffix)
    web.wait_ready(page)
    return page


def canvas(page):
    return bytes.fromhex(page.evaluate("window.pocketTable.canvasHex()"))


def seen(board):
    """What the simulated panel shows: its bytes, inverted as the panel is."""
    buf = device.screen_bytes(board)
    return bytes(b ^ 0xFF for b in buf) if board.bus.inverted else buf


def differ(got, want):
    """How many pixels differ, and the first (x, y)."""
    n, first = 0, None
    for i in range(1024):
        d = got[i] ^ want[i]
        if d:
            n += bin(d).count("1")
            if first is None:
                first = (i % 128, (i // 128) * 8 + (d & -d).bit_length() - 1)
    return "%d pixels differ, first at %s" % (n, first)


def assert_same(page, board, what):
    got, want = canvas(page), seen(board)
    assert got == want, "%s: %s" % (what, differ(got, want))


def step(page, pressed=0, held=None):
    page.evaluate(
        "([p, h]) => window.pocketTable.stepWith(p, h)",
        [pressed, pressed if held is None else held],
    )


def py(page, code, name=None):
    return page.evaluate("([c, n]) => window.pocketTable.py(c, n)", [code, name])


# ---- every game: the canvas equals the simulator's screen, step by step ------------------


def session_for(gid):
    every = msg.sessions(games.ids())
    name = (
        gid + "_bot" if gid + "_bot" in every else sorted(n for n in every if every[n][0] == gid)[0]
    )
    return every[name]


def simulate(tmp_path, gid):
    """The game's screen session (tests/golden), cut short, in the simulator: the steps
    (resumed first?, mask, an idle frame after?) and the panel after each."""
    from shared_rules.rng import Rng

    _game, seed, options, steps, mode = session_for(gid)
    app, board, _ = device.make(str(tmp_path / gid))
    app.start_game(gid, seed=seed, options=options, resume=False)
    rng = Rng(seed + 99)
    out = []
    for i in range(min(steps, STEPS[mode])):
        resume = not msg.in_game(app)
        if resume:
            app.start_game(gid, seed=seed, options=options, resume=True)
        if mode == "random":
            mask = msg.KEYS[rng.below(6)]
        elif mode == "bot":
            mask = app.screen.bot_press() if i % 7 else msg.KEYS[rng.below(6)]
        else:
            r = rng.below(40)
            mask = msg.KEYS[r] if r < 6 else 0
        app.frame(mask, mask)
        if mode != "frames":
            app.frame(0, 0)
        out.append(((resume, mask, mode != "frames"), seen(board)))
    return seed, options, out


PLAY_JS = """([start, again, steps]) => {
  const pt = window.pocketTable;
  pt.py(start);
  const out = [];
  for (const [resume, mask, idle] of steps) {
    if (resume) pt.py(again);
    pt.stepWith(mask, mask);
    if (idle) pt.stepWith(0, 0);
    out.push(pt.canvasHex());
  }
  return out;
}"""


@pytest.mark.parametrize("gid", games.ids())
def test_canvas_shows_the_simulators_screen(browser, site, tmp_path, gid):
    seed, options, sim = simulate(tmp_path, gid)
    call = "pt_runner.app.start_game(%r, seed=%d, options=%r, resume=%%s)" % (gid, seed, options)
    page = open_page(browser, site)
    shown = page.evaluate(PLAY_JS, [call % "False", call % "True", [s for s, _ in sim]])
    for i, ((_resume, mask, _idle), want) in enumerate(sim):
        got = bytes.fromhex(shown[i])
        assert got == want, "%s step %d (%s): %s" % (gid, i, btn.mask_text(mask), differ(got, want))
    page.context.close()


# ---- the keys and the on-screen buttons ------------------------------------------------


def test_keys_and_touch_buttons_press_the_buttons(browser, site, tmp_path):
    page = open_page(browser, site)
    app, board, _ = device.make(str(tmp_path))
    step(page)
    app.frame(0, 0)
    assert_same(page, board, "the launcher")
    for key, mask in (("ArrowDown", btn.DOWN), ("ArrowUp", btn.UP), ("z", btn.A), ("x", btn.B)):
        page.keyboard.press(key)
        page.evaluate("window.pocketTable.step()")
        app.frame(mask, 0)
        assert_same(page, board, key)
    for key, mask in (("Home", btn.UP | btn.LEFT), ("3", btn.DOWN | btn.RIGHT), ("k", btn.B)):
        page.keyboard.down(key)
        assert page.evaluate("window.pocketTable.held") == mask, key
        page.keyboard.up(key)
        page.evaluate("window.pocketTable.step()")  # the press latched; B: nothing to leave
        app.frame(mask, 0)
    assert page.evaluate("window.pocketTable.held") == 0
    page.click("#pads button[aria-label=A]")
    page.evaluate("window.pocketTable.step()")
    app.frame(btn.A, 0)
    assert_same(page, board, "the on-screen A")
    button = page.locator("#pads button[aria-label='down right']")
    button.dispatch_event("pointerdown", {"pointerId": 7})
    assert page.evaluate("window.pocketTable.held") == btn.DOWN | btn.RIGHT
    button.dispatch_event("pointerup", {"pointerId": 7})
    page.context.close()


# ---- saves in the browser's storage ------------------------------------------------------


def stored_files(page):
    """The app's files as the page keeps them (localStorage, base64)."""
    items = page.evaluate(
        "Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))"
    )
    return {k[len(STORE) :]: base64.b64decode(v) for k, v in items.items() if k.startswith(STORE)}


def sim_with_files(tmp_path, files):
    root = tmp_path / "sim"
    os.makedirs(root / "saves")
    for name, data in files.items():
        (root / "saves" / name).write_bytes(data)
    return device.make(str(root))


BOT_JS = """([n]) => {
  const pt = window.pocketTable;
  for (let i = 0; i < n; i++) {
    const m = pt.runner.bot_press();
    pt.stepWith(m, m);
    pt.stepWith(0, 0);
  }
}"""


def test_a_reload_resumes_the_saved_game(browser, site, tmp_path):
    page = open_page(browser, site)
    py(page, "pt_runner.app.start_game('hang10', seed=5, resume=False)")
    for _ in range(40):
        page.evaluate(BOT_JS, [5])
        if "hang10.sav" in stored_files(page):
            break
    assert "hang10.sav" in stored_files(page), "no save after a turn"
    page.evaluate(BOT_JS, [3])  # in the middle of the next turn
    page.reload()  # the page saves the game where it stands as it goes
    web.wait_ready(page)
    assert page.evaluate("localStorage.getItem('pocket-table/open')") == "hang10"
    files = stored_files(page)
    step(page)
    app, board, drv = sim_with_files(tmp_path, files)
    app.start_game("hang10", resume=True)
    app.frame(0, 0)
    assert msg.in_game(app)
    assert_same(page, board, "the resumed game")
    # the replay across the reload plays back to the same screen
    page.evaluate(BOT_JS, [4])
    with page.expect_download() as dl:
        page.click("#download")
    with open(dl.value.path()) as f:
        text = f.read()
    assert dl.value.suggested_filename == "hang10.rep"
    _app, board2 = replay_in_sim(tmp_path, text)
    assert_same(page, board2, "the downloaded replay")
    page.click("#share")  # the same replay as a link
    page.wait_for_function("document.getElementById('link').value !== ''")
    link = page.input_value("#link")
    assert link.startswith(site + "#replay=")
    page.context.close()
    watch = open_page(browser, site, "?manual" + link[len(site) :])
    watch.evaluate(FINISH_JS)
    assert_same(watch, board2, "the shared link")
    watch.context.close()


def test_a_damaged_stored_save_gives_the_notice(browser, site, tmp_path):
    page = open_page(browser, site)
    junk = "pocket-table save 2\ngame hang10\nseed 12\n--\nnot a state %%"
    stored = base64.b64encode(junk.encode()).decode()
    page.add_init_script(  # before the next load's own script (this one's pagehide is past)
        "localStorage.setItem(%r, %r); localStorage.setItem('pocket-table/open', 'hang10');"
        % (STORE + "hang10.sav", stored)
    )
    page.reload()
    web.wait_ready(page)
    step(page)
    app, board, _ = sim_with_files(tmp_path, {"hang10.sav": junk.encode()})
    app.start_game("hang10", resume=True)
    app.frame(0, 0)
    assert app.toast and app.toast.startswith("hang10.sav"), app.toast
    assert_same(page, board, "the notice over a new game")
    assert "hang10.sav.bad" in stored_files(page)
    assert "Traceback" not in page.inner_text("body")
    page.context.close()


def test_a_stored_entry_that_is_not_base64_is_damage_too(browser, site, tmp_path):
    page = open_page(browser, site)
    bad = '{"contrast": 9}'  # not base64: the page hands the text over as it is
    page.add_init_script("localStorage.setItem('pocket-table/saves/settings.json', '%s')" % bad)
    page.reload()
    web.wait_ready(page)
    step(page)
    app, board, _ = sim_with_files(tmp_path, {"settings.json": bad.encode()})
    app.frame(0, 0)
    assert app.toast == "settings.json: reset (contrast out of range)", app.toast
    assert_same(page, board, "the settings' notice")
    page.context.close()


# ---- replays: a link, a dropped file, damage --------------------------------------------


def replay_in_sim(tmp_path, text):
    from firmware import gamescreen, reading

    fields = reading.read_header(io.StringIO(text), gamescreen.REPLAY_HEAD)
    app, board, drv = device.make(str(tmp_path / ("replay%d" % len(os.listdir(tmp_path)))))
    drv.replay(
        fields["game"],
        fields["seed"],
        fields["options"],
        fields["inputs"],
        profile=fields["profile"],
    )
    return app, board


def packed(text):
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = c.compress(text.encode()) + c.flush()
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def a_replay(tmp_path):
    """A Snafu match part played, with the A+B hold (a resume of its save) in it."""
    app, board, drv = device.make(str(tmp_path / "rec"))
    app.start_game("snafu", seed=4, options={"variant": 6}, resume=False)
    drv.keys("A,-*30,LEFT,-*20,UP,-*10,A+B*21")
    app.start_game("snafu", resume=True)
    drv.keys("-*5,A,-*25,RIGHT,-*15")
    from firmware import reading

    return reading.replay_text(app.screen)


FINISH_JS = """() => {
  const pt = window.pocketTable;
  let n = 0;
  while (pt.runner.replay_left() > 0) { pt.stepWith(0, 0); n++; }
  return n;
}"""


def test_a_replay_link_and_a_dropped_file_play_back_exactly(browser, site, tmp_path):
    text = a_replay(tmp_path)
    _app, board = replay_in_sim(tmp_path, text)
    page = open_page(browser, site, "?manual#replay=" + packed(text))
    assert page.evaluate(FINISH_JS) > 100
    assert_same(page, board, "the replay from the link")
    assert "over" in page.inner_text("#status")
    page.context.close()
    page = open_page(browser, site)
    page.evaluate(
        """(text) => {
          const dt = new DataTransfer();
          dt.items.add(new File([text], "snafu.rep", { type: "text/plain" }));
          window.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, cancelable: true }));
        }""",
        text,
    )
    page.wait_for_function("window.pocketTable.runner.replay_left() > 0")
    page.evaluate(FINISH_JS)
    assert_same(page, board, "the dropped replay")
    page.context.close()


@pytest.mark.parametrize(
    "fragment, says",
    [
        ("#replay=AAAA%%", "This replay link is damaged"),
        (
            "#replay=" + packed("pocket-table replay 1\ngame nosuch\nseed 1\noptions {}\n"),
            "no game",
        ),
        ("#replay=" + packed("hello"), "cannot be played: not a replay file"),
    ],
)
def test_a_bad_replay_link_gets_one_line(browser, site, tmp_path, fragment, says):
    page = open_page(browser, site, "?manual" + fragment)
    status = page.inner_text("#status")
    assert says in status and "\n" not in status.strip(), status
    step(page)
    app, board, _ = device.make(str(tmp_path))
    app.frame(0, 0)
    assert_same(page, board, "your own launcher")
    page.context.close()
