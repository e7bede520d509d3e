"""The fault run's host side: boots the kiosk's Debian image again and again
(the disk, and so the reader's state folder, kept from boot to boot), reads
the screen through QMP `screendump` when the guest says a screen is ready,
kills QEMU outright for the power cuts, and judges what it sees.

usage: faults.py --out DIR --kernel VMLINUZ --initrd INITRD --drive IMAGE
                 --binary EBOOK_FB --book BOOK --size WxH [--render-arg ARG...]
                 [--cuts 20] [--special-cuts 2] [--switches 50] [--unplugs 20]
                 [--memory-books GUEST,PATHS] [--memory-mb 256] [--seed N]

Boots: one for console switches, touchscreen unplugs and the console lock;
one per power cut (most while paging; some while the text settings or a
hyphenation snapshot are being written), each checked by the boot after
it; one on a small memory, which also checks the last cut. Prints one line
per case and "N passed, N failed"; writes DIR/faults.json.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import images  # noqa: E402
import kiosk  # noqa: E402
from fault_boot import Boot  # noqa: E402
from fault_state import StateReport, fields, settled  # noqa: E402



class References:
    """Pages rendered headless with the kiosk's settings, by page and theme, made when first asked for."""

    def __init__(self, args):
        self.args, self.cache = args, {}
        self.folder = os.path.join(args.out, "reference")
        os.makedirs(self.folder, exist_ok=True)

    def page(self, number, theme="light"):
        key = (number, theme)
        if key not in self.cache:
            path = os.path.join(self.folder, f"page{number}-{theme}.png")
            subprocess.run([self.args.binary, "render", self.args.book, "--page", str(number), "--size", self.args.size,
                            *self.args.render_arg, "--theme", theme, "--out", path], check=True)
            self.cache[key] = images.read_png(path)
        return self.cache[key]


def same(screen, reference):
    diff = images.differing_pixels(screen, reference)
    return diff == 0, "sizes differ" if diff is None else f"{diff} pixels differ"


def rows_differing(a, b):
    """How many rows of two same-sized images differ at all (fast: whole rows compared)."""
    (width, height, pa), (_, _, pb) = a, b
    stride = width * 3
    return sum(1 for y in range(height) if pa[y * stride:(y + 1) * stride] != pb[y * stride:(y + 1) * stride])


def ink_share(image):
    width, height, rgb = image
    dark = sum(1 for i in range(0, len(rgb), 3 * 7) if rgb[i] + rgb[i + 1] + rgb[i + 2] < 300) * 7
    return dark / (width * height)


