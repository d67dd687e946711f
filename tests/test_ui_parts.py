"""firmware/ui parts (dice, strip, table, logline) drawn into a 128x64 MONO_VLSB frame."""

import contextlib
import io

import framebuf
import pytest

from firmware import table
from firmware.ui import dice, logline, strip
from mpvm import run_mp

W = 128
H = 64


def new_fb(pattern=0):
    """A fresh 128x64 frame, every byte set to `pattern`."""
    buf = bytearray([pattern]) * 1024
    return framebuf.FrameBuffer(buf, W, H, framebuf.MONO_VLSB)


def pixels(fb):
    return [[fb.pixel(x, y) for x in range(W)] for y in range(H)]


def lit(fb, x, y, w, h):
    """The set of lit (x, y) pixels in a box."""
    return {(i, j) for j in range(y, y + h) for i in range(x, x + w) if fb.pixel(i, j)}


def outside_same(before, fb, x, y, w, h):
    """True when no pixel outside the box differs from `before`."""
    after = pixels(fb)
    for j in range(H):
        for i in range(W):
            inside = x <= i < x + w and y <= j < y + h
            if not inside and before[j][i] != after[j][i]:
                return False
    return True


def _glyphs(mask):
    out = {}
    for code in range(32, 127):
        g = new_fb()
        g.text(chr(code), 0, 0, 1)
        key = tuple(sum(g.pixel(c, r) << r for r in range(8)) & mask for c in range(8))
        out.setdefault(key, chr(code))
    return out


GLYPHS = _glyphs(0xFF)
GLYPHS7 = _glyphs(0x7F)  # row 7 ignored (a rule drawn under a text line)


def read_text(fb, x, y, n, inverted=False, rows=8):
    """The n characters drawn from (x, y) ("?" where a cell is no glyph)."""
    mask = (1 << rows) - 1
    glyphs = GLYPHS if rows == 8 else GLYPHS7
    out = ""
    for k in range(n):
        key = tuple(
            sum((fb.pixel(x + 8 * k + c, y + r) ^ inverted) << r for r in range(8)) & mask
            for c in range(8)
        )
        out += glyphs.get(key, "?")
    return out


def read_line(fb, y):
    """The 16 characters of the text line at y."""
    return read_text(fb, 0, y, 16)


# ---- dice -------------------------------------------------------------------

CORNERS = [(0, 0), (2, 0), (0, 2), (2, 2)]
PIPS = {
    0: [],
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: CORNERS,
    5: CORNERS + [(1, 1)],
    6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)],
}
# size: (pip offsets of the three columns/rows, pip size)
GRID = {9: ((2, 4, 6), 1), 12: ((2, 5, 8), 2)}


def expected_pips(value, size, x, y):
    at, p = GRID[size]
    out = set()
    for col, row in PIPS[value]:
        for dx in range(p):
            for dy in range(p):
                out.add((x + at[col] + dx, y + at[row] + dy))
    return out


def border(x, y, size):
    return {(x + i, y + j) for i in range(size) for j in range(size)} - {
        (x + i, y + j) for i in range(1, size - 1) for j in range(1, size - 1)
    }


@pytest.mark.parametrize("size", [9, 12])
def test_die_faces_have_the_standard_pips(size):
    x, y = 10, 20
    counts = []
    for value in range(7):
        fb = new_fb()
        dice.die(fb, value, x, y, size)
        interior = lit(fb, x + 1, y + 1, size - 2, size - 2)
        assert interior == expected_pips(value, size, x, y), value
        assert lit(fb, 0, 0, W, H) == interior | border(x, y, size)
        # a die face looks the same turned half a turn
        assert {(2 * x + size - 1 - i, 2 * y + size - 1 - j) for i, j in interior} == interior
        counts.append(len(interior))
    p = GRID[size][1]
    assert counts == [v * p * p for v in range(7)]


