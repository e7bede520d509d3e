"""Boots the virtual kiosk in QEMU once per display adapter, reads the
screen through QMP `screendump` whenever the guest reports a screen ready
on its serial console, and checks what was scanned out.

usage: kiosk.py --out DIR --kernel VMLINUZ --initrd INITRD --reference DIR
                --zoom S --zoom-center X Y [--gpus bochs,virtio-gpu,vga] [--timeout S]
                [--screens SCREENS.json] [--append "KERNEL ARGUMENTS"]

The reference directory holds page1.png and page2.png rendered headless
with the same settings. SCREENS.json maps each screen NAME (the menu, the
library...) to the command of the headless reader brought to it (on page 2
replaying the taps that open it, or on the folder the kiosk's library
shows); after the boot it is drawn with --screenshot, a fresh --state-dir
and cache folder, at the panel size the kiosk's KMS reported, and the
kiosk's screendump of it must equal that picture. Prints one line per
check and "N passed, N failed". kiosk.json in DIR gains where the first
adapter's reader drew: "display" (drm or fbdev) and, on fbdev, "fb_driver"
(the framebuffer driver's name).
"""
import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import images  # noqa: E402

DEVICES = {"bochs": "bochs-display", "virtio-gpu": "virtio-gpu-pci", "vga": "VGA"}
SCREENS = ("first", "flick", "zoom", "exit")


def connect(path, deadline):
    while True:
        try:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.connect(path)
            return sock
        except OSError:
            sock.close()
            if time.time() > deadline:
                raise
            time.sleep(0.1)


class QMP:
    def __init__(self, path, deadline):
        self.sock = connect(path, deadline)
        self.file = self.sock.makefile("rwb")
        self._reply()  # greeting
        self.command("qmp_capabilities")

    def _reply(self):
        while True:
            message = json.loads(self.file.readline())
            if "event" not in message:
                return message

    def command(self, name, **arguments):
        self.file.write(json.dumps({"execute": name, "arguments": arguments}).encode() + b"\n")
        self.file.flush()
        reply = self._reply()
        if "error" in reply:
            raise RuntimeError(f"QMP {name}: {reply['error']}")
        return reply.get("return")


def boot(gpu, args, out, drive=None, append="console=ttyS0 quiet loglevel=3 panic=-1", audio=None, firmware=None):
    """Runs one boot (with `drive` as a raw virtio disk when given, and with
    `audio` a sound card, QEMU's intel-hda, whose output is recorded to that
    WAV file; with `firmware`, a pair of UEFI code and variables files, the
    firmware boots the drive instead of QEMU loading args.kernel); returns
    {screen name: PNG path}, the reader's exit status, the log lines and
    when each screen was read (s from the start of QEMU)."""
    work = tempfile.mkdtemp(prefix="kiosk-")
    serial_path, qmp_path = os.path.join(work, "serial"), os.path.join(work, "qmp")
    command = ["qemu-system-x86_64", "-machine", "q35", "-accel", "tcg", "-m", "768", "-smp", "1"]
    if firmware:
        code, variables = firmware
        command += ["-drive", f"if=pflash,format=raw,unit=0,readonly=on,file={code}",
                    "-drive", f"if=pflash,format=raw,unit=1,file={variables}"]
    else:
        command += ["-kernel", args.kernel, "-initrd", args.initrd, "-append", append]
    command += ["-display", "none", "-vga", "none", "-device", DEVICES[gpu],
               "-chardev", f"socket,id=serial0,path={serial_path},server=on,wait=on", "-serial", "chardev:serial0",
               "-qmp", f"unix:{qmp_path},server=on,wait=off", "-no-reboot", "-nic", "none"]
    if drive:
        command += ["-drive", f"file={drive},format=raw,if=virtio"]
    if audio:
        command += ["-audiodev", f"wav,id=speech,path={audio}", "-device", "intel-hda",
                    "-device", "hda-output,audiodev=speech"]
    log = open(os.path.join(out, "serial.log"), "w")
    qemu = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + args.timeout
    screens, status, lines, times = {}, None, [], {}
    started = time.time()
    try:
        serial = connect(serial_path, time.time() + 30)
        qmp = QMP(qmp_path, time.time() + 30)
        serial.settimeout(1)
        pending = b""
        while time.time() < deadline:
            try:
                data = serial.recv(4096)
            except socket.timeout:
                if qemu.poll() is not None:
                    break
                continue
            if not data:
                break
            log.write(data.decode(errors="replace"))
            log.flush()
            pending += data
            while b"\n" in pending:
                raw, pending = pending.split(b"\n", 1)
                line = raw.decode(errors="replace").strip()
                if not line.startswith("KIOSK "):
                    continue
                lines.append(line)
                words = line.split()
                if words[1] == "screen":
                    name = words[2]
                    ppm = os.path.join(work, name + ".ppm")
                    qmp.command("screendump", filename=ppm)
                    png = os.path.join(out, f"screen-{name}.png")
                    images.write_png(png, *images.read_ppm(ppm))
                    screens[name] = png
                    times[name] = time.time() - started
                    serial.sendall(b"go\n")
                elif words[1] == "exit-status":
                    status = int(words[2])
                elif words[1] == "done":
                    deadline = 0
        if time.time() >= deadline and deadline != 0:
            lines.append(f"KIOSK timeout after {args.timeout} s")
    finally:
        if qemu.poll() is None:
            try:
                qemu.wait(timeout=20)
            except subprocess.TimeoutExpired:
                qemu.kill()
                qemu.wait()
        log.close()
        shutil.rmtree(work, ignore_errors=True)
    return screens, status, lines, times


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def report(self, ok, text):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        print(f"{'ok  ' if ok else 'FAIL'} {text}", flush=True)


