"""Packs the virtual kiosk's initramfs (a gzip'd cpio "newc" archive).

Contents: busybox, /init, the ebook-fb binary with the shared libraries ldd
names, the book, a folder of books, the font, the touch recordings, kiosk.env
and the kernel modules asked for with everything they depend on (read from
each module's .modinfo), listed in load order in /kiosk/modules.order.

usage: initramfs.py OUT.cpio.gz --kernel-root DIR --busybox FILE --init FILE
           [--binary FILE --book FILE [--books DIR] --font FILE --recordings DIR --env FILE]
           --modules NAME,NAME,...

Without --binary (the systemd boot) the initramfs only mounts the root disk.
"""
import argparse
import glob
import gzip
import os
import re
import subprocess


class Archive:
    def __init__(self):
        self.data, self.inode, self.dirs = bytearray(), 1, set()

    def _entry(self, name, mode, body=b""):
        header = "070701" + "".join(f"{v:08x}" for v in (
            self.inode, mode, 0, 0, 1, 0, len(body), 0, 0, 0, 0, len(name) + 1, 0))
        self.inode += 1
        self.data += header.encode() + name.encode() + b"\0"
        self.data += b"\0" * (-len(self.data) % 4)
        self.data += body
        self.data += b"\0" * (-len(self.data) % 4)

    def directory(self, path):
        path = path.strip("/")
        if not path or path in self.dirs:
            return
        self.directory(os.path.dirname(path))
        self.dirs.add(path)
        self._entry(path, 0o40755)

    def file(self, path, body, executable=False):
        path = path.strip("/")
        self.directory(os.path.dirname(path))
        self._entry(path, 0o100755 if executable else 0o100644, body)

    def symlink(self, path, target):
        path = path.strip("/")
        self.directory(os.path.dirname(path))
        self._entry(path, 0o120777, target.encode())

    def close(self):
        self._entry("TRAILER!!!", 0)
        return bytes(self.data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def module_files(kernel_root):
    files = {}
    for path in glob.glob(os.path.join(kernel_root, "lib/modules/*/kernel/**/*.ko"), recursive=True):
        files[os.path.basename(path)[:-3].replace("-", "_")] = path
    return files


def dependencies(path):
    match = re.search(rb"(?:^|\0)depends=([^\0]*)\0", read(path))
    return [d.replace("-", "_") for d in match.group(1).decode().split(",") if d] if match else []


def load_order(names, files):
    order, seen = [], set()

    def visit(name):
        if name in seen:
            return
        seen.add(name)
        if name not in files:
            raise SystemExit(f"kernel module {name} is not in the kernel package")
        for dependency in dependencies(files[name]):
            visit(dependency)
        order.append(name)

    for name in names:
        visit(name.replace("-", "_"))
    return order


# Libraries the reader loads when it needs them, not at start (libzip,
# libxml2 and nettle with the first EPUB, libarchive with the first comic
# archive, giflib and libwebp with the first such image, hunspell with the
# first dictionary, libgettextpo with the first translation, espeak-ng and
# ALSA when speech starts): with what they link, they are put in beside
# the binary's own.
ON_DEMAND = ["libzip.so.4", "libxml2.so.2", "libnettle.so.8", "libarchive.so.13", "libgif.so.7", "libwebp.so.7",
             "libhunspell-1.7.so.0", "libgettextpo.so.0", "libespeak-ng.so.1", "libasound.so.2"]


def on_demand_libraries():
    cache = subprocess.run(["ldconfig", "-p"], check=True, capture_output=True, text=True).stdout
    paths = []
    for name in ON_DEMAND:
        for line in cache.splitlines():
            parts = line.split()
            if parts and parts[0] == name and parts[-1].startswith("/"):
                paths.append(parts[-1])
                paths += linked_libraries(parts[-1])
                break
    return paths


def shared_libraries(binary):
    libraries = linked_libraries(binary) + on_demand_libraries()
    return list(dict.fromkeys(libraries))


def linked_libraries(binary):
    output = subprocess.run(["ldd", binary], check=True, capture_output=True, text=True).stdout
    libraries = []
    for line in output.splitlines():
        parts = line.split()
        if "=>" in parts and len(parts) >= 3 and parts[2].startswith("/"):
            libraries.append(parts[2])
        elif parts and parts[0].startswith("/"):
            libraries.append(parts[0])
    return libraries


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    for option in ("kernel-root", "busybox", "init", "modules"):
        parser.add_argument("--" + option, required=True)
    for option in ("binary", "book", "font", "recordings", "env"):
        parser.add_argument("--" + option)
    parser.add_argument("--books", help="a folder whose files become /kiosk/books")
    args = parser.parse_args()
    if args.binary and not all((args.book, args.font, args.recordings, args.env)):
        parser.error("--binary needs --book, --font, --recordings and --env")

    archive = Archive()
    for directory in ("dev", "proc", "sys", "tmp", "etc", "bin", "kiosk/modules"):
        archive.directory(directory)
    archive.file("bin/busybox", read(args.busybox), executable=True)
    archive.symlink("bin/sh", "busybox")
    archive.file("init", read(args.init), executable=True)
    if args.binary:
        archive.file("kiosk/ebook-fb", read(args.binary), executable=True)
        for library in shared_libraries(args.binary):
            archive.file(library, read(os.path.realpath(library)), executable=True)
        archive.file("kiosk/book.txt", read(args.book))
        if args.books:
            archive.directory("kiosk/books")
            for name in sorted(os.listdir(args.books)):
                archive.file("kiosk/books/" + name, read(os.path.join(args.books, name)))
        archive.file("kiosk/font.ttf", read(args.font))
        archive.file("kiosk/kiosk.env", read(args.env))
        for recording in sorted(glob.glob(os.path.join(args.recordings, "*.events"))):
            archive.file("kiosk/" + os.path.basename(recording), read(recording))
    files = module_files(args.kernel_root)
    order = load_order(args.modules.split(","), files)
    for name in order:
        archive.file(f"kiosk/modules/{name}.ko", read(files[name]))
    archive.file("kiosk/modules.order", ("\n".join(f"{name}.ko" for name in order) + "\n").encode())
    with open(args.out, "wb") as f:
        f.write(gzip.compress(archive.close(), compresslevel=1))
    print(f"initramfs {args.out}: modules {' '.join(order)}")


if __name__ == "__main__":
    main()