@pytest.mark.parametrize("size", [9, 12])
def test_selected_die_is_inverted_and_stays_in_its_box(size):
    x, y = 50, 30
    for value in range(7):
        fb = new_fb(0x5A)
        before = pixels(fb)
        dice.die(fb, value, x, y, size, selected=True)
        box = {(x + i, y + j) for i in range(size) for j in range(size)}
        assert lit(fb, x, y, size, size) == box - expected_pips(value, size, x, y)
        assert outside_same(before, fb, x, y, size, size)
        # drawn unselected over it: the plain face again, background outside untouched
        dice.die(fb, value, x, y, size)
        plain = expected_pips(value, size, x, y) | border(x, y, size)
        assert lit(fb, x, y, size, size) == plain
        assert outside_same(before, fb, x, y, size, size)


def test_die_rejects_bad_values():
    fb = new_fb()
    for bad in (-1, 7, 12):
        with pytest.raises(ValueError):
            dice.die(fb, bad, 0, 0)
    assert not lit(fb, 0, 0, W, H)


def test_tokens_in_a_row():
    fb = new_fb()
    width = dice.tokens(fb, 5, 20, 8)
    assert width == 19
    want = {(20 + 4 * i + dx, 10 + dy) for i in range(5) for dx in range(3) for dy in range(3)}
    assert lit(fb, 0, 0, W, H) == want
    fb = new_fb()
    assert dice.tokens(fb, 8, 0, 0) == 31
    assert len(lit(fb, 0, 0, W, H)) == 8 * 9
    fb = new_fb()
    assert dice.tokens(fb, 0, 0, 0) == 0
    assert not lit(fb, 0, 0, W, H)


@pytest.mark.parametrize("count, label", [(12, "x12"), (9, "x9"), (150, "x150")])
def test_many_tokens_show_one_and_the_count(count, label):
    x, y = 30, 16
    fb = new_fb(0xA5)
    before = pixels(fb)
    fb.fill_rect(x, y, 60, 8, 0)
    width = dice.tokens(fb, count, x, y, max_shown=8)
    assert width == 3 + 8 * len(label)
    ref = new_fb(0xA5)
    ref.fill_rect(x, y, 60, 8, 0)
    ref.fill_rect(x, y + 2, 3, 3, 1)
    ref.text(label, x + 3, y, 1)
    assert pixels(fb) == pixels(ref)
    # nothing drawn beyond the returned width
    assert not lit(fb, x + width, y, 60 - width, 8)
    assert outside_same(before, fb, x, y, 60, 8)


def test_tokens_in_colour_zero_clear():
    fb = new_fb(0xFF)
    dice.tokens(fb, 3, 0, 0, c=0)
    assert len(lit(fb, 0, 0, 12, 8)) == 12 * 8 - 27


# ---- strip ------------------------------------------------------------------


def test_cell_text_priority():
    assert strip.cell_text("West", 7, 12, 16) == "West 7:12"
    assert strip.cell_text("West", 7, 12, 8) == "Wes 7:12"
    assert strip.cell_text("West", 7, 12, 5) == "W7:12"
    assert strip.cell_text("West", 7, 12, 4) == "We 7"
    assert strip.cell_text("West", 7, 12, 2) == "W7"
    assert strip.cell_text("West", 7, 12, 1) == "W"
    assert strip.cell_text("West", 7, 12, 0) == ""
    assert strip.cell_text("North", -1, 30, 8) == "North 30"
    assert strip.cell_text("North", -1, 30, 3) == "N30"
    assert strip.cell_text("North", -1, -450, 3) == "Nor"


NAMES = ["W", "Westminster", "Bartholomew"]
NUMBERS = [(-1, 0), (0, -5), (7, 12), (13, 999), (123, -12345)]


