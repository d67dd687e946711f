"""The game in a web page: build it, serve it, measure it (make web, web-serve, bench-web).

build/web/ is a static page: index.html, pocket.js and pocket.css (from web/), the
MicroPython WebAssembly runtime pinned in web/package-lock.json (micropython.mjs and
micropython.wasm, installed with `npm ci`), and modules.json, the device build's
modules (.mpy, the same bytecode a Pico loads; the viper modules stay out: the port
runs no machine code, and their callers run the same work as bytecode). Any static
host serves it; nothing runs on the server.

    python -m host_sim web build [--out DIR]
    python -m host_sim web serve [--port N]
    python -m host_sim web bench [--loads N] [--frames N]
"""

import base64
import functools
import hashlib
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import host_sim
from host_sim import build as device_build

WEB_SRC = os.path.join(host_sim.ROOT, "web")
OUT = os.path.join(host_sim.ROOT, "build", "web")
NPM_CACHE = os.path.join(host_sim.ROOT, "build", "cache", "web-npm")
RUNTIME_PACKAGE = "@micropython/micropython-webassembly-pyscript"
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = ("index.html", "pocket.js", "pocket.css")
NPM_FILES = ("package.json", "package-lock.json")
DEFAULT_PORT = 8024
CHROMIUM_HINT = (
    "Chromium is needed: apt-get install -y chromium (Debian), then make venv "
    "(Playwright from requirements.txt); or set PT_CHROMIUM to a Chromium binary"
)
MIME = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"}


class WebError(SystemExit):
    """A step that cannot be done here: one line saying what to install or change."""


# ---- build -------------------------------------------------------------------------


def _lock_key():
    h = hashlib.sha256()
    for name in NPM_FILES:
        with open(os.path.join(WEB_SRC, name), "rb") as f:
            h.update(f.read())
    return h.hexdigest()[:16]


