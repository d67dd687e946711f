"""The README screenshots, made by the simulator for every registered game (make shots).

Each game gets its options screen (when it has options) and the scenes its help module
lists in SHOTS: (name, caption, options, steps), the picture taken after `steps` steps
of the game's own computer presses (None: at the game's end). A game without SHOTS gets
a new game, the middle of a game and its end. Every game also gets GID.gif: the first
GIF_STEPS steps of a new game by its computer presses, at the device's frame rate.
"""

import importlib
import os
import tempfile

from firmware import games
from host_sim import device, gif, png

SEED = 7
GIF_STEPS = 120  # computer presses in a game's GIF (each a press and an idle frame)
DEFAULT_SHOTS = (
    ("start", "a new game", None, 0),
    ("play", "the middle of a game", None, "half"),
    ("over", "game over", None, None),
)


def bot_step(app):
    """One step of the screen's computer presses: its press, then an idle frame."""
    m = app.screen.bot_press()
    app.frame(m, m)
    app.frame(0, 0)


def play_steps(app, d, gid, options, steps, limit=20000):
    app.start_game(gid, seed=SEED, options=options, resume=False)
    d.idle()
    if steps == "half":
        steps = play_steps(app, d, gid, options, None) // 2
        app.start_game(gid, seed=SEED, options=options, resume=False)
        d.idle()
    n = 0
    while (n < steps) if steps is not None else not app.screen.finished:
        if n >= limit or app.screen.finished:
            raise RuntimeError("%s: the screenshot's step %r was not reached" % (gid, steps))
        bot_step(app)
        n += 1
    return n


def game_scenes(gid):
    title = games.title(gid)
    rules = games.rules(gid)
    out = []
    if rules.OPTIONS:

        def options_screen(app, d, gid=gid):
            d.keys("DOWN," * games.ids().index(gid) + "A")  # the launcher: the game's menu
            labels = app.screen.labels()
            d.keys("DOWN," * labels.index("New game") + "A")

        out.append((gid + "_options.png", title + ": options", options_screen))
    shots = getattr(importlib.import_module(games.entry(gid)[4]), "SHOTS", DEFAULT_SHOTS)
    for name, caption, options, steps in shots:

        def scene(app, d, gid=gid, options=options, steps=steps):
            play_steps(app, d, gid, options, steps)

        out.append(("%s_%s.png" % (gid, name), "%s: %s" % (title, caption), scene))
    return out


def scenes():
    """(file name, caption, function(app, driver)) for each screenshot."""

    def launcher(app, d):
        d.idle()

    def settings(app, d):
        d.keys("UP,UP,A")

    out = [("launcher.png", "The launcher", launcher), ("settings.png", "Settings", settings)]
    for gid in games.ids():
        out.extend(game_scenes(gid))
    return out


def gifs():
    """(file name, caption, game id) for each game's animated GIF."""
    return [(gid + ".gif", games.title(gid) + " in motion", gid) for gid in games.ids()]


def make_gif(gid, path, root):
    app, board, d = device.make(root)
    rec = gif.Recorder(app, board)
    app.start_game(gid, seed=SEED, resume=False)
    for _ in range(GIF_STEPS):
        if app.screen.finished:
            break
        bot_step(app)
    return rec.save(path, scale=2)


def make_all(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    for name, _caption, fn in scenes():
        with tempfile.TemporaryDirectory(prefix="pt-shots-") as root:
            app, board, d = device.make(root)
            fn(app, d)
            path = os.path.join(out_dir, name)
            png.save(device.screen_bytes(board), path, scale=3)
            print("wrote %s" % path)
    for name, _caption, gid in gifs():
        with tempfile.TemporaryDirectory(prefix="pt-shots-") as root:
            path = os.path.join(out_dir, name)
            frames, ms = make_gif(gid, path, root)
            print("wrote %s (%d frames, %.1f s)" % (path, frames, ms / 1000))
