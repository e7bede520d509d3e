"""Writes the touch recordings the virtual kiosk replays, in evemu format.

The device is a protocol-B touchscreen (INPUT_PROP_DIRECT) whose axes span
the screen in pixels, so a touch at device (x, y) lands on screen pixel
(x, y). Each recording carries its device description in its header.

usage: gestures.py WIDTH HEIGHT OUTDIR
    writes flick.events, double-tap.events, and for each screen compared
    with the headless reader screen-NAME-open.events (from page 2 at rest
    to the screen) and screen-NAME-close.events (back to page 2)
"""
import os
import sys

STEP_MS = 8


def header(width, height):
    # EV_SYN, EV_KEY, EV_ABS; BTN_TOUCH (330 = byte 41 bit 2);
    # ABS_X, ABS_Y, ABS_MT_SLOT (47), ABS_MT_POSITION_X/Y (53, 54), ABS_MT_TRACKING_ID (57).
    keys = [0] * 48
    keys[330 // 8] |= 1 << (330 % 8)
    lines = ["N: ebook-fb virtual touchscreen", "I: 0006 0000 0000 0001", "P: 02 00 00 00 00 00 00 00",
             "B: 00 0b 00 00 00 00 00 00 00"]
    lines += ["B: 01 " + " ".join(f"{b:02x}" for b in keys[i:i + 8]) for i in range(0, len(keys), 8)]
    lines += ["B: 03 03 00 00 00 00 80 60 02",
              f"A: 00 0 {width - 1} 0 0 0", f"A: 01 0 {height - 1} 0 0 0", "A: 2f 0 9 0 0 0",
              f"A: 35 0 {width - 1} 0 0 0", f"A: 36 0 {height - 1} 0 0 0", "A: 39 0 65535 0 0 0"]
    return lines


class Writer:
    def __init__(self):
        self.lines, self.tracking = [], 0

    def event(self, ms, kind, code, value):
        self.lines.append(f"E: {ms // 1000:.0f}.{round(ms % 1000 * 1000):06d} {kind:04x} {code:04x} {value}")

    def report(self, ms):
        self.event(ms, 0, 0, 0)

    def down(self, ms, x, y):
        self.tracking += 1
        self.event(ms, 3, 0x2f, 0)
        self.event(ms, 3, 0x39, self.tracking)
        self.event(ms, 3, 0x35, x)
        self.event(ms, 3, 0x36, y)
        self.event(ms, 1, 0x14a, 1)
        self.event(ms, 3, 0x00, x)
        self.event(ms, 3, 0x01, y)
        self.report(ms)

    def move(self, ms, x, y):
        self.event(ms, 3, 0x35, x)
        self.event(ms, 3, 0x36, y)
        self.event(ms, 3, 0x00, x)
        self.event(ms, 3, 0x01, y)
        self.report(ms)

    def up(self, ms):
        self.event(ms, 3, 0x39, -1)
        self.event(ms, 1, 0x14a, 0)
        self.report(ms)


def flick(width, height):
    """One finger from 80% to 30% of the width in 120 ms: a leftward flick."""
    w = Writer()
    y = height // 2
    x0, x1, duration = width * 8 // 10, width * 3 // 10, 120
    w.down(0, x0, y)
    steps = duration // STEP_MS
    for k in range(1, steps + 1):
        w.move(k * STEP_MS, round(x0 + (x1 - x0) * k / steps), y)
    w.up(duration + STEP_MS)
    return w.lines


def double_tap(x, y):
    """Two 40 ms taps 150 ms apart at (x, y)."""
    w = Writer()
    w.down(0, x, y)
    w.up(40)
    w.down(190, x, y)
    w.up(230)
    return w.lines


def tap(x, y):
    """One 50 ms tap at (x, y)."""
    w = Writer()
    w.down(0, x, y)
    w.up(50)
    return w.lines


def screens(width, height):
    """NAME: (the taps that open the screen over page 2, the taps that close it)."""
    middle = tap(width // 2, height // 2)
    return {"menu": (middle, middle)}


def main():
    width, height, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    os.makedirs(out, exist_ok=True)
    recordings = {"flick.events": flick(width, height),
                  "double-tap.events": double_tap(width // 2, height // 2)}
    for name, (opening, closing) in screens(width, height).items():
        recordings[f"screen-{name}-open.events"] = opening
        recordings[f"screen-{name}-close.events"] = closing
    for name, events in recordings.items():
        with open(os.path.join(out, name), "w") as f:
            f.write("\n".join(header(width, height) + events) + "\n")


if __name__ == "__main__":
    main()