def test_cell_text_never_overflows_and_keeps_priority():
    for name in NAMES:
        for cards, score in NUMBERS:
            cs = "%d" % cards
            ss = "%d" % score
            for width in range(17):
                t = strip.cell_text(name, cards, score, width)
                assert len(t) <= width
                if width:
                    assert t[0] == name[0]
                if cards >= 0 and width > len(cs):
                    assert cs in t[1:]
                need = 1 + len(ss) + (len(cs) + 1 if cards >= 0 else 0)
                if width >= need:
                    assert t.endswith(ss)


def test_strip_draws_cells_in_its_band_only():
    fb = new_fb(0xFF)
    before = pixels(fb)
    cells = [("West", 7, 12), ("North", -1, 30), ("East", 13, -4)]
    strip.strip(fb, 16, cells)
    assert outside_same(before, fb, 0, 16, W, 8)
    colw = W // 3
    for i, cell in enumerate(cells):
        text = strip.cell_text(cell[0], cell[1], cell[2], 5)
        x = i * colw + (colw - 8 * len(text)) // 2
        ref = new_fb()
        ref.text(text, x, 16, 1)
        assert lit(fb, i * colw, 16, colw, 8) == lit(ref, 0, 16, W, 8)


@pytest.mark.parametrize("n", range(2, 9))
def test_strip_cells_never_draw_outside_their_column(n):
    colw = W // n
    base = [("Bartholomew", 123, -12345)] * n
    a = new_fb()
    strip.strip(a, 0, base)
    for i in range(n):
        assert lit(a, i * colw, 0, colw, 8), "cell %d shows nothing" % i
    for i in range(n):
        other = list(base)
        other[i] = ("Xavier", 88, 4444)
        b = new_fb()
        strip.strip(b, 0, other)
        changed = {(x, y) for x in range(W) for y in range(8) if a.pixel(x, y) != b.pixel(x, y)}
        assert changed
        assert all(i * colw <= x < (i + 1) * colw for x, _ in changed), (n, i)


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_strip_active_cell_is_inverted(n):
    colw = W // n
    cells = [("Seat%d" % i, i * 3, i * 11 - 7) for i in range(n)]
    plain = new_fb()
    strip.strip(plain, 40, cells)
    for active in range(n):
        fb = new_fb()
        strip.strip(fb, 40, cells, active)
        for x in range(W):
            for y in range(40, 48):
                inside = active * colw <= x < (active + 1) * colw
                assert fb.pixel(x, y) == (1 - plain.pixel(x, y) if inside else plain.pixel(x, y))


def test_strip_needs_a_whole_page():
    fb = new_fb()
    for y in (3, 60, 64, -8):
        with pytest.raises(ValueError):
            strip.strip(fb, y, [("A", 1, 2)])


# ---- table ------------------------------------------------------------------

SEATS = {
    2: ["West", "East"],
    3: ["West", "North", "East"],
    4: ["West", "North", "East", "South"],
}
# x just right of each seat column (numbers right-aligned to it), characters per column
RIGHTS = {2: ((74, 124), 6), 3: ((57, 90, 123), 4), 4: ((49, 74, 99, 124), 3)}


def table_row(fb, y, n, header=False):
    """[label, seat fields...] of one table line; nothing may be lit between them."""
    rights, col = RIGHTS[n]
    rows = 8 if header else 7  # row 7 of a round line may carry the rule over the totals
    cells = [(0, 3)] + [(r - 8 * col, col) for r in rights]
    out = [read_text(fb, x, y, k, header, rows) for x, k in cells]
    used = set()
    for x, k in cells:
        used |= {(i, j) for i in range(x, x + 8 * k) for j in range(y, y + rows)}
    stray = {(i, j) for i in range(125) for j in range(y, y + rows)} - used
    assert all(fb.pixel(i, j) == header for i, j in stray), "stray pixels at y=%d" % y
    return out


