"""Screen bytes (128x64 MONO_VLSB) to a crisp, scaled-up PNG."""

from PIL import Image

from host_sim.device import pixel

ON = (120, 220, 255)  # a blue-white OLED
OFF = (8, 10, 16)


def image(buf, scale=4, border=2):
    img = Image.new("RGB", (128, 64), OFF)
    px = img.load()
    for y in range(64):
        for x in range(128):
            if pixel(buf, x, y):
                px[x, y] = ON
    img = img.resize((128 * scale, 64 * scale), Image.NEAREST)
    if border:
        framed = Image.new(
            "RGB", (img.width + 2 * border * scale, img.height + 2 * border * scale), OFF
        )
        framed.paste(img, (border * scale, border * scale))
        img = framed
    return img


def save(buf, path, scale=4):
    image(buf, scale).save(path)
