"""Saves on the device's flash: atomic writes, damaged files set aside, never a crash.

Every write goes to NAME.tmp first, then is renamed over NAME (atomic on
littlefs and POSIX). A file that cannot be read or parsed is renamed to
NAME.bad, defaults are used, and a one-line notice is queued for the screen.
"""

import gc
import json
import os

MAX_SAVE_BYTES = 16384  # anything bigger than this is not one of our saves
EROFS = 30  # a read-only filesystem (CircuitPython's drive while the computer holds it)
ENOSPC = 28  # no space left on the device
NO_ROOM_NOTICE = "Full: not saved"
READ_ONLY_NOTICE = "saves: read-only"


def _rename(src, dst):
    replace = getattr(os, "replace", None)  # CPython on Windows needs replace
    if replace:
        replace(src, dst)
    else:
        os.rename(src, dst)


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _free_name(path):
    """path, or path2 .. path9 if taken (what is there is never deleted; past 9 the
    last is replaced only if it is a file)."""
    if not _exists(path):
        return path
    for n in range(2, 10):
        if not _exists(path + str(n)):
            return path + str(n)
    if not _is_dir(path + "9"):
        os.remove(path + "9")
    return path + "9"


def _is_dir(path):
    try:
        return os.stat(path)[0] & 0x4000 != 0
    except OSError:
        return False