def test_table_two_seats():
    t = table.RoundTable(SEATS[2], rows=5)
    fb = new_fb()
    t.draw(fb, [[10, -3], [25, 40], [0, 7]])
    assert [table_row(fb, 8 * k, 2, k == 0) for k in range(7)] == [
        ["   ", "  West", "  East"],
        ["R1 ", "    10", "    -3"],
        ["R2 ", "    25", "    40"],
        ["R3 ", "     0", "     7"],
        ["   ", "      ", "      "],
        ["   ", "      ", "      "],
        ["Tot", "    35", "    44"],
    ]
    # the header bar, the rule over the totals, and no scroll marks
    assert len(lit(fb, 0, 0, W, 8)) > W * 8 // 2
    assert all(fb.pixel(x, 47) for x in range(124))
    assert not lit(fb, 124, 8, 4, 40)


def test_table_three_and_four_seats():
    fb = new_fb()
    table.RoundTable(SEATS[3], rows=2).draw(fb, [[1, 2, 3], [100, -20, 5]])
    assert [table_row(fb, 8 * k, 3, k == 0) for k in range(4)] == [
        ["   ", " Wes", " Nor", " Eas"],
        ["R1 ", "   1", "   2", "   3"],
        ["R2 ", " 100", " -20", "   5"],
        ["Tot", " 101", " -18", "   8"],
    ]
    fb = new_fb()
    table.RoundTable(SEATS[4], rows=3).draw(fb, [[1, 2, 3, 4], [5, 6, -7, 1000]])
    assert [table_row(fb, 8 * k, 4, k == 0) for k in range(5)] == [
        ["   ", " We", " No", " Ea", " So"],
        ["R1 ", "  1", "  2", "  3", "  4"],
        ["R2 ", "  5", "  6", " -7", "***"],
        ["   ", "   ", "   ", "   ", "   "],
        ["Tot", "  6", "  8", " -4", "***"],
    ]


def test_table_narrow_labels_leave_room_between_four_seats():
    """Two characters of label: the four seats' columns start at x 18, 26 pixels apart
    (3 between the widest numbers, a rule in the middle one below the header, so that
    "84" and "103" side by side do not read "84103"), rounds 10 and 11 labelled "10",
    "11"."""
    fb = new_fb()
    rounds = [[r, -r, 100 + r, 5] for r in range(1, 12)]
    t = table.RoundTable(SEATS[4], rows=2, label=2)
    t.draw(fb, rounds, 9)
    rights = (44, 70, 96, 122)
    rules = {45, 71, 97}

    def row(y):
        cells = [(0, 2)] + [(x - 24, 3) for x in rights]
        out = [read_text(fb, x, y, k, y == 0, 7) for x, k in cells]
        used = set()
        for x, k in cells:
            used |= {i for i in range(x, x + 8 * k)}
        gaps = set(range(123)) - used
        for i in gaps:
            lit_col = y == 0 or i in rules
            assert all(fb.pixel(i, j) == lit_col for j in range(y, y + 7)), (i, y)
        for x in rules:  # a blank pixel each side of a rule: no digit touches it (the
            if y in (8, 16):  # header is lit; the overflow's stars fill their cells)
                assert not any(fb.pixel(x + d, j) for d in (-1, 1) for j in range(y, y + 7))
        return out

    assert row(0) == ["  ", " We", " No", " Ea", " So"]
    assert row(8) == ["10", " 10", "-10", "110", "  5"]
    assert row(16) == ["11", " 11", "-11", "111", "  5"]
    assert row(24) == ["T ", " 66", "-66", "***", " 55"]
    with pytest.raises(ValueError):
        table.RoundTable(SEATS[4], label=4)


def test_table_round_in_progress_leaves_seats_blank():
    fb = new_fb()
    table.RoundTable(SEATS[3], rows=2).draw(fb, [[4, 5, 6], [1]])
    assert table_row(fb, 16, 3) == ["R2 ", "   1", "    ", "    "]
    assert table_row(fb, 24, 3) == ["Tot", "   5", "   5", "   6"]


