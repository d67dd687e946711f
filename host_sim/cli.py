"""python -m host_sim [sim|play|run|shot|replay|shots] ... (see README.md)."""

import argparse
import io
import json
import os
import shutil
import sys
import tempfile

import host_sim
from host_sim import device

DEFAULT_ROOT = os.path.join(host_sim.ROOT, ".sim")
PLAYERS = ("best", "greedy", "random")


class UsageError(SystemExit):
    """Bad arguments: one line naming the problem; `main` exits with status 2 (the
    runtime failures, a file that cannot be read, exit with 1)."""

    def __init__(self, text):
        SystemExit.__init__(self, text)
        self.text = text


# Games whose rules, computer players and screens are built but that the device's
# launcher does not hold yet (docs/rules/ID.md, "Status": they do not fit its heap
# budget). `run --auto` plays them: their rules are the same on every side; the
# commands that open the device's screens take registered games only.
PREVIEW = ()


def _rules(game, preview=False):
    """The registered game's rules module (preview: or one of PREVIEW); one line naming
    the games otherwise."""
    from firmware import games

    if preview and game in PREVIEW and game not in games.ids():
        __import__("shared_rules." + game)
        return sys.modules["shared_rules." + game]
    if game not in games.ids():
        known = games.ids() + (list(PREVIEW) if preview else [])
        raise UsageError("host_sim: unknown game %r (games: %s)" % (game, ", ".join(known)))
    return games.rules(game)


def _player(rules, name, seed):
    """best: the rules' strong player; greedy and random: the baselines in ID_ai (its
    `greedy` and `random_move`, or its `choose(s, level)`); random, where the game has
    none of its own: a legal move drawn uniformly. A game with no greedy player says so."""
    if name == "best":
        return rules.best_move
    from shared_rules.rng import Rng

    ai_name = rules.__name__ + "_ai"
    try:
        __import__(ai_name)
        ai = sys.modules[ai_name]
    except ImportError:
        ai = None
    rng = Rng(seed ^ 0x5EED)
    if name == "greedy" and hasattr(ai, "greedy"):
        return ai.greedy
    if name == "random" and hasattr(ai, "random_move"):
        return lambda s: ai.random_move(s, rng)
    if hasattr(ai, "choose"):  # players by level: "strong", "greedy", "random"
        return lambda s: ai.choose(s, name)
    if name == "random" and hasattr(ai, "step"):  # a random order a turn (airsup)
        return lambda s: ai.step(s, "random")
    if name == "random":
        return lambda s: _any_move(rules, s, rng)
    players = [p for p in PLAYERS if p != name]
    raise UsageError(
        "host_sim: %s has no %s player (players: %s)" % (rules.NAME, name, ", ".join(players))
    )


# run --auto's players as a timed seat's policies (shared_rules.gnerts.POLICIES)
TIMED_POLICIES = {"best": "strong", "greedy": "greedy", "random": "random"}


def _clock(rules):
    """Every seat a computer on its timer: the one legal move, a tick or the next deal."""

    def move(s):
        return rules.moves(s)[0]

    return move


def _any_move(rules, s, rng):
    ms = rules.moves(s)
    return ms[rng.below(len(ms))]


class NoEnd(RuntimeError):
    """A headless game that went on past its move cap (players going round in circles)."""


