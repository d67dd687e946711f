"""python -m host_sim [sim|play|run|shot|replay|shots] ... (see README.md)."""

import argparse
import json
import os
import shutil
import sys
import tempfile

import host_sim
from host_sim import device

DEFAULT_ROOT = os.path.join(host_sim.ROOT, ".sim")
GAME_IDS = ("hang10", "snafu")


def _rules(game):
    if game not in GAME_IDS:
        raise SystemExit("host_sim: unknown game %r (games: %s)" % (game, ", ".join(GAME_IDS)))
    __import__("shared_rules." + game)
    return sys.modules["shared_rules." + game]


def _player(rules, name, seed):
    if name == "best":
        return rules.best_move
    from shared_rules.rng import Rng

    __import__("shared_rules.%s_ai" % rules.NAME)
    ai = sys.modules["shared_rules.%s_ai" % rules.NAME]
    if name == "greedy":
        return ai.greedy
    rng = Rng(seed ^ 0x5EED)
    return lambda s: ai.random_move(s, rng)


def autoplay(game, seed, player="best", max_moves=100000, options=None):
    """Play one game by computer at the rules level; return its summary dict."""
    if game == "snafu":
        return autoplay_snafu(seed, options or {}, player)
    rules = _rules(game)
    s = rules.new(seed, options)
    choose = _player(rules, player, seed)
    n = 0
    while not rules.over(s):
        rules.play(s, choose(s))
        n += 1
        if n > max_moves:
            raise RuntimeError("game %s seed %d did not end in %d moves" % (game, seed, max_moves))
    return {
        "game": game,
        "seed": seed,
        "player": player,
        "score": rules.score(s),
        "wipeouts": s.wipeouts,
        "wiped_cards": len(s.wiped),
        "kicks": s.kicks,
        "turns": s.turn,
        "moves": n,
    }


def autoplay_snafu(seed, options, red="classic"):
    """One Snafu round with red driven by a computer player instead of a person."""
    from shared_rules import snafu as sn

    opts = dict(options)
    opts["humans"] = 1
    s = sn.new(seed, opts)
    if red == "smart":
        from shared_rules import snafu_ai

        steer_red = snafu_ai.smart_dir
    else:
        steer_red = sn.classic_dir
    while not sn.over(s):
        m = sn.steer(s, sn.RED, steer_red(s, sn.RED)) if s.alive[sn.RED] else 0
        sn.play(s, m)
    o = s.opts
    return {
        "game": "snafu",
        "seed": seed,
        "variant": sn.variant_number(o["trails"], o["diagonal"], o["vanish"], o["obstacles"]),
        "red": red,
        "others": o["others"],
        "winner": sn.winner_name(s),
        "ticks": s.tick,
        "lengths": [s.length[t] for t in range(4) if s.playing[t]],
    }


def snafu_options(args):
    """--variant, or --trails/--diagonal/--vanish/--obstacles, plus --speed and --others."""
    o = {}
    if getattr(args, "variant", None):
        o["variant"] = args.variant
    else:
        o["trails"] = args.trails
        o["diagonal"] = args.diagonal
        o["vanish"] = args.vanish
        o["obstacles"] = args.obstacles
    o["others"] = args.others
    if getattr(args, "speed", None):
        o["speed"] = args.speed
    return o


def game_options(args):
    if args.game != "snafu":
        return None
    o = snafu_options(args)
    if getattr(args, "players", None):
        o["humans"] = args.players
    if getattr(args, "rounds", None):
        o["rounds"] = args.rounds
    return o


def cmd_run(args):
    if not args.auto:
        raise SystemExit("host_sim run: only --auto (the computer plays) is available")
    total = 0
    wins = {}
    for i in range(args.games):
        if args.game == "snafu":
            result = autoplay_snafu(args.seed + i, snafu_options(args), args.red)
            wins[result["winner"]] = wins.get(result["winner"], 0) + 1
        else:
            result = autoplay(args.game, args.seed + i, args.player)
            total += result["score"]
        if args.json:
            print(json.dumps(result), flush=True)
        elif args.game == "snafu":
            print("seed %(seed)d: variant %(variant)d, %(winner)s after %(ticks)d ticks" % result)
        else:
            print(
                "seed %(seed)d: score %(score)d, wipe-outs %(wipeouts)d, %(moves)d moves" % result
            )
    if not args.json and args.games:
        if args.game == "snafu":
            print("wins: " + ", ".join("%s %d" % kv for kv in sorted(wins.items())))
        else:
            print("mean score %.2f over %d games" % (total / args.games, args.games))


def _prepare_root(root, fresh=False):
    if fresh and os.path.isdir(root):
        shutil.rmtree(root)
    os.makedirs(root, exist_ok=True)
    return root