class Store:
    def __init__(self, root=""):
        self.dir = root.rstrip("/") + "/saves" if root else "/saves"
        self.notices = []
        self.writes = 0  # counted for the flash-wear budget
        self.read_only = False
        try:
            self._ensure_dir()
        except OSError as e:
            self._refused(e)
            return
        self._drop_temp_files()

    def _refused(self, e, tmp=None):
        """A write the filesystem refused. Read-only (EROFS): one notice, then saves are
        skipped. Full (ENOSPC): the game goes on with one notice (not one a save), the
        old file whole, the half-written temp file removed. Other errors are raised."""
        code = e.args[0] if e.args else None
        if code == EROFS:
            if not self.read_only:
                self.read_only = True
                self.notices.append(READ_ONLY_NOTICE)
            return
        if code != ENOSPC:
            raise e
        if tmp is not None:
            try:
                os.remove(tmp)
            except OSError:
                pass
        if NO_ROOM_NOTICE not in self.notices:
            self.notices.append(NO_ROOM_NOTICE)

    def _ensure_dir(self):
        cur = "/" if self.dir.startswith("/") else ""
        for part in self.dir.split("/"):
            if part:
                cur = cur + part if cur in ("", "/") else cur + "/" + part
                if not _exists(cur):
                    os.mkdir(cur)
                elif not _is_dir(cur):  # a file where the folder should be: kept aside
                    _rename(cur, _free_name(cur + ".bad"))
                    os.mkdir(cur)
                    self.notices.append("saves: folder was a file")

    def _drop_temp_files(self):
        """A save cut short by a power loss leaves NAME.tmp; the old NAME is intact."""
        for name in os.listdir(self.dir):
            if name.endswith(".tmp"):
                try:
                    os.remove(self.dir + "/" + name)
                except OSError:
                    pass

    def path(self, name):
        return self.dir + "/" + name

    def exists(self, name):
        return _exists(self.path(name))

    def write_text(self, name, text):
        return self.write(name, lambda f: f.write(text))

    def write(self, name, writer):
        """Write atomically: writer(f) fills a temp file, then it is renamed over the old one."""
        if self.read_only:
            return False
        path = self.path(name)
        tmp = path + ".tmp"
        try:
            f = self._open_tmp(name, tmp)
        except OSError as e:
            self._refused(e)
            return False
        try:
            with f:
                writer(f)
            try:
                _rename(tmp, path)
            except OSError:
                if not _is_dir(path):
                    raise
                self.set_aside(name, "was a folder")  # a folder in the file's way
                _rename(tmp, path)
        except OSError as e:  # the old file stays as it was
            self._refused(e, tmp)
            return False
        self.writes += 1
        return True

    def _open_tmp(self, name, tmp):
        """The temp file, open to write. A folder in its way is moved aside, once; the
        folders are looked for only when the open fails (a stat costs a save time)."""
        try:
            return open(tmp, "w")
        except OSError:
            if not _is_dir(tmp):
                raise
        self.set_aside(name + ".tmp", "was a folder")
        return open(tmp, "w")

    def append(self, name, writer):
        """writer(f) adds to the end of a file (the replay journal: never a save)."""
        if self.read_only:
            return False
        try:
            f = open(self.path(name), "a")
        except OSError as e:
            self._refused(e)
            return False
        try:
            with f:
                writer(f)
        except OSError as e:
            self._refused(e)
            return False
        self.writes += 1
        return True

    def rename(self, name, new):
        """Rename a file (replacing `new`); False if there is no such file."""
        try:
            if _exists(self.path(new)):
                os.remove(self.path(new))
            _rename(self.path(name), self.path(new))
            return True
        except OSError:
            return False

    def check_file(self, name):
        """False if there is no such file; True if it looks readable; ValueError if not."""
        path = self.path(name)
        if not _exists(path):
            return False
        if _is_dir(path):
            raise ValueError("is a folder")
        size = os.stat(path)[6]
        if size > MAX_SAVE_BYTES:
            raise ValueError("too big (%d bytes)" % size)
        if size == 0:
            raise ValueError("empty")
        return True

    def read_text(self, name):
        """The file's text, or None if there is no such file. Raises ValueError if unreadable."""
        if not self.check_file(name):
            return None
        try:
            with open(self.path(name)) as f:
                return f.read()
        except (OSError, UnicodeError) as e:
            raise ValueError("unreadable (%s)" % (e,))

    def remove(self, name):
        try:
            os.remove(self.path(name))
        except OSError:
            pass

    def set_aside(self, name, why):
        """Move a damaged file to NAME.bad (replacing an older one) and queue a notice."""
        path = self.path(name)
        bad = path + ".bad"
        try:
            if _is_dir(bad):  # a folder there may hold someone's files: another name
                bad = _free_name(bad)
            elif _exists(bad):  # an older damaged copy: replaced
                os.remove(bad)
            _rename(path, bad)
        except OSError:
            pass
        self.notices.append("%s: %s" % (name, why))

    def load(self, name, parse, default=None, deep=True):
        """parse(file) for the file, or `default` (and a notice) if missing or damaged.
        A MemoryError is tried once more after a collection (the heap's garbage may be
        what ran out, not the file): only a second one counts as damage (a record nested
        past what the heap holds), and with deep=False (a game's save, whose reading
        nests nothing: the heap is too small for its code) not even that: it is raised,
        the file kept for a heap with room."""
        for again in (False, True):
            try:
                if not self.check_file(name):
                    return default
                with open(self.path(name)) as f:
                    return parse(f)
            except DAMAGE as e:
                self.set_aside(name, "reset (%s)" % (first_line(e),))
                return default
            except MemoryError:
                if not again:
                    gc.collect()
                    continue
                if not deep:
                    raise
                self.set_aside(name, "reset (too deep)")  # nested past what the heap holds
                return default

    def load_json(self, name, default, check=None):
        """A dict saved as JSON, merged over a copy of `default`; check(dict) may raise
        ValueError for values out of range (the file is then set aside like damage)."""

        def parse(f):
            data = json.load(f)
            if not isinstance(data, dict):
                raise ValueError("not a record")
            out = dict(default)
            for key in default:
                if key in data:
                    if type(data[key]) is not type(default[key]):
                        raise ValueError("bad %s" % key)
                    out[key] = data[key]
            if check is not None:
                check(out)
            return out

        return self.load(name, parse, dict(default))

    def save_json(self, name, data):
        """A flat record, keys sorted: the same bytes on every port (dict order differs);
        False when the filesystem refused it (a notice says why)."""
        keys = sorted(data)
        return self.write_text(
            name, "{" + ", ".join(['"%s": %s' % (k, json.dumps(data[k])) for k in keys]) + "}"
        )

    def take_notice(self):
        return self.notices.pop(0) if self.notices else None


# what a damaged file's reading raises (a MemoryError is the heap's: Store.load)
DAMAGE = (OSError, ValueError, KeyError, TypeError, IndexError, RuntimeError)


def first_line(e):
    """A reading error in one short line (a notice, a file set aside)."""
    text = str(e) or e.__class__.__name__
    return text.split("\n")[0][:40]