def runtime_dir(cache=NPM_CACHE):
    """The pinned runtime's package folder, installed with `npm ci` once per lock file."""
    key = _lock_key()
    where = os.path.join(cache, key)
    pkg = os.path.join(where, "node_modules", *RUNTIME_PACKAGE.split("/"))
    if all(os.path.exists(os.path.join(pkg, f)) for f in RUNTIME_FILES):
        return pkg
    npm = shutil.which("npm")
    if npm is None:
        raise WebError(
            "web: npm not found: install Node.js and npm (Debian: apt-get install -y npm)"
        )
    tmp = "%s.part%d" % (where, os.getpid())
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    for name in NPM_FILES:
        shutil.copyfile(os.path.join(WEB_SRC, name), os.path.join(tmp, name))
    run = subprocess.run(
        [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=tmp,
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        lines = (run.stderr or run.stdout).strip().splitlines() or ["no output"]
        raise WebError("web: npm ci failed: %s" % lines[-1])
    try:
        os.rename(tmp, where)
    except OSError:  # another build installed it meanwhile
        shutil.rmtree(tmp, ignore_errors=True)
    return pkg


def device_modules():
    """{path: bytes} of the device build's modules (no main.py, no machine code) and
    the build's version."""
    with tempfile.TemporaryDirectory(prefix="pt-web-") as tmp:
        out = os.path.join(tmp, "device")
        device_build.build(out)
        manifest = device_build.read_manifest(out)
        files = {}
        for rel in sorted(manifest["files"]):
            if not rel.endswith(".mpy"):
                continue
            src = os.path.join(host_sim.ROOT, rel[:-4] + ".py")
            if os.path.exists(src) and device_build.has_machine_code(src):
                continue
            with open(os.path.join(out, rel), "rb") as f:
                files[rel] = f.read()
    return files, manifest["version"]


def build(out=OUT):
    """Write the page to `out`; return its version (the device build's)."""
    pkg = runtime_dir()
    files, version = device_modules()
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for name in RUNTIME_FILES:
        shutil.copyfile(os.path.join(pkg, name), os.path.join(out, name))
    for name in PAGE_FILES:
        with open(os.path.join(WEB_SRC, name)) as f:
            text = f.read()
        with open(os.path.join(out, name), "w") as f:
            f.write(text.replace("__VERSION__", version))
    bundle = {
        "version": version,
        "files": {rel: base64.b64encode(data).decode() for rel, data in files.items()},
    }
    with open(os.path.join(out, "modules.json"), "w") as f:
        json.dump(bundle, f, sort_keys=True, separators=(",", ":"))
    return version


# ---- serve -------------------------------------------------------------------------


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **MIME)

    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def server(folder, port=0):
    """An HTTP server on localhost for `folder` (port 0: any free one), not started."""
    handler = functools.partial(_Handler, directory=folder)
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve_in_thread(folder):
    """(server, base address) serving `folder` from a daemon thread."""
    srv = server(folder)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, "http://127.0.0.1:%d/" % srv.server_address[1]


def serve(folder=OUT, port=DEFAULT_PORT):
    try:
        srv = server(folder, port)
    except OSError as e:
        raise WebError("web: cannot serve on port %d: %s (try PORT=...)" % (port, e.strerror))
    print("Pocket Table: http://127.0.0.1:%d/  (serving %s; Ctrl-C to stop)" % (port, folder))
    sys.stdout.flush()
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        srv.server_close()


# ---- a headless Chromium (tests, bench) ----------------------------------------------


def find_chromium():
    """The Chromium binary, or None."""
    given = os.environ.get("PT_CHROMIUM")
    if given:
        return given if os.path.exists(given) else None
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def why_no_browser():
    """None when a headless Chromium can be driven here, else the line saying how."""
    if find_chromium() is None:
        return CHROMIUM_HINT
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is needed: make venv (it is pinned in requirements.txt)"
    return None


def launch(playwright):
    """Debian's Chromium driven by Playwright (never Playwright's own download)."""
    return playwright.chromium.launch(
        executable_path=find_chromium(),
        args=["--no-sandbox", "--autoplay-policy=no-user-gesture-required"],
    )


def wait_ready(page):
    """Wait for the page's boot; WebError with its status line if it fails."""
    try:
        page.evaluate("window.pocketTable.ready")
    except Exception:  # noqa: BLE001 - the page's own line says what went wrong
        raise WebError("web: the page did not start: %s" % page.inner_text("#status")) from None


# ---- bench -------------------------------------------------------------------------

_FRAMES_JS = """async ([gid, frames]) => {
  const pt = window.pocketTable;
  pt.py(`pt_runner.app.start_game("${gid}", seed=1, resume=False)`);
  const times = [];
  for (let i = 0; i < frames; i += 2) {
    const mask = pt.runner.bot_press();
    times.push(pt.stepWith(mask, mask));
    times.push(pt.stepWith(0, 0));
  }
  return times;
}"""


def _figures(times):
    times = sorted(times)
    return (
        statistics.mean(times),
        times[int(0.95 * (len(times) - 1))],
        times[-1],
    )


def bench(loads=5, frames=600, out=None):
    """Page load to the launcher and frame times in Chromium, printed."""
    why = why_no_browser()
    if why:
        raise WebError("web bench: " + why)
    from playwright.sync_api import sync_playwright

    from firmware import games

    folder = out or tempfile.mkdtemp(prefix="pt-web-bench-")
    t = time.time()
    version = build(folder)
    print("built %s in %.1f s (%s)" % (folder, time.time() - t, version))
    size = sum(os.path.getsize(os.path.join(folder, n)) for n in os.listdir(folder))
    print(
        "page size: %d KB (micropython.wasm %d KB)"
        % (size // 1024, _kb(folder, "micropython.wasm"))
    )
    srv, base = serve_in_thread(folder)
    try:
        with sync_playwright() as p:
            browser = launch(p)
            print("browser: Chromium %s, headless" % browser.version)
            _bench_load(browser, base, loads)
            _bench_frames(browser, base, games.ids(), frames)
            browser.close()
    finally:
        srv.shutdown()
        if out is None:
            shutil.rmtree(folder, ignore_errors=True)


def _kb(folder, name):
    return os.path.getsize(os.path.join(folder, name)) // 1024


def _bench_load(browser, base, loads):
    rows = []
    for _ in range(loads):
        ctx = browser.new_context()
        page = ctx.new_page()
        page.goto(base)
        wait_ready(page)
        page.wait_for_function("window.pocketTable.timing.launcher !== undefined")
        rows.append(page.evaluate("window.pocketTable.timing"))
        ctx.close()
    print("\npage load to the launcher on the canvas, ms from navigation (%d loads):" % loads)
    for key, label in (
        ("runtime", "MicroPython runtime loaded"),
        ("modules", "modules in its filesystem"),
        ("app", "app started"),
        ("launcher", "launcher on the canvas"),
    ):
        vals = sorted(r[key] for r in rows)
        print("  %-28s median %6.0f   max %6.0f" % (label, statistics.median(vals), vals[-1]))


def _bench_frames(browser, base, ids, frames):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(base + "?manual")
    wait_ready(page)
    print("\nframe time in the browser (app frame + canvas + storage), %d frames a game" % frames)
    print("  the computer plays for the person; a frame's budget is 25 ms")
    print("  %-8s %8s %8s %8s" % ("game", "mean ms", "p95 ms", "max ms"))
    every = []
    for gid in ids:
        times = page.evaluate(_FRAMES_JS, [gid, frames])
        every += times
        print("  %-8s %8.2f %8.2f %8.1f" % ((gid,) + _figures(times)))
    print("  %-8s %8.2f %8.2f %8.1f" % (("all",) + _figures(every)))
    ctx.close()


# ---- command line --------------------------------------------------------------------


def main(argv=None):
    p = host_sim.parser(prog="python -m host_sim web", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    sp = sub.add_parser("build", help="write the static page to build/web/")
    sp.add_argument("--out", default=OUT)
    sp = sub.add_parser("serve", help="serve build/web/ on localhost")
    sp.add_argument("--port", type=int, default=DEFAULT_PORT)
    sp.add_argument("--dir", default=OUT)
    sp = sub.add_parser("bench", help="page load and frame times in a headless Chromium")
    sp.add_argument("--loads", type=int, default=5)
    sp.add_argument("--frames", type=int, default=600)
    args = p.parse_args(argv)
    if args.cmd == "build":
        version = build(args.out)
        print("web: %s written (%s); serve it with make web-serve" % (args.out, version))
    elif args.cmd == "serve":
        if not os.path.exists(os.path.join(args.dir, "index.html")):
            raise WebError("web: no page in %s: run make web first" % args.dir)
        serve(args.dir, args.port)
    else:
        bench(args.loads, args.frames)


if __name__ == "__main__":
    main()
