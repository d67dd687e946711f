"""Animated GIFs of the screen at the device's frame rate: every frame the app runs is
one step of FRAME_MS; consecutive identical screens become one GIF frame held as long.

GIF delays are in hundredths of a second, so each frame's delay is rounded and the
rounding carried to the next: the whole animation lasts as long as the frames ran.
"""

from PIL import Image

from firmware.app import FRAME_MS
from host_sim import png
from host_sim.device import pixel

MAX_FRAMES = 20000  # distinct screens kept (about a long game); later ones are not


def frame_image(buf, scale, border=2):
    """The screen as a two-colour palette image, the same palette in every frame (so
    Pillow's frame-to-frame differences are exact), framed like png.image."""
    img = Image.new("P", (128 + 2 * border, 64 + 2 * border), 0)
    img.putpalette(list(png.OFF) + list(png.ON))
    px = img.load()
    for y in range(64):
        for x in range(128):
            if pixel(buf, x, y):
                px[x + border, y + border] = 1
    return img.resize((img.width * scale, img.height * scale), Image.NEAREST)


class Recorder:
    """Wraps app.frame: after each frame, the panel's bytes are noted."""

    def __init__(self, app, board):
        self.board = board
        self.screens = []  # [bytes, frames shown]
        self.cut = False
        real = app.frame

        def frame(pressed, held):
            real(pressed, held)
            self.note()

        app.frame = frame
        self.note()

    def note(self):
        buf = bytes(self.board.display.buf)
        if self.screens and self.screens[-1][0] == buf:
            self.screens[-1][1] += 1
        elif len(self.screens) < MAX_FRAMES:
            self.screens.append([buf, 1])
        else:
            self.cut = True

    def save(self, path, scale=2, hold_last_ms=1500):
        """Write the GIF (looping); the last screen stays `hold_last_ms` more."""
        images = []
        delays = []
        carry = 0.0
        for i, (buf, frames) in enumerate(self.screens):
            ms = frames * FRAME_MS + (hold_last_ms if i == len(self.screens) - 1 else 0)
            exact = ms / 10.0 + carry
            cs = max(2, int(exact + 0.5))  # browsers treat under 2 cs as 10 cs
            carry = exact - cs
            images.append(frame_image(buf, scale))
            delays.append(cs * 10)
        images[0].save(
            path,
            save_all=True,
            append_images=images[1:],
            duration=delays,
            loop=0,
            optimize=False,
            disposal=1,
        )
        return len(images), sum(delays)
