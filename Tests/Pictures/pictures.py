"""Makes the README's pictures with the headless reader, so they show what
the reader really draws: each picture is a run of `ebook-fb BOOK --display
headless --describe --replay TAPS --screenshot`, the taps aimed at the
controls the reader says are on screen (their rects in `--describe`), as a
person would tap them. The screenshots are halved (each pixel the mean of
four) and written as palette PNGs.

usage: pictures.py --binary EBOOK_FB --book BOOK --out DIR [--size 1280x800]
"""
import argparse
import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "VirtualKiosk"))
import gestures  # noqa: E402  (evemu recordings of a touchscreen in screen pixels)
import images  # noqa: E402  (PNG reading)


class Reader:
    """The headless reader on one book, driven by taps replayed from its start each time."""

    def __init__(self, binary, book, size, work, extra=()):
        self.binary, self.book, self.size, self.work, self.extra = binary, book, size, work, list(extra)
        # Covers (and pattern snapshots) go to a cache folder of the run's own.
        self.environment = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache"))
        self.environment.pop("CACHE_DIRECTORY", None)
        self.width, self.height = (int(v) for v in size.split("x"))
        self.steps = []  # (kind, x, y): "tap", "double" or "hold" (a long press)

    def run(self, screenshot=None):
        writer = gestures.Writer()
        t = 400
        for kind, x, y in self.steps:
            writer.down(t, x, y)
            writer.up(t + (800 if kind == "hold" else 50))
            if kind == "double":
                writer.down(t + 180, x, y)
                writer.up(t + 230)
            t += 1500
        events = os.path.join(self.work, "taps.events")
        with open(events, "w") as f:
            f.write("\n".join(gestures.header(self.width, self.height) + writer.lines) + "\n")
        state = tempfile.mkdtemp(dir=self.work)
        command = [self.binary, self.book, "--display", "headless", "--size", self.size, "--state-dir", state,
                   "--describe"] + self.extra
        if self.steps:
            command += ["--replay", events]
        if screenshot:
            command += ["--screenshot", screenshot]
        result = subprocess.run(command, capture_output=True, text=True, env=self.environment)
        if result.returncode != 0:
            raise SystemExit(f"{' '.join(command)}: {result.stderr.strip()}")
        return json.loads(result.stdout.strip().splitlines()[-1])

    def tap(self, x, y, kind="tap"):
        self.steps.append((kind, round(x), round(y)))
        return self

    def tap_middle(self):
        return self.tap(self.width / 2, self.height / 2)

    def tap_control(self, control_id, label=None):
        """Taps the control `control_id`, or the first whose id starts with it and whose label holds `label`."""
        state = self.run()
        for control in state["controls"]:
            if control["id"] == control_id if label is None else \
                    control["id"].startswith(control_id) and label in control["label"]:
                x, y, w, h = control["rect"]
                return self.tap(x + w / 2, y + h / 2)
        raise SystemExit(f"no control {control_id} {label or ''} on the {state['screen']} screen: "
                         f"{[c['id'] for c in state['controls']]}")


def halve(image):
    """Each output pixel the mean of a 2x2 block."""
    width, height, rgb = image
    w, h = width // 2, height // 2
    out = bytearray(w * h * 3)
    row = width * 3
    for y in range(h):
        top, bottom = 2 * y * row, (2 * y + 1) * row
        for x in range(w):
            a, b = top + 6 * x, bottom + 6 * x
            for c in range(3):
                out[(y * w + x) * 3 + c] = (rgb[a + c] + rgb[a + 3 + c] + rgb[b + c] + rgb[b + 3 + c] + 2) // 4
    return w, h, bytes(out)


def write_palette_png(path, image):
    """An 8-bit palette PNG: colours rounded to coarser steps until at most 256 remain."""
    width, height, rgb = image
    for step in (1, 2, 4, 6, 8, 12, 16):
        quantised = bytes(min(255, (v + step // 2) // step * step) for v in rgb) if step > 1 else rgb
        colours = {quantised[k:k + 3] for k in range(0, len(quantised), 3)}
        if len(colours) <= 256:
            break
    palette = sorted(colours)
    index = {colour: i for i, colour in enumerate(palette)}
    rows = b"".join(b"\x00" + bytes(index[quantised[k:k + 3]] for k in range(y * width * 3, (y + 1) * width * 3, 3))
                    for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
                + chunk(b"PLTE", b"".join(palette)) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--book", required=True)
    parser.add_argument("--library", required=True, help="a folder of books")
    parser.add_argument("--out", required=True)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--page", default="9")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="ebook-fb-pictures-")

    def reader(theme="light", extra=()):
        return Reader(args.binary, args.book, args.size, work, ["--page", args.page, "--theme", theme, *extra])

    # NAME: the reader brought to the screen the picture shows.
    pictures = {}
    for theme in ("light", "dark"):
        pictures[f"reading-{theme}"] = reader(theme)
        pictures[f"menu-{theme}"] = reader(theme).tap_middle()
        pictures[f"contents-{theme}"] = reader(theme).tap_middle().tap_control("menu.contents")
    pictures["text-sepia"] = reader("sepia").tap_middle().tap_control("menu.text")
    # Large print and high contrast: the text panel at 2x, the menu in black on white.
    pictures["text-large"] = reader(extra=["--ui-scale", "2"]).tap_middle().tap_control("menu.text")
    pictures["menu-high-contrast"] = reader("high-contrast").tap_middle()
    # Search typed on the on-screen keyboard; a word held, its bar of actions.
    search = reader().tap_middle().tap_control("menu.search")
    for letter in "rabbit":
        search.tap_control("key." + letter)
    pictures["search-light"] = search
    held = reader()
    pictures["selection-light"] = held.tap(held.width * 0.5, held.height * 0.42, kind="hold")
    first = reader()
    pictures["zoom-light"] = first.tap(first.width * 0.45, first.height * 0.3, kind="double")
    # The library (ebook-fb FOLDER opens on it) with one book read: the book
    # opened, a jump to a chapter through the contents, back to the library.
    for theme in ("light", "dark"):
        library = Reader(args.binary, args.library, args.size, work, ["--theme", theme])
        labels = [control["label"] for control in library.run()["controls"]]
        chosen = "Alice" if any("Alice" in label for label in labels) else labels[0]
        pictures[f"library-{theme}"] = library.tap_control("library.book.", chosen) \
            .tap_middle() \
            .tap_control("menu.contents").tap_control("contents.item.7").tap_middle().tap_control("menu.library")

    for name, driver in pictures.items():
        raw = os.path.join(work, name + ".png")
        state = driver.run(screenshot=raw)
        write_palette_png(os.path.join(args.out, name + ".png"), halve(images.read_png(raw)))
        shown = f"page {state['page']}" if "page" in state else f"{state.get('books')} books"
        print(f"{name}.png: {state['screen']}, {shown}", flush=True)


if __name__ == "__main__":
    main()
