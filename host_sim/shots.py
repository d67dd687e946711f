"""The README screenshots, made by the simulator from scripted presses (make shots)."""

import os
import tempfile

from host_sim import device, png
from shared_rules import hang10 as h

SEED = 7


def _bot_until(app, done, limit=4000):
    for _ in range(limit):
        if done(app.screen):
            return
        m = app.screen.bot_press()
        app.frame(m, m)
        app.frame(0, 0)
    raise RuntimeError("screenshot state not reached")


def scenes():
    """(file name, caption, function(app, driver)) for each screenshot."""

    def launcher(app, d):
        d.idle()

    def settings(app, d):
        d.keys("UP,UP,A")

    def hang10_draw(app, d):
        app.start_game("hang10", seed=SEED, resume=False)
        d.idle()

    def hang10_pick(app, d):
        app.start_game("hang10", seed=SEED, resume=False)
        _bot_until(app, lambda s: s.s.turn >= 9 and s.s.phase == h.PH_PLAY and s.picked >= 0)

    def hang10_kick(app, d):
        app.start_game("hang10", seed=SEED, resume=False)
        _bot_until(app, lambda s: s.s.phase == h.PH_KICK and h.wave_points(s.s, s.s.slot) >= 3)

    def hang10_over(app, d):
        app.start_game("hang10", seed=SEED, resume=False)
        d.autoplay()

    def snafu_options(app, d):
        d.keys("DOWN,A,A")  # Snafu -> New game -> options
        for _ in range(13):
            d.keys("RIGHT")  # variant 14: 4 trails, diagonal, obstacles

    def snafu_round(app, d):
        opts = {"variant": 10, "humans": 1, "speed": 2, "others": "smart", "rounds": 3}
        app.start_game("snafu", seed=SEED, options=opts, resume=False)
        d.keys("A")
        _bot_until(app, lambda s: s.s.tick >= 40)

    def snafu_over(app, d):
        opts = {"variant": 9, "humans": 1, "speed": 4, "others": "classic", "rounds": 3}
        app.start_game("snafu", seed=SEED, options=opts, resume=False)
        _bot_until(app, lambda s: s.mode == 2)  # the first round is over

    return (
        ("launcher.png", "The launcher", launcher),
        ("settings.png", "Settings", settings),
        ("hang10_start.png", "Hang 10: a new game, cursor on the pile", hang10_draw),
        ("hang10_play.png", "Hang 10: a card picked, legal waves marked", hang10_pick),
        ("hang10_kick.png", "Hang 10: kick out or keep surfin'?", hang10_kick),
        ("hang10_over.png", "Hang 10: game over", hang10_over),
        ("snafu_options.png", "Snafu: choose one of the 16 variations", snafu_options),
        ("snafu_round.png", "Snafu: 4 trails and obstacles, mid-round", snafu_round),
        ("snafu_over.png", "Snafu: a round won", snafu_over),
    )


def make_all(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    for name, _caption, fn in scenes():
        with tempfile.TemporaryDirectory(prefix="pt-shots-") as root:
            app, board, d = device.make(root)
            fn(app, d)
            path = os.path.join(out_dir, name)
            png.save(device.screen_bytes(board), path, scale=3)
            print("wrote %s" % path)
