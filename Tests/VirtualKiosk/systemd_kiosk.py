"""Boots the Debian root filesystem with systemd as PID 1 and the reader's
unit enabled, reads the screen through QMP `screendump` whenever the guest's
test unit reports a screen ready, and checks what was scanned out: the book
on screen after boot, the time from the kernel's start to the first page,
a flick to page 2, after a SIGKILL systemd's restart on the same page, and
speech on the guest's sound card (QEMU's intel-hda, recorded to a WAV file).

usage: systemd_kiosk.py --out DIR --kernel VMLINUZ --initrd INITRD --drive IMAGE
                        --reference DIR [--gpus bochs] [--timeout S]

Prints one line per check and "N passed, N failed".
"""
import argparse
import array
import json
import os
import shutil
import subprocess
import sys
import time
import wave

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import images  # noqa: E402
import kiosk  # noqa: E402

APPEND = "console=ttyS0 quiet loglevel=3 systemd.show_status=false panic=-1 rw"


def value(lines, key):
    """The rest of the guest's "KIOSK key ..." line, or None."""
    for line in lines:
        words = line.split(maxsplit=2)
        if len(words) >= 2 and words[1] == key:
            return words[2] if len(words) == 3 else ""
    return None


def check_error_screen(gpu, screens, lines, page2, checks):
    """A missing book: text on the screen (not the page, not blank), the
    service up without restarts; then, fixed, the book back on page 2."""
    state = (value(lines, "error-state") or "").split()
    shown = "error" in screens
    detail = "no screendump"
    if shown:
        width, height, rgb = images.read_png(screens["error"])
        from_page = images.differing_pixels((width, height, rgb), page2)
        ink = sum(1 for i in range(0, len(rgb), 3 * 7) if rgb[i] + rgb[i + 1] + rgb[i + 2] < 300) * 7
        shown = (from_page is None or from_page > width * height // 50) and width * height // 1000 < ink < width * height // 4
        detail = f"{from_page} pixels differ from page 2, {100 * ink / (width * height):.1f}% ink"
    steady = len(state) >= 4 and state[0] == state[1] and state[2:4] == ["active", "running"]
    checks.report(shown and steady, f"{gpu}: a missing book is explained on screen and the service stays up: {detail}; "
                                    f"restarts before/after {' '.join(state[:2]) or '?'}, {' '.join(state[2:]) or '?'}")
    print(f"     {gpu}: {value(lines, 'error-line')}", flush=True)
    ok, detail = kiosk.equal_screen(screens, "back", page2)
    checks.report(ok, f"{gpu}: with the setting fixed and the service restarted, the book is back on page 2: {detail}")


def check_speech(gpu, path, lines, checks):
    """A touch with the spoken interface on: speech on the sound card, as
    QEMU recorded it: seconds of it, most of them voiced."""
    seconds, voiced = 0.0, 0.0
    try:
        with wave.open(path) as recording:
            rate, channels = recording.getframerate(), recording.getnchannels()
            data = array.array("h", recording.readframes(recording.getnframes()))
        mono = [sum(data[i:i + channels]) / channels for i in range(0, len(data), channels)]
        seconds = len(mono) / rate
        window = rate // 10
        loud = [sum(x * x for x in mono[k:k + window]) / window > 300 ** 2 for k in range(0, len(mono) - window, window)]
        voiced = sum(loud) / max(1, len(loud))
    except (OSError, EOFError, wave.Error) as error:
        print(f"     {gpu}: no recording: {error}", flush=True)
    checks.report(seconds >= 2 and voiced >= 0.3,
                  f"{gpu}: a touch with the spoken interface reads aloud on the sound card: {seconds:.1f} s recorded, "
                  f"{voiced:.0%} voiced ({value(lines, 'speech')})")


def check_boot(gpu, args, references, checks):
    out = os.path.join(args.out, gpu)
    os.makedirs(out, exist_ok=True)
    started = time.time()
    # Each boot starts from the image as built: no reading position saved yet.
    drive = os.path.join(out, "root.img")
    subprocess.run(["cp", "--sparse=always", args.drive, drive], check=True)
    speech = os.path.join(out, "speech.wav")
    try:
        screens, _, lines, _ = kiosk.boot(gpu, args, out, drive=drive, append=APPEND, audio=speech)
    finally:
        os.remove(drive)
    problems = [line for line in lines if line.split()[1:2] in (["missing"], ["failed:"], ["timeout"])]
    suffix = f" ({'; '.join(problems)})" if problems else ""
    page1, page2 = references
    booted = value(lines, "booted")
    checks.report(booted is not None and "systemd" in booted,
                  f"{gpu}: Debian boots with systemd as PID 1 and starts the test unit: {booted}{suffix}")
    ok, detail = kiosk.equal_screen(screens, "first", page1)
    checks.report(ok, f"{gpu}: the enabled unit shows the book; the screen equals page 1 rendered headless: {detail}")
    first_page = value(lines, "first-page")
    try:
        seconds = float(first_page)
    except (TypeError, ValueError):
        seconds = None
    checks.report(seconds is not None and seconds > 0,
                  f"{gpu}: time from the kernel's start to the first page on screen: "
                  + (f"{seconds:.2f} s" if seconds is not None else f"not reported ({first_page})"))
    steps = (value(lines, "boot-steps") or "").split()
    timing = {"kernel_to_first_page_s": seconds}
    if len(steps) == 2 and all(step.isdigit() for step in steps):
        timing["systemd_start_s"] = int(steps[0]) / 1e6
        timing["reader_start_s"] = int(steps[1]) / 1e6
        print(f"     {gpu}: systemd started at {int(steps[0]) / 1e6:.2f} s, the reader at {int(steps[1]) / 1e6:.2f} s "
              f"(the reader's first start; under QEMU's software emulation)", flush=True)
    for line in lines:
        words = line.split()
        if words[1:2] == ["unit-active"] and len(words) == 4 and words[3].isdigit():
            print(f"     {gpu}: {words[2]} active at {int(words[3]) / 1e6:.2f} s", flush=True)
    print(f"     {gpu}: ebook-fb kiosk --check, warm: {value(lines, 'warm-check-ms')} ms", flush=True)
    user = (value(lines, "reader-user") or "").split()
    checks.report(len(user) >= 1 and user[0] != "0",
                  f"{gpu}: the reader runs as an unprivileged user: uid {' '.join(user) or 'unknown'}")
    ok, detail = kiosk.equal_screen(screens, "flick", page2)
    checks.report(ok, f"{gpu}: after a replayed flick the screen equals page 2: {detail}")
    restarts = value(lines, "restarts") or ""
    ok, detail = kiosk.equal_screen(screens, "restart", page2)
    restarted = restarts.split()[:1] not in ([], ["0"])
    checks.report(ok and restarted,
                  f"{gpu}: after kill -9 systemd restarts the reader on page 2: {detail}; NRestarts {restarts or 'unknown'}")
    watchdog = (value(lines, "watchdog") or "").split()
    fed = len(watchdog) >= 5 and watchdog[0] != "0" and watchdog[2] == (restarts.split() or ["?"])[0] and watchdog[4] == "0"
    checks.report(fed, f"{gpu}: the watchdog ({watchdog[0] if watchdog else '?'}) is fed: no restart and no timeout "
                       f"while idle past its limit ({' '.join(watchdog) or 'not reported'})")
    check_error_screen(gpu, screens, lines, page2, checks)
    check_speech(gpu, speech, lines, checks)
    print(f"     {gpu}: saved offset {value(lines, 'saved-offset')}", flush=True)
    print(f"     {gpu}: booted and checked in {time.time() - started:.0f} s", flush=True)
    return screens, timing


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--kernel", required=True)
    parser.add_argument("--initrd", required=True)
    parser.add_argument("--drive", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--gpus", default="bochs")
    parser.add_argument("--timeout", type=int, default=900)
    args = parser.parse_args()
    references = [images.read_png(os.path.join(args.reference, f"page{n}.png")) for n in (1, 2)]
    checks = kiosk.Checks()
    first = None
    first_timing = None
    for gpu in args.gpus.split(","):
        screens, timing = check_boot(gpu, args, references, checks)
        first = first or screens
        first_timing = first_timing or timing
    # Where the boot's time went, on the first adapter: seconds from the kernel's start.
    with open(os.path.join(args.out, "systemd.json"), "w") as f:
        json.dump({key: (first_timing or {}).get(key) for key in
                   ("systemd_start_s", "reader_start_s", "kernel_to_first_page_s")}, f, indent=2)
        f.write("\n")
    for name, path in (first or {}).items():
        shutil.copyfile(path, os.path.join(args.out, os.path.basename(path)))
    print(f"{checks.passed} passed, {checks.failed} failed", flush=True)
    sys.exit(1 if checks.failed else 0)


if __name__ == "__main__":
    main()