def test_table_scrolls_when_rounds_outnumber_rows():
    rounds = [[r, 2 * r, -r, 10] for r in range(1, 12)]  # 11 rounds
    t = table.RoundTable(SEATS[4], rows=4)
    assert t.scroll(rounds, 0, -1) == 0
    assert t.scroll(rounds, 0, 1) == 1
    assert t.scroll(rounds, 6, 1) == 7
    assert t.scroll(rounds, 7, 1) == 7
    assert t.scroll(rounds, 3, 100) == 7
    assert t.scroll(rounds[:3], 0, 1) == 0
    y = 8
    seen = []
    for top in (0, 4, 7, 50):
        fb = new_fb(0x81)
        before = pixels(fb)
        t.draw(fb, rounds, top, y)
        assert outside_same(before, fb, 0, y, W, t.height())
        first = min(top, 7)
        for k in range(4):
            r = first + k + 1
            want = ["R%-2d" % r, "%3d" % r, "%3d" % (2 * r), "%3d" % -r, " 10"]
            assert table_row(fb, y + 8 * (k + 1), 4) == want
        assert table_row(fb, y + 40, 4) == ["Tot", " 66", "132", "-66", "110"]
        up = bool(lit(fb, 124, y + 8, 4, 8))
        down = bool(lit(fb, 124, y + 32, 4, 7))
        seen.append((up, down))
    assert seen == [(False, True), (True, True), (True, False), (True, False)]


def test_table_fits_the_screen():
    with pytest.raises(ValueError):
        table.RoundTable(["Solo"])
    with pytest.raises(ValueError):
        table.RoundTable(["A", "B", "C", "D", "E"])
    with pytest.raises(ValueError):
        table.RoundTable(["A", "B"], rows=7)
    t = table.RoundTable(["A", "B"], rows=6)
    assert t.height() == 64
    with pytest.raises(ValueError):
        t.draw(new_fb(), [], 0, 8)


# ---- log line ---------------------------------------------------------------

LONG = "West took 7H, threw QS"


def test_logline_short_text_in_its_band():
    fb = new_fb(0xFF)
    before = pixels(fb)
    log = logline.LogLine(48)
    log.set("Your turn")
    assert log.dirty
    log.draw(fb)
    assert not log.dirty
    assert read_line(fb, 48) == "Your turn       "
    assert outside_same(before, fb, 0, 48, W, 8)
    assert not log.tick()
    log.clear()
    assert log.dirty
    log.draw(fb)
    assert not lit(fb, 0, 48, W, 8)


def test_logline_wraps_on_two_lines():
    fb = new_fb(0x0F)
    before = pixels(fb)
    log = logline.LogLine(40, lines=2)
    log.set(LONG)
    log.draw(fb)
    assert read_line(fb, 40) == "West took 7H,   "
    assert read_line(fb, 48) == "threw QS        "
    assert outside_same(before, fb, 0, 40, W, 16)
    assert not log.scrolling()
    assert not any(log.tick() for _ in range(40))


def test_logline_marquee_on_one_line():
    fb = new_fb()
    log = logline.LogLine(0)
    log.set(LONG)
    assert log.scrolling()
    log.draw(fb)
    assert read_line(fb, 0) == LONG[:16]
    assert [log.tick() for _ in range(8)] == [False] * 7 + [True]
    log.draw(fb)
    assert read_line(fb, 0) == LONG[1:17]
    assert not lit(fb, 0, 8, W, 56)
    for _ in range(8 * 21):
        log.tick()
    log.draw(fb)
    assert read_line(fb, 0) == "   " + LONG[:13]
    # the same text again keeps the marquee going; a new one restarts it
    log.set(LONG)
    assert not log.dirty
    for _ in range(8 * 3):
        log.tick()
    log.draw(fb)
    assert read_line(fb, 0) == LONG[:16]
    log.set("East passed")
    assert log.dirty and not log.scrolling()
    log.draw(fb)
    assert read_line(fb, 0) == "East passed     "


