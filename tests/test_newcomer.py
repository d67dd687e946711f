"""What a newcomer trips over (the simulator and the device as first met)."""

import framebuf

import host_sim  # noqa: F401
from firmware import buttons as btn
from firmware import gfx
from host_sim import device
from shared_rules import snafu as sn


def lit(buf, x, y):
    return device.pixel(buf, x, y)


def visible(cells):
    """Those of `cells` on the board and not under the "Round N / A: go" banner."""
    return [
        (x, y)
        for x, y in cells
        if 0 <= x < 111 and 0 <= y < 64 and not (19 <= x < 93 and 20 <= y < 42)
    ]


def pointer_cells(screen, t):
    """The pixels of trail t's starting pointer as drawn (head centre outwards)."""
    s = screen.s
    q = screen.queue[t]
    d = sn.steer(s, t, q[-1]) if q else s.dir[t]
    h = s.head[t]
    x = (h % sn.W - 1) * 3 + 1
    y = (h // sn.W - 1) * 3 + 1
    return d, [(x + sn.DX[d] * k, y + sn.DY[d] * k) for k in range(2, 7)]


def test_snafu_shows_where_red_starts_before_a_go(tmp_path):
    app, board, d = device.make(str(tmp_path))
    screen = app.start_game("snafu", seed=9, resume=False)
    d.idle()
    buf = bytes(board.display.buf)
    start, cells = pointer_cells(screen, sn.RED)
    on_board = visible(cells)
    assert on_board and all(lit(buf, x, y) for x, y in on_board)
    # a turn asked for before the go moves the pointer with it
    turn = btn.RIGHT if start in (0, 4) else btn.UP
    app.frame(turn, turn)
    app.frame(0, 0)
    d2, cells2 = pointer_cells(screen, sn.RED)
    assert d2 != start
    buf2 = bytes(board.display.buf)
    assert all(lit(buf2, x, y) for x, y in visible(cells2))
    # the first pointer is gone (beyond the head's own square)
    assert not all(lit(buf2, x, y) for x, y in visible(cells[2:]))


def test_a_banner_holds_its_longest_line():
    """ "YELLOW wins" (11 characters) stays inside the round banner's frame."""
    for line in ("YELLOW wins", "GREEN wins", "RED wins", "Draw", "Round 3"):
        fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        gfx.banner(fb, line, "A: next")
        xs = [x for x in range(128) if fb.pixel(x, 21)]  # the frame's top edge
        left, right = min(xs), max(xs)
        inside = sum(fb.pixel(x, y) for x in range(left + 1, right) for y in range(23, 31))
        alone = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        alone.text(line, 0, 0, 1)
        whole = sum(alone.pixel(x, y) for x in range(128) for y in range(8))
        assert inside == whole, line  # every pixel of the line, none on or past the frame
        assert right < 113  # clear of Snafu's score strip