def equal_screen(screens, name, reference):
    if name not in screens:
        return False, "no screendump"
    diff = images.differing_pixels(images.read_png(screens[name]), reference)
    if diff is None:
        return False, "sizes differ"
    return diff == 0, f"{diff} pixels differ"


def display_used(lines):
    """Where the reader said it drew: ("fbdev", driver) for "... on /dev/fb0 (fbdev "NAME", ...",
    ("drm", None) for a card, (None, None) when it never said."""
    for line in lines:
        found = re.search(r'ebook-fb: (?:reading|library of) .* on (\S+) \(fbdev "([^"]*)"', line)
        if found:
            return "fbdev", found.group(2)
        if re.search(r"ebook-fb: (?:reading|library of) .* on /dev/dri/", line):
            return "drm", None
    return None, None


def panel_size(lines):
    """The panel's size in millimetres the reader said KMS reported ("... (320x200 mm); touch: ..."), or None."""
    for line in lines:
        found = re.search(r"ebook-fb: reading .* \((\d+)x(\d+) mm\)", line)
        if found:
            return f"{found.group(1)}x{found.group(2)}"
    return None


def check_screens(gpu, args, out, screens, lines, checks):
    """Each screen (over the page, or of a reader of its own) against the headless reader brought to the same state."""
    millimetres = panel_size(lines)
    for name, headless in args.screens.items():
        reference = os.path.join(out, f"reference-{name}.png")
        work = tempfile.mkdtemp(prefix="kiosk-headless-")
        for folder in ("state", "cache"):
            os.makedirs(os.path.join(work, folder))
        command = headless + ["--screenshot", reference, "--state-dir", os.path.join(work, "state")]
        if millimetres:
            command += ["--panel-mm", millimetres]
        environment = dict(os.environ, CACHE_DIRECTORY=os.path.join(work, "cache"))
        drawn = subprocess.run(command, capture_output=True, text=True, env=environment)
        shutil.rmtree(work, ignore_errors=True)
        if drawn.returncode != 0:
            checks.report(False, f"{gpu}: the {name} drawn headless: {drawn.stderr.strip()[-200:]}")
            continue
        ok, detail = equal_screen(screens, name, images.read_png(reference))
        panel = f"panel {millimetres} mm as KMS reported it" if millimetres else "no panel size from KMS"
        checks.report(ok, f"{gpu}: the {name} screen equals the headless reader's: {detail} ({panel})")