def cmd_sim(args, game=None):
    from host_sim import terminal

    app, board, _ = device.make(_prepare_root(args.root))
    if game:
        app.start_game(game, seed=args.seed, options=game_options(args), resume=args.seed is None)

    def on_quit(app):
        if getattr(args, "record", None):
            _write_record(app, args.record)

    terminal.run(app, board, on_quit)


def _write_record(app, path):
    """The game on screen, else the last finished game, as a replay file."""
    from firmware import gamescreen

    screen = app.screen
    if isinstance(screen, gamescreen.GameScreen):
        text = screen.replay_text()
    else:
        reps = [n for n in os.listdir(app.store.dir) if n.endswith(".last.rep")]
        if not reps:
            print("no game to record")
            return
        newest = max(reps, key=lambda n: os.path.getmtime(app.store.path(n)))
        with open(app.store.path(newest)) as f:
            text = f.read()
    with open(path, "w") as f:
        f.write(text)
    print("recorded to %s" % path)


def cmd_play(args):
    _rules(args.game)
    cmd_sim(args, game=args.game)


def _output_screen(board, png_path, scale):
    buf = device.screen_bytes(board)
    if png_path:
        from host_sim import png

        png.save(buf, png_path, scale)
        print("wrote %s" % png_path)
    else:
        from host_sim import terminal

        print(terminal.render(buf))


def cmd_shot(args):
    _rules(args.game)
    root = args.root if args.root_given else tempfile.mkdtemp(prefix="pt-shot-")
    app, board, driver = device.make(_prepare_root(root, fresh=not args.root_given))
    app.start_game(args.game, seed=args.seed, options=game_options(args), resume=False)
    driver.keys(args.keys or "")
    driver.idle(1)
    _output_screen(board, args.png, args.scale)


def cmd_replay(args):
    from firmware import gamescreen

    try:
        with open(args.file) as f:
            first = f.readline().strip()
    except OSError as e:
        raise SystemExit("host_sim replay: cannot read %s: %s" % (args.file, e.strerror))
    from host_sim import fuzz_device

    if first == fuzz_device.SESSION_HEAD:
        return replay_session(args)
    try:
        with open(args.file) as f:
            fields = gamescreen.read_header(f, gamescreen.REPLAY_HEAD)
    except OSError as e:
        raise SystemExit("host_sim replay: cannot read %s: %s" % (args.file, e.strerror))
    except ValueError as e:
        raise SystemExit("host_sim replay: %s is not a replay: %s" % (args.file, e))
    rules = _rules(fields["game"])
    root = args.root if args.root_given else tempfile.mkdtemp(prefix="pt-replay-")
    app, board, driver = device.make(_prepare_root(root, fresh=not args.root_given))
    driver.replay(fields["game"], fields["seed"], fields["options"], fields["inputs"])
    screen = app.screen
    state = getattr(screen, "s", None)
    if state is not None:
        print(
            "%s seed %d: %d inputs, score %d%s"
            % (
                fields["game"],
                fields["seed"],
                len(fields["inputs"]),
                rules.score(state),
                " (game over)" if rules.over(state) else "",
            )
        )
    _output_screen(board, args.png, args.scale)


def replay_session(args):
    """A whole-app session (from power-on, e.g. a fuzz failure): play it back and report."""
    from firmware import app as appmod
    from firmware import gamescreen
    from host_sim import fuzz_device

    with open(args.file) as f:
        try:
            fields = gamescreen.read_header(f, fuzz_device.SESSION_HEAD)
        except ValueError as e:
            raise SystemExit("host_sim replay: %s is not a session: %s" % (args.file, e))
    root = args.root if args.root_given else tempfile.mkdtemp(prefix="pt-replay-")
    _prepare_root(root, fresh=not args.root_given)
    app, board = fuzz_device.replay_session(root, fields["inputs"])
    screen = app.screen
    print(
        "session seed %d: %d inputs; screen %s%s"
        % (
            fields["seed"],
            len(fields["inputs"]),
            screen.__class__.__name__,
            ", error: " + appmod._error_text(app.last_error) if app.last_error else "",
        )
    )
    rules = getattr(screen, "rules", None)
    if rules is not None:
        try:
            rules.check(screen.s)
        except ValueError as e:
            print("check failed: %s" % e)
    _output_screen(board, args.png, args.scale)


def cmd_shots(args):
    """Regenerate the README screenshots in docs/img/."""
    from host_sim import shots

    shots.make_all(os.path.join(host_sim.ROOT, "docs", "img"))