class Run:
    def __init__(self, args):
        self.args, self.checks, self.references = args, kiosk.Checks(), References(args)
        self.figures = {"power_cuts": 0, "resumed_ok": 0, "state_files_torn": 0, "vt_switches": 0,
                        "screens_restored": 0, "reader_restarts": 0, "touch_unplugs": 0, "touch_after_replug_ok": 0,
                        "lock_vt_held": False, "small_memory": {}, "flicks_turned_across_switches": 0}

    def report(self, ok, text):
        self.checks.report(ok, text)

    def problems(self, lines):
        for line in lines:
            if line.startswith("failed"):
                print(f"     guest: {line}", flush=True)

    # Console switches, unplugs, the lock ------------------------------------

    def console_boot(self):
        args = self.args
        boot = Boot("console", args, f"kiosk.mode=console kiosk.switches={args.switches} kiosk.unplugs={args.unplugs}")
        pids, last = set(), {}
        switches = unplugs = 0
        try:
            while True:
                line = boot.next_line(args.timeout)
                if line is None:
                    said = {k: v for k, v in last.items() if isinstance(v, dict)}
                    self.report(False, f"console boot: the guest went quiet (last: {said})")
                    break
                words = line.split()
                if words[0] == "done":
                    break
                if words[0].startswith("failed"):
                    print(f"     guest: {line}", flush=True)
                    continue
                if words[0] in ("resumed", "switch", "unplug", "unlocked", "locked"):
                    last[words[0]] = fields(line)
                    if words[0] == "unlocked":
                        console = last["unlocked"].get("console")
                        self.report(console == "2", f"LOCK_VT=no: Ctrl+Alt+F2 from an evdev keyboard switches to "
                                                    f"console 2 (the reader reads the keys): console {console}")
                    continue
                if words[0] != "screen":
                    continue
                name = words[1]
                image = boot.screen(name)
                if name == "resumed":
                    boot.save(name, image)
                elif name.startswith("away-"):
                    last["away-screen"] = image
                elif name.startswith("back-"):
                    switches += 1
                    pids.update(last["switch"].get("pid", "").split("/"))
                    self.judge_switch(last["switch"], last.get("away-screen"), image, boot, name)
                elif name.startswith("unplug-"):
                    unplugs += 1
                    self.judge_unplug(last["unplug"], image, boot, name)
                elif name == "locked":
                    self.judge_lock(last["locked"], image, boot)
        finally:
            boot.close()
        self.figures["vt_switches"] = switches
        self.figures["touch_unplugs"] = unplugs
        restarts = max(len(pids - {""}) - 1, 0)
        self.figures["reader_restarts"] = restarts
        self.report(switches >= args.switches and restarts == 0,
                    f"{switches} console switches: the reader kept running (pids {' '.join(sorted(pids - {''}))}), "
                    f"{self.figures['screens_restored']} screens restored")

    def judge_switch(self, info, away_screen, image, boot, name):
        before, page = int(info.get("before") or 0), int(info.get("page") or 0)
        flick = info.get("flick") == "1"
        reference = self.references.page(page) if page else None
        ok, detail = same(image, reference) if reference else (False, "no page presented")
        gone = away_screen is not None and reference is not None and rows_differing(away_screen, reference) > image[1] // 4
        away, back = info.get("away"), info.get("back")
        pid_kept = len(set(info.get("pid", "").split("/"))) == 1
        # A flick whose last touches are read while the console is away may
        # end without its speed; the page then stays, and that is the page shown.
        settled_right = page in ((before, before + 1) if flick else (before,))
        if flick and page == before + 1:
            self.figures["flicks_turned_across_switches"] += 1
        restored = ok and gone and away == "2/n" and back == "1/y" and pid_kept and info.get("restarts") == "0" \
            and settled_right
        if restored:
            self.figures["screens_restored"] += 1
        else:
            boot.save(name, image)
            if away_screen is not None:
                boot.save(name.replace("back", "away"), away_screen)
        self.report(restored, f"console switch {info.get('i')} {'during a flick' if flick else 'at rest'}: away on "
                              f"console/master {away}, the page {'gone' if gone else 'STILL shown'}; back {back} on page "
                              f"{page} (was {before}), the screen equals it: {detail}; pid {info.get('pid')}")

    def judge_unplug(self, info, image, boot, name):
        values = [info.get(k, "none") for k in ("before", "dragged", "flicked")]
        ok = all(v.isdigit() for v in values)
        detail = "no page presented"
        if ok:
            before, dragged, flicked = map(int, values)
            ok, detail = same(image, self.references.page(flicked))
            ok = ok and dragged == before + 1 and flicked == dragged + 1
        if ok:
            self.figures["touch_after_replug_ok"] += 1
        else:
            boot.save(name, image)
        self.report(ok, f"touchscreen unplugged mid-drag {info.get('i')}: page {values[0]}, the drag settled on "
                        f"{values[1]}, replugged a flick turned to {values[2]}; the screen equals it: {detail}")

    def judge_lock(self, info, image, boot):
        page = int(info.get("page") or 0)
        ok, detail = same(image, self.references.page(page)) if page else (False, "no page presented")
        held = ok and info.get("refused") == "0" and info.get("console") == "1" and info.get("master") == "y" \
            and info.get("switched") == "0"
        boot.save("locked", image)
        self.figures["lock_vt_held"] = held
        self.report(held, f"LOCK_VT=yes: Ctrl+Alt+F2 and chvt 2 refused (the reader said so: "
                          f"{info.get('refused') == '0'}), still console {info.get('console')}, master "
                          f"{info.get('master')}, the page {page} on screen: {detail}")

    # Power cuts ----------------------------------------------------------------

    def resume(self, boot):
        """The state folder as the last cut left it and the page the reader opened on (with its screen)."""
        seen, line = boot.wait_for("state-checked", self.args.timeout)
        state = StateReport(seen)
        seen, line = boot.wait_for("resumed", self.args.timeout)
        self.problems(seen)
        if line is None:
            return state, None, None, "the reader presented no page"
        page = int(fields(line).get("page") or 0)
        _, screen_line = boot.wait_for("screen resumed", 60)
        image = boot.screen("resumed") if screen_line else None
        ok, detail = same(image, self.references.page(page, state.theme())) if image else (False, "no screendump")
        if not ok and image:
            boot.save("resumed", image)
        _, after = boot.wait_for("temporary-files-after", 60)
        left = int(fields(after).get("count", "-1")) if after else -1
        return state, page, ok, f"the screen equals page {page} ({state.theme()}): {detail}; " \
                                f"temporary files {state.temporary} before the start, {left} after"

    def judge_cut(self, cut, state, page, screen_ok, detail):
        torn = state.torn()
        if torn:
            self.figures["state_files_torn"] += 1
        allowed = cut["allowed"]
        ok = page in allowed and screen_ok and not torn
        if ok:
            self.figures["resumed_ok"] += 1
        snapshots = ", ".join(f"{n} {s} bytes" for n, s in state.snapshots.items()) or "none"
        self.report(ok, f"power cut {cut['number']} ({cut['mode']}, {cut['at']:.1f} s in, last settled pages "
                        f"{cut['settled'][-3:]}): reopened on page {page} (allowed {sorted(allowed)}); "
                        f"state files {'whole' if not torn else 'TORN: ' + '; '.join(torn)}; {detail}; "
                        f"snapshots after the cut: {snapshots}")

    def cut(self, number, mode):
        """Boots, checks the previous cut, then pulls the plug at a random moment of `mode`."""
        boot = Boot(f"cut-{number:02d}-{mode}", self.args, f"kiosk.mode={mode}")
        state, page, screen_ok, detail = self.resume(boot)
        if self.previous:
            self.judge_cut(self.previous, state, page, screen_ok, detail)
        seen, ready = boot.wait_for("cut-ready", self.args.timeout)
        self.problems(seen)
        low, high = {"paging": (0.5, 7), "settings": (0.5, 7), "snapshot": (1, 10)}[mode]
        delay = self.random.uniform(low, high) if ready else 0
        boot.idle(delay)
        boot.pull_the_plug()
        self.problems(boot.lines)
        order = settled(boot.pages)
        if not order and page:
            order = [page]
        self.previous = {"number": number, "mode": mode, "at": delay, "settled": order,
                         "allowed": set(order[-2:])}
        self.figures["power_cuts"] += 1

    # Small memory ------------------------------------------------------------

    def memory_boot(self):
        args = self.args
        # A small board: 256 MB and two cores (as an Orange Pi Zero's four, halved for the host).
        boot = Boot("small-memory", args, f"kiosk.mode=memory kiosk.books={args.memory_books}", memory_mb=args.memory_mb,
                    cpus=2)
        books, ram, memory_max, oom = {}, None, None, None
        try:
            state, page, screen_ok, detail = self.resume(boot)
            if self.previous:
                self.judge_cut(self.previous, state, page, screen_ok, detail)
            while True:
                line = boot.next_line(args.timeout)
                if line is None or line == "done":
                    break
                words = line.split()
                info = fields(line)
                if words[0] == "memory":
                    ram, memory_max = int(info.get("ram-mb", 0)), info.get("memory-max")
                elif words[0] == "screen":
                    image = boot.screen(words[1])
                    boot.save(words[1], image)
                    books["_ink"] = ink_share(image)
                elif words[0] == "book":
                    self.judge_book(info, books)
                elif words[0] == "oom":
                    oom = int(info.get("kills", -1))
                    print(f"     small memory: the unit's result {info.get('result')}", flush=True)
                elif words[0].startswith("failed"):
                    print(f"     guest: {line}", flush=True)
        finally:
            boot.close()
        books.pop("_ink", None)
        worst = {"first_page_s": max((b["first_page_s"] for b in books.values()), default=None),
                 "pages_turned": min((b["pages_turned"] for b in books.values()), default=0),
                 "peak_rss_mb": max((b["peak_rss_mb"] for b in books.values()), default=None)}
        self.figures["small_memory"] = {"ram_mb": args.memory_mb, "guest_memtotal_mb": ram,
                                        "memory_max_mb": int(memory_max) // (1 << 20) if (memory_max or "").isdigit() else memory_max,
                                        "oom_kills": oom, **worst, "books": books}
        self.report(oom == 0 and len(books) == len(args.memory_books.split(",")),
                    f"{args.memory_mb} MB of RAM (the guest sees {ram} MB; MemoryMax {memory_max}): "
                    f"{oom} OOM kills, {len(books)} books opened")

    def judge_book(self, info, books):
        name = os.path.basename(info.get("path", "?"))
        try:
            seconds = float(info.get("first-page-s"))
        except (TypeError, ValueError):
            seconds = None
        peak = int(info["peak-kb"]) / 1024 if info.get("peak-kb", "").isdigit() else None
        turned = int(info.get("turned", 0))
        ink = books.get("_ink", 0)
        service = float(info["service-s"]) if info.get("service-s", "").replace(".", "", 1).isdigit() else None
        books[name] = {"bytes": int(info.get("bytes", 0)), "first_page_s": seconds, "service_start_to_first_page_s": service,
                       "pages_turned": turned,
                       "peak_rss_mb": round(peak, 1) if peak else None, "from_page": info.get("from"),
                       "to_page": info.get("to")}
        kept = len(set(info.get("pid", "").split("/"))) == 1 and info.get("restarts") == "0"
        # The first screen is a page: neither blank nor black (a picture may
        # take most of it).
        ok = seconds is not None and seconds < self.args.first_page_limit and turned >= 50 and kept and 0.001 < ink < 0.9
        self.report(ok, f"small memory, {name} ({int(info.get('bytes', 0)) / 1e6:.1f} MB): first page on the glass "
                        f"{seconds} s after the reader opens it ({service} s after the service's start), {turned} pages turned (page {info.get('from')} to {info.get('to')}), "
                        f"peak RSS {peak and round(peak, 1)} MB, {100 * ink:.1f}% ink on the first screen, "
                        f"pid {info.get('pid')}, restarts {info.get('restarts')}")

    def run(self):
        args = self.args
        self.random = random.Random(args.seed)
        print(f"     seed {args.seed}", flush=True)
        parts = args.only.split(",")
        started = time.time()
        if "console" in parts:
            self.console_boot()
            print(f"     console switches and unplugs in {time.time() - started:.0f} s", flush=True)
        started = time.time()
        self.previous = None
        schedule = ["paging"] * args.cuts + ["settings"] * args.special_cuts + ["snapshot"] * args.special_cuts
        for number, mode in enumerate(schedule if "cuts" in parts else [], 1):
            self.cut(number, mode)
        print(f"     {self.figures['power_cuts']} power cuts in {time.time() - started:.0f} s", flush=True)
        started = time.time()
        if "memory" in parts:
            self.memory_boot()
            print(f"     small memory in {time.time() - started:.0f} s", flush=True)
        with open(os.path.join(args.out, "faults.json"), "w") as f:
            json.dump(self.figures, f, indent=2)
            f.write("\n")
        print(f"{self.checks.passed} passed, {self.checks.failed} failed", flush=True)
        return self.checks.failed == 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--kernel", required=True)
    parser.add_argument("--initrd", required=True)
    parser.add_argument("--drive", required=True)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--book", required=True)
    parser.add_argument("--size", required=True)
    parser.add_argument("--render-arg", action="append", default=[])
    parser.add_argument("--cuts", type=int, default=20)
    parser.add_argument("--special-cuts", type=int, default=2)
    parser.add_argument("--switches", type=int, default=50)
    parser.add_argument("--unplugs", type=int, default=20)
    parser.add_argument("--memory-books", required=True)
    parser.add_argument("--memory-mb", type=int, default=256)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--timeout", type=int, default=300)
    parser.add_argument("--only", default="console,cuts,memory", help="the parts to run, of console,cuts,memory")
    parser.add_argument("--first-page-limit", type=float, default=2.0,
                        help="seconds the small machine may take to show a book's first page")
    args = parser.parse_args()
    sys.exit(0 if Run(args).run() else 1)


if __name__ == "__main__":
    main()