def autoplay(game, seed, player="best", max_moves=200000, options=None):
    """Play one game (match) with every seat moved by the computer; its summary dict.

    Common keys (docs/contract.md): game, seed, options, player, scores (one per
    seat), winner (a seat, or None for a solo game or a draw), rounds (where the
    game has rounds), moves; then the game's own summary keys.
    """
    rules = _rules(game, preview=True)
    s = rules.new(seed, options, rules.PROFILE)
    choose = _player(rules, player, seed)
    if hasattr(rules, "set_seat") and "speed" in s.opts:
        # a real-time game whose computers act on timers (G'nerts): the person's seat
        # too, at the game's speed, not an action at every tick; the ticks pass by WAIT
        rules.set_seat(s, 0, TIMED_POLICIES[player], s.opts["speed"])
        choose = _clock(rules)
    # a game of many rounds gets room for them: G'nerts to 500 plays up to 250 rounds of
    # thousands of ticks (one game of 127 rounds at speed 1 took 219,648 moves)
    max_moves *= max(1, getattr(rules, "MAX_ROUNDS", 0) // 10)
    n = 0
    while not rules.over(s):
        rules.play(s, choose(s))
        n += 1
        if n > max_moves:
            raise NoEnd("host_sim: %s seed %d did not end in %d moves" % (game, seed, max_moves))
    winner = rules.winner(s)
    out = {
        "game": game,
        "seed": seed,
        "options": dict(options or {}),
        "player": player,
        "scores": list(rules.scores(s)),
        "winner": winner if winner >= 0 else None,
        "moves": n,
    }
    named = getattr(rules, "PLAYER_KEY", None)  # a game's own name for seat 0's player
    if named:
        out[named[0]] = named[1].get(player, player)
    summary = rules.summary(s)
    for key in summary:  # the game's own keys; `winner` stays the common one (a seat
        if key != "clean" and key != "winner":  # or None: a summary's -1 is a draw)
            out[key] = summary[key]
    return out


# the option flags every command takes: (flag, option key)
OPTION_FLAGS = (
    ("variant", "variant"),
    ("trails", "trails"),
    ("diagonal", "diagonal"),
    ("vanish", "vanish"),
    ("obstacles", "obstacles"),
    ("speed", "speed"),
    ("others", "others"),
    ("players", "humans"),
    ("rounds", "rounds"),
    ("rules", "rules"),
)


def game_options(args, game=None):
    """The options given on the command line that the game has (its rules check them:
    a bad value ends the command with one line)."""
    from shared_rules.contract import find_option

    gid = game or args.game
    rules = _rules(gid, preview=getattr(args, "cmd", None) == "run")
    table = tuple(rules.OPTIONS) + tuple(getattr(rules, "SWITCHES", ()))
    o = {}
    for flag, key in OPTION_FLAGS:
        value = getattr(args, flag, None)
        if value is None or value is False:
            continue
        if not find_option(table, key):  # a flag for another game's option: said, not lost
            raise UsageError("host_sim: %s has no --%s (%s)" % (gid, flag, _option_names(table)))
        o[key] = value
    for item in getattr(args, "opt", None) or ():
        key, sep, value = item.partition("=")
        if not sep:
            raise UsageError("host_sim: --opt takes KEY=VALUE, got %r" % item)
        try:
            value = json.loads(value)
        except ValueError:
            pass
        if key in o and o[key] != value:
            raise UsageError("host_sim: %s given twice: %r and %r" % (key, o[key], value))
        o[key] = value
    try:
        rules.new(1, o)
    except ValueError as e:
        raise UsageError("host_sim: %s" % e)
    return o or None


def _option_names(table):
    names = [o[0] for o in table]
    return "its options: " + ", ".join(names) if names else "it has no options"


def cmd_run(args):
    if not args.auto:
        raise UsageError("host_sim run: only --auto (the computer plays) is available")
    if args.seed + args.games - 1 > SEED_MAX:  # each game's seed can be played again alone
        raise UsageError(
            "host_sim run: --seed %d with --games %d goes past the last seed, %d"
            % (args.seed, args.games, SEED_MAX)
        )
    options = game_options(args)
    player = args.player
    if args.red is not None:  # Snafu's older flag: how the red trail is steered
        if args.game != "snafu":
            raise UsageError("host_sim run: --red is Snafu's (the red trail's player)")
        player = "best" if args.red == "smart" else "greedy"
    total = 0
    for i in range(args.games):
        try:
            result = autoplay(args.game, args.seed + i, player, options=options)
        except NoEnd as e:  # one line, status 1 (a runtime failure), not a traceback
            raise SystemExit(str(e)) from None
        total += result["scores"][0]
        if args.json:
            print(json.dumps(result), flush=True)
        else:
            print(
                "seed %d: scores %s, winner %s, %d moves"
                % (result["seed"], result["scores"], result["winner"], result["moves"])
            )
    if not args.json and args.games:
        print("mean score %.2f over %d games" % (total / args.games, args.games))


def _prepare_root(root, fresh=False):
    """The simulated device's folder, made if need be; one line if it cannot be used."""
    if not root:
        raise UsageError("host_sim: --root needs a folder name")
    if os.path.exists(root) and not os.path.isdir(root):
        raise UsageError("host_sim: --root %s is a file, not a folder" % root)
    try:
        if fresh and os.path.isdir(root):
            shutil.rmtree(root)
        os.makedirs(os.path.join(root, "saves"), exist_ok=True)
        probe = os.path.join(root, "saves", ".pt-write-test")
        with open(probe, "w") as f:
            f.write("")
        os.remove(probe)
    except OSError as e:
        raise SystemExit(
            "host_sim: cannot use %s as the device's folder (%s): choose another with --root"
            % (root, e.strerror or e)
        ) from None
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
    from firmware import gamescreen, reading

    screen = app.screen
    if isinstance(screen, gamescreen.GameScreen):
        text = reading.replay_text(screen)
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


PLAY_DIR = "play"  # `play` keeps its files apart from the launcher's (.sim/play/)


def cmd_play(args):
    _rules(args.game)
    if not args.root_given:  # never over the launcher's saved game
        args.root = os.path.join(DEFAULT_ROOT, PLAY_DIR)
    cmd_sim(args, game=args.game)


def _check_png_path(png_path, ext="png"):
    """One line if the picture (--png, or --gif with ext "gif") cannot be written there."""
    if png_path is None:
        return
    if not png_path.lower().endswith("." + ext):
        raise UsageError("host_sim: --%s %s: the file name must end in .%s" % (ext, png_path, ext))
    if os.path.isdir(png_path):
        raise UsageError("host_sim: --%s %s is a folder: give a file name" % (ext, png_path))
    folder = os.path.dirname(os.path.abspath(png_path))
    if not os.path.isdir(folder):
        raise UsageError(
            "host_sim: --%s %s: the folder %s does not exist" % (ext, png_path, folder)
        )


def _recorder(args, app, board):
    """A GIF recorder on the app when --gif was given, else None."""
    if not getattr(args, "gif", None):
        return None
    from host_sim import gif

    return gif.Recorder(app, board)


def _output_gif(rec, path):
    if rec is None:
        return
    frames, ms = rec.save(path)
    print("wrote %s (%d frames, %.1f s)" % (path, frames, ms / 1000))


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
    _check_png_path(args.png)
    _check_png_path(args.gif, "gif")
    from boards.driver import parse_keys

    try:
        parse_keys(args.keys or "")
    except ValueError as e:
        raise UsageError("host_sim shot: %s" % e) from None
    root = args.root if args.root_given else tempfile.mkdtemp(prefix="pt-shot-")
    app, board, driver = device.make(_prepare_root(root, fresh=not args.root_given))
    rec = _recorder(args, app, board)
    app.start_game(args.game, seed=args.seed, options=game_options(args), resume=False)
    driver.keys(args.keys or "")
    driver.idle(1)
    _output_screen(board, args.png, args.scale)
    _output_gif(rec, args.gif)


REPLAY_MAX_BYTES = 4 * 1024 * 1024  # far above the device's journal (16,000 inputs)


def _read_replay_text(path):
    """The replay's text, read once and bounded; one line if it is not one."""
    if os.path.isdir(path):
        raise SystemExit("host_sim replay: %s is a folder, not a replay" % path)
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(REPLAY_MAX_BYTES + 1)
    except OSError as e:
        raise SystemExit("host_sim replay: cannot read %s: %s" % (path, e.strerror)) from None
    except UnicodeDecodeError:
        raise SystemExit("host_sim replay: %s is not a replay (not text)" % path) from None
    if len(text) > REPLAY_MAX_BYTES:
        raise SystemExit(
            "host_sim replay: %s is over %d MB: not a replay the device writes"
            % (path, REPLAY_MAX_BYTES // (1024 * 1024))
        )
    return text


def cmd_replay(args):
    from firmware import gamescreen, reading

    _check_png_path(args.png)
    _check_png_path(args.gif, "gif")
    text = _read_replay_text(args.file)
    from host_sim import fuzz_device

    if text.split("\n", 1)[0].strip() == fuzz_device.SESSION_HEAD:
        if args.gif:
            raise UsageError("host_sim replay: --gif is for game replays, not app sessions")
        return replay_session(args, text)
    try:
        fields = reading.read_header(io.StringIO(text), gamescreen.REPLAY_HEAD)
    except (ValueError, TypeError, RecursionError) as e:
        raise SystemExit("host_sim replay: %s is not a replay: %s" % (args.file, e)) from None
    rules = _rules(fields["game"])
    try:  # the game's own option table and profile check, before anything runs
        rules.new(fields["seed"], fields["options"], fields["profile"])
        if fields["profile"] is not None:
            rules.check_profile(fields["profile"])
    except (ValueError, TypeError) as e:
        raise SystemExit("host_sim replay: %s cannot be played: %s" % (args.file, e)) from None
    root = args.root if args.root_given else tempfile.mkdtemp(prefix="pt-replay-")
    app, board, driver = device.make(_prepare_root(root, fresh=not args.root_given))
    rec = _recorder(args, app, board)
    driver.replay(
        fields["game"],
        fields["seed"],
        fields["options"],
        fields["inputs"],
        profile=fields["profile"],
    )
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
    _output_gif(rec, args.gif)


def replay_session(args, text=None):
    """A whole-app session (from power-on, e.g. a fuzz failure): play it back and report."""
    from firmware import app as appmod
    from firmware import reading
    from host_sim import fuzz_device

    if text is None:
        text = _read_replay_text(args.file)
    try:
        fields = reading.read_header(io.StringIO(text), fuzz_device.SESSION_HEAD)
    except (ValueError, TypeError, RecursionError) as e:
        raise SystemExit("host_sim replay: %s is not a session: %s" % (args.file, e)) from None
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


def int_in(lo, hi):
    """An argparse type: a whole number lo..hi (else the usage line and exit status 2)."""

    def parse(text):
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError("%r is not a whole number" % text) from None
        if not lo <= n <= hi:
            raise argparse.ArgumentTypeError("%d is not in %d..%d" % (n, lo, hi))
        return n

    return parse


SEED_MAX = 0x7FFFFFFF
SEED = int_in(0, SEED_MAX)


def build_parser():
    p = host_sim.parser(prog="python -m host_sim", description=__doc__)
    p.add_argument("--root", default=None, help="device filesystem folder (default .sim/)")
    sub = p.add_subparsers(dest="cmd")

    def common(sp):  # (SUPPRESS: a --root before the command is not overwritten)
        sp.add_argument(
            "--root", default=argparse.SUPPRESS, help="device filesystem folder (default .sim/)"
        )

    def snafu_args(sp, players=False):
        g = sp.add_argument_group("game options (each game takes those it has)")
        g.add_argument("--variant", type=int, help="Snafu: 1-16 (docs/rules/snafu.md)")
        g.add_argument("--trails", type=int, choices=(2, 4))
        g.add_argument("--diagonal", action="store_true", default=None)
        g.add_argument("--vanish", action="store_true", default=None)
        g.add_argument("--obstacles", action="store_true", default=None)
        g.add_argument(
            "--speed", type=int, help="speed level (Snafu 1-4, G'nerts 1-5; the game checks it)"
        )
        g.add_argument("--others", choices=("classic", "smart"))
        g.add_argument("--rounds", type=int, help="rounds in a match")
        g.add_argument(
            "--rules",
            choices=("text", "arcade"),
            help="Snafu: text (as written: a blocked trail turns) or arcade (it crashes)",
        )
        g.add_argument("--opt", action="append", help="any option of the game: KEY=VALUE")
        if players:
            g.add_argument("--players", type=int, help="seats played by people")

    sp = sub.add_parser("sim", help="the launcher in the terminal (the default)")
    common(sp)
    sp.add_argument("--record", help="write the game's replay to this file on quit")

    sp = sub.add_parser("play", help="straight into a game in the terminal")
    common(sp)
    sp.add_argument("game")
    sp.add_argument("--seed", type=SEED, default=None)
    sp.add_argument("--record", help="write the game's replay to this file on quit")
    snafu_args(sp, players=True)

    sp = sub.add_parser("run", help="headless games played by the computer")
    common(sp)
    sp.add_argument("game")
    sp.add_argument("--auto", action="store_true", help="the computer plays (required)")
    sp.add_argument("--games", type=int_in(1, 1000000), default=1)
    sp.add_argument("--seed", type=SEED, default=1)
    sp.add_argument("--player", choices=PLAYERS, default="best")
    sp.add_argument("--json", action="store_true", help="one JSON object per game")
    sp.add_argument(
        "--red",
        choices=("classic", "smart"),
        default=None,
        help="snafu: the computer player that drives red (classic = greedy, smart = best)",
    )
    snafu_args(sp)

    sp = sub.add_parser("shot", help="scripted presses, then the screen (PNG or terminal)")
    common(sp)
    sp.add_argument("game")
    sp.add_argument("--seed", type=SEED, default=1)
    sp.add_argument("--keys", default="", help='e.g. "RIGHT,A,A" or "A+B*30"')
    sp.add_argument("--png", help="write a PNG here instead of printing the screen")
    sp.add_argument("--gif", help="also write every frame from the start as an animated GIF")
    sp.add_argument("--scale", type=int_in(1, 16), default=4)
    snafu_args(sp, players=True)

    sp = sub.add_parser("replay", help="reproduce a recorded game exactly")
    common(sp)
    sp.add_argument("file")
    sp.add_argument("--png")
    sp.add_argument("--gif", help="write the whole replay as an animated GIF (device speed)")
    sp.add_argument("--scale", type=int_in(1, 16), default=4)

    sp = sub.add_parser("shots", help="regenerate the README screenshots")
    common(sp)

    sp = sub.add_parser("flash", help="build, then copy to the Pico over USB (see README)")
    sp.add_argument("--port", default=None, help="serial port (default: the one USB board found)")
    sp.add_argument("--build-dir", default=None, help="flash this build (default build/device/)")
    sp.add_argument("--no-build", action="store_true", help="flash the build as it is")

    for name, text in (
        ("bench", "the budgets measured on the emulated Pico, every game (make bench)"),
        ("bench-vm", "quick estimates from the 64-bit MicroPython VM (make bench-vm)"),
        ("fuzz", "random input through the whole app (make fuzz)"),
        ("soak", "every game by computer for a long run in one VM process (make soak)"),
        ("picoemu", "an emulated Pico: set up, run a script, calibrate the bench"),
        ("uf2", "a MicroPython firmware with the modules frozen in, as a .uf2 (make uf2)"),
        ("web", "the game in a web page: build, serve, bench (make web)"),
    ):
        sub.add_parser(name, help=text + "; --help for its options")

    sp = sub.add_parser("vboard", help="a virtual Pico on a pseudo-terminal, to flash and test")
    sp.add_argument("--dir", default=None, help="its filesystem folder (default: a new temp one)")
    sp.add_argument("-v", "--verbose", action="store_true", help="log VM restarts on stderr")
    return p


PASSTHROUGH = {
    "bench": "host_sim.picobench",
    "bench-vm": "host_sim.bench",
    "fuzz": "host_sim.fuzz",
    "soak": "host_sim.soak",
    "picoemu": "host_sim.picoemu",
    "uf2": "host_sim.uf2",
    "web": "host_sim.web",
}


VALUE_FLAGS = ("--keys",)  # values that may start with "-" ("-*40": wait 40 frames)


def _joined_values(argv):
    """--keys -*40 as --keys=-*40, so that argparse does not take the value for a flag."""
    out = []
    i = 0
    while i < len(argv):
        if argv[i] in VALUE_FLAGS and i + 1 < len(argv) and argv[i + 1].startswith("-"):
            out.append(argv[i] + "=" + argv[i + 1])
            i += 2
        else:
            out.append(argv[i])
            i += 1
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in PASSTHROUGH:
        __import__(PASSTHROUGH[argv[0]])
        return sys.modules[PASSTHROUGH[argv[0]]].main(argv[1:])
    args = build_parser().parse_args(_joined_values(argv))
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
    try:
        handler(args)
    except UsageError as e:  # bad arguments: argparse's exit status
        print(e.text, file=sys.stderr)
        raise SystemExit(2) from None
    except BrokenPipeError:  # the output's reader stopped early (`| head`): no more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(0) from None