def build_parser():
    p = argparse.ArgumentParser(prog="python -m host_sim", description=__doc__)
    p.add_argument("--root", default=None, help="device filesystem folder (default .sim/)")
    sub = p.add_subparsers(dest="cmd")

    def common(sp):
        sp.add_argument("--root", default=None, help="device filesystem folder (default .sim/)")

    def snafu_args(sp, players=False):
        g = sp.add_argument_group("snafu options")
        g.add_argument("--variant", type=int, help="1-16 (docs/rules/snafu.md)")
        g.add_argument("--trails", type=int, choices=(2, 4), default=2)
        g.add_argument("--diagonal", action="store_true")
        g.add_argument("--vanish", action="store_true")
        g.add_argument("--obstacles", action="store_true")
        g.add_argument("--speed", type=int, choices=(1, 2, 3, 4))
        g.add_argument("--others", choices=("classic", "smart"), default="classic")
        if players:
            g.add_argument("--players", type=int, choices=(1, 2))
            g.add_argument("--rounds", type=int)

    sp = sub.add_parser("sim", help="the launcher in the terminal (the default)")
    common(sp)
    sp.add_argument("--record", help="write the game's replay to this file on quit")

    sp = sub.add_parser("play", help="straight into a game in the terminal")
    common(sp)
    sp.add_argument("game")
    sp.add_argument("--seed", type=int, default=None)
    sp.add_argument("--record", help="write the game's replay to this file on quit")
    snafu_args(sp, players=True)

    sp = sub.add_parser("run", help="headless games played by the computer")
    common(sp)
    sp.add_argument("game")
    sp.add_argument("--auto", action="store_true", help="the computer plays (required)")
    sp.add_argument("--games", type=int, default=1)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--player", choices=("best", "greedy", "random"), default="best")
    sp.add_argument("--json", action="store_true", help="one JSON object per game")
    sp.add_argument(
        "--red",
        choices=("classic", "smart"),
        default="classic",
        help="snafu: the computer player that drives red",
    )
    snafu_args(sp)

    sp = sub.add_parser("shot", help="scripted presses, then the screen (PNG or terminal)")
    common(sp)
    sp.add_argument("game")
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--keys", default="", help='e.g. "RIGHT,A,A" or "A+B*30"')
    sp.add_argument("--png", help="write a PNG here instead of printing the screen")
    sp.add_argument("--scale", type=int, default=4)
    snafu_args(sp, players=True)

    sp = sub.add_parser("replay", help="reproduce a recorded game exactly")
    common(sp)
    sp.add_argument("file")
    sp.add_argument("--png")
    sp.add_argument("--scale", type=int, default=4)

    sp = sub.add_parser("shots", help="regenerate the README screenshots")
    common(sp)

    sp = sub.add_parser("flash", help="build, then copy to the Pico over USB (see README)")
    sp.add_argument("--port", default=None, help="serial port (default: the one USB board found)")
    sp.add_argument("--build-dir", default=None, help="flash this build (default build/device/)")
    sp.add_argument("--no-build", action="store_true", help="flash the build as it is")

    for name, text in (
        ("bench", "memory, speed and display figures from the MicroPython VM (make bench)"),
        ("fuzz", "random input through the whole app (make fuzz)"),
        ("soak", "every game by computer for a long run in one VM process (make soak)"),
        ("picoemu", "an emulated Pico: set up, run a script, calibrate the bench"),
    ):
        sub.add_parser(name, help=text + "; --help for its options")

    sp = sub.add_parser("vboard", help="a virtual Pico on a pseudo-terminal, to flash and test")
    sp.add_argument("--dir", default=None, help="its filesystem folder (default: a new temp one)")
    sp.add_argument("-v", "--verbose", action="store_true", help="log VM restarts on stderr")
    return p


PASSTHROUGH = {
    "bench": "host_sim.bench",
    "fuzz": "host_sim.fuzz",
    "soak": "host_sim.soak",
    "picoemu": "host_sim.picoemu",
}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in PASSTHROUGH:
        __import__(PASSTHROUGH[argv[0]])
        return sys.modules[PASSTHROUGH[argv[0]]].main(argv[1:])
    args = build_parser().parse_args(argv)
    args.root_given = args.root is not None
    if args.root is None:
        args.root = DEFAULT_ROOT
    cmd = args.cmd or "sim"
    if cmd == "sim" and not hasattr(args, "record"):
        args.record = None
    handler = {
        "sim": cmd_sim,
        "play": cmd_play,
        "run": cmd_run,
        "shot": cmd_shot,
        "replay": cmd_replay,
        "shots": cmd_shots,
        "flash": lambda a: __import__("host_sim.flash", fromlist=["cmd"]).cmd(a),
        "vboard": lambda a: __import__("host_sim.vboard", fromlist=["cmd"]).cmd(a),
    }[cmd]
    handler(args)
