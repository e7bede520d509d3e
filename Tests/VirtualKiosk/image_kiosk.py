"""Boots the kiosk's disk image (Systemd/build-image.sh) the way a PC does:
QEMU's UEFI firmware (OVMF) starts systemd-boot from the image, which
starts Debian's kernel; the ebook-fb unit shows the book. The guest's test
unit (systemd-guest-test.sh, first page only) reports on the serial
console; the screen is read through QMP `screendump` and compared with the
first page rendered headless.

usage: image_kiosk.py --out DIR --image IMAGE --firmware CODE VARS --reference PAGE1.PNG
                      --book BOOK --size WxH [--gpu bochs] [--timeout S]

Prints one line per check and "N passed, N failed"; writes DIR/kiosk.json
("image": true, the book and size the first page is rendered with, the
seconds from the kernel's and from QEMU's start to it) and
DIR/screen-first.png.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import images  # noqa: E402
import kiosk  # noqa: E402
from systemd_kiosk import value  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--image", required=True)
    parser.add_argument("--firmware", nargs=2, required=True, metavar=("CODE", "VARS"))
    parser.add_argument("--reference", required=True)
    parser.add_argument("--book", required=True)
    parser.add_argument("--size", required=True)
    parser.add_argument("--gpu", default="bochs")
    parser.add_argument("--timeout", type=int, default=900)
    args = parser.parse_args()
    checks = kiosk.Checks()
    out = os.path.join(args.out, args.gpu)
    os.makedirs(out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="kiosk-image-")
    try:
        # Each boot starts from the image and the firmware's variables as built.
        drive, variables = os.path.join(work, "kiosk.img"), os.path.join(work, "vars.fd")
        subprocess.run(["cp", "--sparse=always", args.image, drive], check=True)
        shutil.copyfile(args.firmware[1], variables)
        screens, _, lines, times = kiosk.boot(args.gpu, args, out, drive=drive, firmware=(args.firmware[0], variables))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    booted = value(lines, "booted")
    problems = [line for line in lines if line.split()[1:2] in (["missing"], ["failed:"], ["timeout"])]
    checks.report(booted is not None and "systemd" in booted,
                  f"{args.gpu}: the image boots through UEFI and systemd-boot, systemd as PID 1: {booted}"
                  + (f" ({'; '.join(problems)})" if problems else ""))
    ok, detail = kiosk.equal_screen(screens, "first", images.read_png(args.reference))
    checks.report(ok, f"{args.gpu}: the enabled unit shows the book from the BOOKS partition; "
                      f"the screen equals page 1 rendered headless: {detail}")
    try:
        first_page = float(value(lines, "first-page"))
    except (TypeError, ValueError):
        first_page = None
    from_qemu = times.get("first")
    checks.report(first_page is not None and first_page > 0,
                  f"{args.gpu}: the first page on screen {first_page} s after the kernel's start, "
                  f"{from_qemu if from_qemu is None else round(from_qemu, 1)} s after QEMU's (firmware and boot loader included)")
    with open(os.path.join(args.out, "kiosk.json"), "w") as f:
        json.dump({"image": True, "book": args.book, "size": args.size, "first_page_s": first_page,
                   "qemu_to_first_page_s": None if from_qemu is None else round(from_qemu, 2)}, f, indent=2)
        f.write("\n")
    for name, path in screens.items():
        shutil.copyfile(path, os.path.join(args.out, os.path.basename(path)))
    print(f"{checks.passed} passed, {checks.failed} failed", flush=True)
    sys.exit(1 if checks.failed else 0)


if __name__ == "__main__":
    main()