def check_boot(gpu, args, references, checks):
    out = os.path.join(args.out, gpu)
    os.makedirs(out, exist_ok=True)
    started = time.time()
    screens, status, lines, times = boot(gpu, args, out, append=" ".join(
        ["console=ttyS0 quiet loglevel=3 panic=-1"] + ([args.append] if args.append else [])))
    problems = [line for line in lines if "missing" in line or "failed" in line or "timeout" in line]
    suffix = f" ({'; '.join(problems)})" if problems else ""
    page1, page2 = references
    ok, detail = equal_screen(screens, "first", page1)
    checks.report(ok, f"{gpu}: first screen equals page 1 rendered headless: {detail}{suffix}")
    ok, detail = equal_screen(screens, "flick", page2)
    checks.report(ok, f"{gpu}: after a replayed flick the screen equals page 2: {detail}")
    if "zoom" in screens:
        correlation, sharpness = images.zoom_match(page2, images.read_png(screens["zoom"]), args.zoom, *args.zoom_center)
        checks.report(correlation > 0.6 and sharpness > 1.3,
                      f"{gpu}: after a double tap the screen shows page 2 zoomed {args.zoom}x and sharp: "
                      f"correlation {correlation:.2f}, sharpness {sharpness:.2f}x a scaled bitmap")
    else:
        checks.report(False, f"{gpu}: after a double tap the screen shows page 2 zoomed: no screendump")
    if "exit" in screens and "console" in screens:
        exit_screen, console = images.read_png(screens["exit"]), images.read_png(screens["console"])
        from_page = images.differing_pixels(exit_screen, page2)
        from_console = images.differing_pixels(exit_screen, console)
        width, height, _ = console
        restored = status == 0 and from_console is not None and from_console <= width * height // 200 \
            and (from_page is None or from_page > width * height // 2)
        shown = "a different size" if from_page is None else f"{from_page} pixels differ"
        checks.report(restored, f"{gpu}: on SIGTERM the reader exits (status {status}) and the console is back as it was "
                                f"({width}x{height}, {from_console} pixels differ; from the page: {shown})")
    else:
        checks.report(False, f"{gpu}: on SIGTERM the console is back: no screendump (reader status {status})")
    check_screens(gpu, args, out, screens, lines, checks)
    idle = next((line.split()[2:] for line in lines if line.split()[1:2] == ["idle"]), None)
    if idle and len(idle) == 3:
        print(f"     {gpu}: the reader at rest for 10 s: {int(idle[0]) / 1000:.2f} ms of CPU, "
              f"{idle[1]} context switches, {idle[2]} threads", flush=True)
    read = ", ".join(f"{name} {at:.1f}" for name, at in times.items())
    print(f"     {gpu}: booted and checked in {time.time() - started:.0f} s (screens read at s: {read})", flush=True)
    return screens, idle, lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--kernel", required=True)
    parser.add_argument("--initrd", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--zoom", type=float, required=True)
    parser.add_argument("--zoom-center", type=float, nargs=2, required=True)
    parser.add_argument("--gpus", default="bochs,virtio-gpu")
    parser.add_argument("--timeout", type=int, default=600)
    parser.add_argument("--screens", dest="screens_file", help="a JSON file: {NAME: the headless reader's command for that screen}")
    parser.add_argument("--append", default="", help="more kernel command line (vga=0x318 for a VESA mode)")
    args = parser.parse_args()
    args.screens = {}
    if args.screens_file:
        with open(args.screens_file) as f:
            args.screens = json.load(f)
    references = [images.read_png(os.path.join(args.reference, f"page{n}.png")) for n in (1, 2)]
    checks = Checks()
    first = None
    first_idle = None
    first_lines = None
    for gpu in args.gpus.split(","):
        screens, idle, lines = check_boot(gpu, args, references, checks)
        first = first or screens
        first_idle = first_idle or idle
        first_lines = first_lines or lines
    # The reader at rest, on the first adapter, beside what run.sh wrote.
    summary = os.path.join(args.out, "kiosk.json")
    if first_idle and len(first_idle) == 3 and os.path.exists(summary):
        with open(summary) as f:
            data = json.load(f)
        data["idle"] = {"cpu_ms_10s": int(first_idle[0]) / 1000, "wakeups_10s": int(first_idle[1]),
                        "threads": int(first_idle[2])}
        with open(summary, "w") as f:
            json.dump(data, f, indent=2)
            f.write("\n")
    display, driver = display_used(first_lines or [])
    if display and os.path.exists(summary):
        with open(summary) as f:
            data = json.load(f)
        data["display"] = display
        if driver is not None:
            data["fb_driver"] = driver
        with open(summary, "w") as f:
            json.dump(data, f, indent=2)
            f.write("\n")
    # The first adapter's screens are the run's screens.
    for name, path in (first or {}).items():
        shutil.copyfile(path, os.path.join(args.out, os.path.basename(path)))
    print(f"{checks.passed} passed, {checks.failed} failed", flush=True)
    sys.exit(1 if checks.failed else 0)


if __name__ == "__main__":
    main()