def test_logline_two_lines_too_long_scrolls_the_second():
    fb = new_fb()
    log = logline.LogLine(48, lines=2)
    text = "North led 4S and then South played the queen of spades"
    log.set(text)
    log.draw(fb)
    assert read_line(fb, 48) == "North led 4S and"
    rest = text[17:]
    assert read_line(fb, 56) == rest[:16]
    for _ in range(8 * 5):
        log.tick()
    log.draw(fb)
    assert read_line(fb, 48) == "North led 4S and"
    assert read_line(fb, 56) == rest[5:21]


def test_logline_fits_the_screen():
    for y, lines in ((60, 1), (56, 2), (0, 3)):
        with pytest.raises(ValueError):
            logline.LogLine(y, lines)


# ---- the real MicroPython VM -------------------------------------------------

SCENE = """
import framebuf
from firmware import table
from firmware.ui import dice, logline, strip

buf = bytearray(1024)
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
dice.die(fb, 5, 0, 0, 9)
dice.die(fb, 6, 10, 0, 12, True)
w = dice.tokens(fb, 3, 24, 0) + dice.tokens(fb, 12, 40, 0)
strip.strip(fb, 16, [("West", 7, 12), ("North", -1, 30), ("East", 13, -4)], 1)
t = table.RoundTable(["West", "North", "East"], rows=2)
t.draw(fb, [[1, 2, 3], [4, 5, 6], [7, 8, 9]], 1, 24)
log = logline.LogLine(56)
log.set("West took 7H, threw QS")
for i in range(16):
    log.tick()
log.draw(fb)
print(w, t.scroll([[1, 2, 3]] * 9, 0, 20), "".join("%02x" % b for b in buf))
"""


def test_parts_draw_the_same_in_micropython():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(SCENE, {})
    expected = out.getvalue().strip()
    assert expected.startswith("38 7 ")
    assert run_mp(SCENE).strip() == expected


# ---- the d-pad as eight directions ----------------------------------------------


def test_dpad_directions_and_diagonals():
    from firmware import buttons as btn
    from firmware.ui import dpad
    from shared_rules import snafu as sn

    U, D, L, R = btn.UP, btn.DOWN, btn.LEFT, btn.RIGHT
    assert [dpad.arrow_dir(k, k, False) for k in (U, R, D, L)] == [
        sn.UP,
        sn.RIGHT,
        sn.DOWN,
        sn.LEFT,
    ]
    assert dpad.arrow_dir(0, U, True) == -1  # held, not newly pressed: nothing new
    assert dpad.arrow_dir(R, U | R, True) == sn.UP_RIGHT
    assert dpad.arrow_dir(L, D | L, True) == sn.DOWN_LEFT
    assert dpad.arrow_dir(U | L, U | L, True) == sn.UP_LEFT
    assert dpad.arrow_dir(D, D | R, True) == sn.DOWN_RIGHT
    assert dpad.arrow_dir(R, U | R, False) == sn.RIGHT  # no diagonals: the new arrow
    assert dpad.arrow_dir(L, L | R | U, True) == sn.LEFT  # left and right: no diagonal
    for d in range(8):  # the arrows pointing a direction give it back
        mask = dpad.DIR_ARROWS[d]
        assert dpad.arrow_dir(mask, mask, True) == d


def test_logline_tidies_whitespace_as_split_and_join_would():
    """set() leaves a text without stray whitespace as it is (no split and join) and
    tidies any other to single spaces, as " ".join(text.split()) does."""
    from firmware.ui import cardgfx

    texts = ["Your turn", " lead", "tail ", "a  b", "a\tb", "a\nb", "a\rb", "a\x0bb"]
    texts += ["a\x0cb", "", " ", "x " * 20, "You: " + cardgfx.card_char(3) + "  up", "A-B"]
    for text in texts:
        log = logline.LogLine(48)
        log.set(text)
        assert log.text == " ".join(text.split()), repr(text)
        assert logline._untidy(text) == (text != " ".join(text.split())), repr(text)
