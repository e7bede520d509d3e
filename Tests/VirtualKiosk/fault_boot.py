"""One boot of the kiosk's Debian image in QEMU for the fault run: the
guest's KIOSK lines from the first serial port, the reader's journal
(forwarded by journald) from the second, QMP screendumps, and a kill of
QEMU outright for a power cut."""
import os
import re
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import images  # noqa: E402
import kiosk  # noqa: E402

APPEND = "console=ttyS0 quiet loglevel=3 systemd.show_status=false panic=-1 rw"
PRESENTED = re.compile(r"ebook-fb\[(\d+)\]: ebook-fb: presented page (\d+)")


class Boot:
    """One run of QEMU on the image: the guest's KIOSK lines from the first
    serial port, the reader's journal from the second, screendumps."""

    def __init__(self, name, args, append, memory_mb=768, cpus=1):
        self.name, self.args = name, args
        self.work = tempfile.mkdtemp(prefix="faults-")
        self.out = os.path.join(args.out, "boots", name)
        os.makedirs(self.out, exist_ok=True)
        serial, journal, qmp = (os.path.join(self.work, n) for n in ("serial", "journal", "qmp"))
        command = ["qemu-system-x86_64", "-machine", "q35", "-accel", "tcg", "-m", str(memory_mb), "-smp", str(cpus),
                   "-kernel", args.kernel, "-initrd", args.initrd, "-append", f"{APPEND} {append}",
                   "-display", "none", "-vga", "none", "-device", "bochs-display",
                   "-chardev", f"socket,id=serial0,path={serial},server=on,wait=on", "-serial", "chardev:serial0",
                   "-chardev", f"socket,id=serial1,path={journal},server=on,wait=on", "-serial", "chardev:serial1",
                   "-qmp", f"unix:{qmp},server=on,wait=off", "-no-reboot", "-nic", "none",
                   "-drive", f"file={args.drive},format=raw,if=virtio"]
        self.log = open(os.path.join(self.out, "serial.log"), "w")
        self.journal_log = open(os.path.join(self.out, "journal.log"), "w")
        self.qemu = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT)
        self.serial = kiosk.connect(serial, time.time() + 60)
        self.journal = kiosk.connect(journal, time.time() + 60)
        self.qmp = kiosk.QMP(qmp, time.time() + 60)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.serial, selectors.EVENT_READ, "serial")
        self.selector.register(self.journal, selectors.EVENT_READ, "journal")
        self.pending = {"serial": b"", "journal": b""}
        self.lines = []          # KIOSK lines not yet taken
        self.pages = []          # (pid, page) the reader presented, in order
        self.open = 2
        self.started = time.time()

    def _pump(self, timeout):
        for key, _ in self.selector.select(timeout):
            data = key.fileobj.recv(65536)
            if not data:
                self.selector.unregister(key.fileobj)
                self.open -= 1
                continue
            log = self.log if key.data == "serial" else self.journal_log
            log.write(data.decode(errors="replace"))
            log.flush()
            self.pending[key.data] += data
            while b"\n" in self.pending[key.data]:
                raw, self.pending[key.data] = self.pending[key.data].split(b"\n", 1)
                line = raw.decode(errors="replace").strip()
                if key.data == "journal":
                    match = PRESENTED.search(line)
                    if match:
                        self.pages.append((int(match.group(1)), int(match.group(2))))
                elif line.startswith("KIOSK "):
                    self.lines.append(line[len("KIOSK "):])

    def next_line(self, timeout):
        """The guest's next line, or None when it said nothing in `timeout` s or QEMU is gone."""
        deadline = time.time() + timeout
        while not self.lines:
            if self.open == 0 or time.time() > deadline:
                return None
            self._pump(min(1.0, max(0.0, deadline - time.time())))
        return self.lines.pop(0)

    def wait_for(self, prefix, timeout):
        """Lines up to and including the first that starts with `prefix` (None for it when it never came)."""
        seen = []
        while True:
            line = self.next_line(timeout)
            if line is None:
                return seen, None
            seen.append(line)
            if line.startswith(prefix):
                return seen, line

    def idle(self, seconds):
        """Reads what comes for `seconds`, answering nothing."""
        deadline = time.time() + seconds
        while time.time() < deadline and self.open:
            self._pump(max(0.0, deadline - time.time()))

    def screen(self, name):
        ppm = os.path.join(self.work, "screen.ppm")
        self.qmp.command("screendump", filename=ppm)
        image = images.read_ppm(ppm)
        self.serial.sendall(b"go\n")
        return image

    def save(self, name, image):
        images.write_png(os.path.join(self.out, f"screen-{name}.png"), *image)

    def pull_the_plug(self):
        """SIGKILL: no shutdown, no flush; then whatever QEMU had sent is read to the end."""
        self.qemu.send_signal(signal.SIGKILL)
        self.qemu.wait()
        while self.open:
            self._pump(1.0)
        self.close()

    def close(self, timeout=120):
        if self.qemu.poll() is None:
            try:
                self.qemu.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.qemu.kill()
                self.qemu.wait()
        while self.open:
            self._pump(1.0)
        self.log.close()
        self.journal_log.close()
        shutil.rmtree(self.work, ignore_errors=True)
