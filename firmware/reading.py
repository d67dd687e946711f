"""Reading saves and replays back: their headers and input tokens. Imported to resume a
game (then dropped: a game in play does not hold this code) and by the host's replays."""

import io
import json

from firmware import buttons as btn
from firmware import games
from firmware import gamescreen as gs

OLD_SAVE_HEAD = "pocket-table save 1"  # the inputs inline, a "meta" line for the screen


def parse_token(tok):
    """Inverse of input_token -> (delta, pressed, held); 'R' -> (0, 0, 0)."""
    if tok == "R":
        return 0, 0, 0
    delta, sep, rest = tok.partition(":")
    p, _, h = rest.partition("/")
    if not sep or not delta.isdigit() or not 1 <= int(delta) <= 255:
        raise ValueError("bad input token %r" % tok)
    pressed = btn.parse_mask(p)
    held = btn.parse_mask(h) if h else pressed
    return int(delta), pressed, held


def add_tokens(log, text):
    """Add a line's space-separated tokens to an InputLog, one token string at a time."""
    i = 0
    n = len(text)
    while i < n:
        while i < n and text[i] == " ":
            i += 1
        j = i
        while j < n and text[j] != " ":
            j += 1
        if j > i:
            delta, pressed, held = parse_token(text[i:j])
            if delta == 0:
                log.add_resume()
            else:
                log._put(delta, pressed, held)
        i = j


def events(log):
    """An InputLog's events in order: (delta, pressed, held), delta 0 where resumed."""
    chunks = log.chunks
    for k in range(log.n):
        chunk = chunks[k // gs.CHUNK]
        i = 3 * (k % gs.CHUNK)
        yield chunk[i], chunk[i + 1], chunk[i + 2]


def replay_text(screen):
    """A game screen's whole replay so far: its journal and the inputs not yet in it
    (the host's record, the browser's download)."""
    text = screen.app.store.read_text(screen.gid + ".in") or ""
    out = io.StringIO()
    screen.inputs.write(out, max(0, screen.journal_at))
    return text + out.getvalue()


def read_header(f, head):
    """Read a replay/save header from a file-like object up to '--' or the end.

    Returns a dict with game, seed, options, inputs (an InputLog). Raises ValueError.
    """
    first = f.readline().strip()
    if first != head and not (head == gs.SAVE_HEAD and first == OLD_SAVE_HEAD):
        raise ValueError("not a %s file" % head.split(" ")[1])
    fields = {}
    log = gs.InputLog()
    while True:
        line = f.readline()
        if not line:
            break
        line = line.rstrip("\r\n")
        if line == "--":
            break
        if not line:
            continue
        key, _, value = line.partition(" ")
        if key == "in":
            if log.n < gs.JOURNAL_MAX:
                add_tokens(log, value)
        elif key == "resume":
            log.truncate(_count(value))
            log.add_resume()
        elif key in ("game", "seed", "options", "meta", "profile", "stats", "inputs"):
            fields[key] = value
        elif key != "cut":
            raise ValueError("unknown line %r" % key[:12])
    for key in ("game", "seed", "options"):
        if key not in fields:
            raise ValueError("%s line missing" % key)
    fields["seed"] = _count(fields["seed"])
    for key in ("options", "profile"):
        value = json.loads(fields.get(key, "{}"))
        if not isinstance(value, dict):
            raise ValueError("%s must be a record" % key)
        fields[key] = value
    if "profile" not in fields or not fields["profile"]:
        fields["profile"] = None
    upgrade = getattr(_known_rules(fields["game"]), "upgrade_options", None)
    if upgrade is not None:  # a file from before a rule set existed plays as it was made
        fields["options"] = upgrade(fields["options"])
    fields["stats"] = _count(fields.get("stats", "0"))
    fields["inputs_saved"] = _count(fields.get("inputs", "0"))
    fields["inputs"] = log
    return fields


def _known_rules(gid):
    """The rules module of a registered game, or None (the caller reports the game)."""
    if gid not in games.ids():
        return None
    return games.rules(gid)


def _count(text):
    """A non-negative int written in a header (ValueError otherwise)."""
    text = text.strip()
    if not text.isdigit() or len(text) > 10:
        raise ValueError("bad number %r" % text[:12])
    return int(text)
