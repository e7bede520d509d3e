"""Writes the recordings the fault run replays in the guest, in evemu format.

The touchscreen is gestures.py's (its axes span the screen in pixels):
  flick.events         a leftward flick over 65% of the width (the next page)
  drag-unplug.events   a finger drawn slowly over 65% of the width and held
                       there: no lift, so destroying the device after it
                       is an unplug in the middle of a drag
  open-text.events     a tap in the middle (the menu), then on its Text button
  theme-sepia.events, theme-light.events   a tap on that theme of the text panel
The keyboard (uinput, with the reader's navigation keys so it is taken for one):
  ctrl-alt-f2.events   Ctrl+Alt+F2 pressed and let go

The text panel's controls are where `ebook-fb --describe` says they are.

usage: fault_gestures.py BIN BOOK WIDTH HEIGHT OUTDIR [READER OPTION...]
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gestures  # noqa: E402

KEYS = {"leftctrl": 29, "leftalt": 56, "f2": 60}
NAVIGATION = (57, 104, 105, 106, 109)  # space, page up, left, right, page down


def keyboard_header():
    bits = [0] * 96
    for code in list(KEYS.values()) + list(NAVIGATION):
        bits[code // 8] |= 1 << (code % 8)
    lines = ["N: ebook-fb virtual keyboard", "I: 0003 0000 0000 0001", "P: 00 00 00 00 00 00 00 00",
             "B: 00 03 00 00 00 00 00 00 00"]
    lines += ["B: 01 " + " ".join(f"{b:02x}" for b in bits[i:i + 8]) for i in range(0, len(bits), 8)]
    return lines


def chord(names):
    """The keys pressed in order, then let go in reverse, 30 ms apart."""
    w = gestures.Writer()
    ms = 0
    for name in names:
        w.event(ms, 1, KEYS[name], 1)
        w.report(ms)
        ms += 30
    for name in reversed(names):
        w.event(ms, 1, KEYS[name], 0)
        w.report(ms)
        ms += 30
    return w.lines


def taps(points, gap=900):
    w = gestures.Writer()
    for k, (x, y) in enumerate(points):
        w.down(k * gap, x, y)
        w.up(k * gap + 40)
    return w.lines


def long_flick(width, height):
    """A leftward flick from 85% to 20% of the width in 120 ms. Past half the
    width it turns the page even if the events reach the kernel bunched (the
    injecting process held up by the emulation) and its speed is misread."""
    w = gestures.Writer()
    y = height // 2
    x0, x1, duration = width * 85 // 100, width * 20 // 100, 120
    w.down(0, x0, y)
    steps = duration // gestures.STEP_MS
    for k in range(1, steps + 1):
        w.move(k * gestures.STEP_MS, round(x0 + (x1 - x0) * k / steps), y)
    w.up(duration + gestures.STEP_MS)
    return w.lines


def drag_held(width, height):
    w = gestures.Writer()
    y = height // 2
    x0, x1, duration = width * 85 // 100, width * 20 // 100, 600
    w.down(0, x0, y)
    steps = duration // gestures.STEP_MS
    for k in range(1, steps + 1):
        w.move(k * gestures.STEP_MS, round(x0 + (x1 - x0) * k / steps), y)
    # Held still: nothing moves, so the page is left there, not thrown.
    w.move(duration + 300, x1, y)
    return w.lines


def controls(binary, book, width, height, options, recording_lines):
    """The controls on screen after replaying `recording_lines` in the headless reader."""
    with tempfile.TemporaryDirectory() as work:
        recording = os.path.join(work, "taps.events")
        with open(recording, "w") as f:
            f.write("\n".join(gestures.header(width, height) + recording_lines) + "\n")
        result = subprocess.run([binary, book, "--display", "headless", "--size", f"{width}x{height}", *options,
                                 "--replay", recording, "--describe", "--state-dir", os.path.join(work, "state")],
                                check=True, capture_output=True, text=True)
    described = json.loads(result.stdout.strip().splitlines()[-1])
    return {c["id"]: c["rect"] for c in described["controls"]}


def centre(rect):
    x, y, w, h = rect
    return x + w // 2, y + h // 2


def main():
    binary, book, width, height, out, *options = sys.argv[1:]
    width, height = int(width), int(height)
    os.makedirs(out, exist_ok=True)
    middle = (width // 2, height // 2)
    menu = controls(binary, book, width, height, options, taps([middle]))
    open_text = taps([middle, centre(menu["menu.text"])])
    panel = controls(binary, book, width, height, options, open_text)
    touch = gestures.header(width, height)
    recordings = {
        "flick.events": touch + long_flick(width, height),
        "drag-unplug.events": touch + drag_held(width, height),
        "open-text.events": touch + open_text,
        "theme-sepia.events": touch + taps([centre(panel["text.theme.sepia"])]),
        "theme-light.events": touch + taps([centre(panel["text.theme.light"])]),
        "ctrl-alt-f2.events": keyboard_header() + chord(["leftctrl", "leftalt", "f2"]),
    }
    for name, lines in recordings.items():
        with open(os.path.join(out, name), "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
