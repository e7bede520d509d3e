#!/usr/bin/env bash
# Builds the kiosk's bootable x86-64 disk image from the ebook-fb Debian
# package: Debian 12 made by mkosi (Systemd/image) with the package's
# dependencies, the package installed in it, booted by UEFI through
# systemd-boot, the ebook-fb service enabled, the root file system mounted
# read-only, and a FAT partition labelled BOOKS mounted read-only at
# /srv/books, the library's folder, for books copied from any computer.
#
#   Systemd/build-image.sh DEB IMAGE [--books DIR] [--books-size MB]
#       [--set KEY=VALUE]... [--add-tree DIR] [--cmdline ARGUMENTS] [--cache DIR]
#
# --books: the files put on the BOOKS partition (default: the sample
# books); --set: settings besides BOOKS=/srv/books, written to the
# drop-in /etc/ebook-fb.conf.d/50-image.conf; --add-tree: files laid over the root tree;
# --cmdline: more kernel arguments; --cache: where mkosi's tree of
# Debian packages is kept between builds (default: a temporary folder).
# Runs as root; needs mkosi, dosfstools, mtools, fdisk and e2fsprogs.
set -euo pipefail
REPO="$(cd "$(dirname "$0")/.." && pwd)"
usage() { echo "usage: $0 DEB IMAGE [--books DIR] [--books-size MB] [--set KEY=VALUE]... [--add-tree DIR] [--cmdline ARGS] [--cache DIR]" >&2; exit 2; }
[ $# -ge 2 ] || usage
DEB="$(realpath "$1")" IMAGE="$2"; shift 2
BOOKS_DIR="$REPO/Books" BOOKS_MB=256 SETTINGS=() ADD_TREE="" CMDLINE="" CACHE=""
while [ $# -gt 0 ]; do
    case "$1" in
        --books) BOOKS_DIR="$2"; shift 2 ;;
        --books-size) BOOKS_MB="$2"; shift 2 ;;
        --set) SETTINGS+=("$2"); shift 2 ;;
        --add-tree) ADD_TREE="$2"; shift 2 ;;
        --cmdline) CMDLINE="$2"; shift 2 ;;
        --cache) CACHE="$2"; shift 2 ;;
        *) usage ;;
    esac
done
[ -f "$DEB" ] || { echo "build-image: no package at $DEB" >&2; exit 1; }
[ -d "$BOOKS_DIR" ] || { echo "build-image: no books folder at $BOOKS_DIR" >&2; exit 1; }
for tool in mkosi mkfs.vfat mcopy sfdisk mkfs.ext4; do
    command -v "$tool" > /dev/null || { echo "build-image: $tool is missing (apt-get install mkosi dosfstools mtools fdisk e2fsprogs)" >&2; exit 1; }
done
# shellcheck source=Systemd/kiosk-root.sh
. "$REPO/Systemd/kiosk-root.sh"
step() { echo "== $*" >&2; }
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
[ -n "$CACHE" ] || CACHE="$WORK/cache"
mkdir -p "$CACHE"
CACHE="$(cd "$CACHE" && pwd)"

# The package's dependencies (each one's first choice, without versions)
# are installed by mkosi with the system; the tree is kept in the cache,
# named by the definition and that list, and the package goes into a
# copy of it, offline.
PACKAGES="$(for field in Depends Recommends; do dpkg-deb -f "$DEB" "$field"; done | tr ',' '\n' \
    | sed -e 's/|.*//' -e 's/(.*)//' -e 's/[[:space:]]//g' | grep -v '^$' | sort -u | paste -sd, -)"
DEFINITION="$REPO/Systemd/image"
KEY="$( (cat "$DEFINITION/mkosi.default" "$DEFINITION/mkosi.prepare"; find "$DEFINITION/mkosi.skeleton" -type f | sort | xargs cat; echo "$PACKAGES") | sha256sum | cut -c1-16)"
BASE="$CACHE/$KEY"
if [ ! -d "$BASE/root" ]; then
    step "mkosi: Debian with the package's dependencies (kept in $BASE)"
    rm -rf "$BASE"
    mkdir -p "$BASE"
    # Not mkosi's --incremental: mkosi 14 copies its cached tree without
    # the files' owners.
    mkosi -C "$DEFINITION" --force --mirror "$(bash "$REPO/Systemd/debian-mirror.sh")" \
        --package "$PACKAGES" --output-dir "$BASE/.build" --output "$BASE/.build/root" build >&2
    mv "$BASE/.build/root" "$BASE/root"
    rm -rf "$BASE/.build"
fi
step "the package in a copy of that tree"
TREE="$WORK/root"
cp -a "$BASE/root" "$TREE"
dpkg --root="$TREE" -i "$DEB" >&2

step "the kiosk's settings, mounts and boot entry"
# The image's settings: a drop-in over the package's /etc/ebook-fb.conf.
[ -f "$TREE/etc/ebook-fb.conf" ] || { echo "build-image: the package installed no /etc/ebook-fb.conf" >&2; exit 1; }
mkdir -p "$TREE/etc/ebook-fb.conf.d"
for setting in BOOKS=/srv/books "${SETTINGS[@]}"; do
    [[ "$setting" =~ ^[A-Z_]+= ]] || { echo "build-image: --set $setting is not KEY=VALUE" >&2; exit 1; }
    echo "$setting"
done > "$TREE/etc/ebook-fb.conf.d/50-image.conf"
# The root is read-only: the reading positions and the reader's caches
# live in memory, the journal too; the books come from the BOOKS
# partition, never written by the kiosk (FAT survives no power cut).
mkdir -p "$TREE/srv/books" "$TREE/var/lib/ebook-fb" "$TREE/var/cache/ebook-fb"
cat > "$TREE/etc/fstab" <<'FSTAB'
LABEL=kiosk-root / ext4 ro,noatime 0 1
LABEL=BOOKS /srv/books vfat ro,nofail,noatime,x-systemd.device-timeout=60s 0 0
tmpfs /var/lib/ebook-fb tmpfs mode=0700,nosuid,nodev 0 0
tmpfs /var/cache/ebook-fb tmpfs mode=0700,nosuid,nodev 0 0
FSTAB
# nofail: without the partition the kiosk still starts, a minute later,
# and says what is missing, instead of stopping the boot; so the reader
# waits for the mount itself. Fontconfig wants a writable cache folder
# besides the system's, written at install: the reader's own.
mkdir -p "$TREE/etc/systemd/system/ebook-fb.service.d" "$TREE/etc/systemd/journald.conf.d"
printf '[Unit]\nWants=srv-books.mount\nAfter=srv-books.mount\n\n[Service]\nEnvironment=XDG_CACHE_HOME=/var/cache/ebook-fb\n' \
    > "$TREE/etc/systemd/system/ebook-fb.service.d/image.conf"
printf '[Journal]\nStorage=volatile\n' > "$TREE/etc/systemd/journald.conf.d/ebook-fb-image.conf"
# The random seed cannot be saved on a read-only root.
kiosk_root_trim "$TREE"
systemctl --root="$TREE" mask systemd-random-seed.service >&2
[ -z "$ADD_TREE" ] || cp -a "$ADD_TREE/." "$TREE/"
kiosk_root_seal "$TREE"

KERNEL_VERSION="$(basename "$(ls -d "$TREE"/lib/modules/* | sort -V | tail -n 1)")"
ESP_FILES="$WORK/esp"
mkdir -p "$ESP_FILES/EFI/BOOT" "$ESP_FILES/loader/entries"
cp "$TREE/usr/lib/systemd/boot/efi/systemd-bootx64.efi" "$ESP_FILES/EFI/BOOT/BOOTX64.EFI"
cp "$TREE/boot/vmlinuz-$KERNEL_VERSION" "$ESP_FILES/vmlinuz"
cp "$TREE/boot/initrd.img-$KERNEL_VERSION" "$ESP_FILES/initrd.img"
# No menu: the one entry boots at once.
printf 'timeout 0\ndefault ebook-fb.conf\n' > "$ESP_FILES/loader/loader.conf"
cat > "$ESP_FILES/loader/entries/ebook-fb.conf" <<ENTRY
title ebook-fb kiosk
linux /vmlinuz
initrd /initrd.img
options root=LABEL=kiosk-root ro quiet loglevel=3 systemd.show_status=false vt.global_cursor_default=0 $CMDLINE
ENTRY

step "partitions: EFI system, root (ext4), BOOKS (FAT)"
mib() { echo $(( ($(du -s --block-size=1M "$1" | cut -f1) + 1) )); }
ESP_MB=$(( $(mib "$ESP_FILES") + 16 ))
[ "$ESP_MB" -ge 100 ] || ESP_MB=100
ROOT_MB=$(( $(mib "$TREE") * 5 / 4 + 64 ))
mkfs.vfat -F 32 -n ESP -C "$WORK/esp.img" $((ESP_MB * 1024)) > /dev/null
mcopy -s -i "$WORK/esp.img" "$ESP_FILES"/* ::/
mkfs.ext4 -q -F -L kiosk-root -d "$TREE" "$WORK/root.img" "${ROOT_MB}M"
mkfs.vfat -F 32 -n BOOKS -C "$WORK/books.img" $((BOOKS_MB * 1024)) > /dev/null
if [ -n "$(ls -A "$BOOKS_DIR")" ]; then mcopy -s -i "$WORK/books.img" "$BOOKS_DIR"/* ::/; fi

# GPT: the EFI system partition, the x86-64 root (read-only flag, bit 60)
# and the BOOKS partition as Microsoft basic data, which Windows and macOS
# mount as a drive too.
rm -f "$IMAGE"
truncate -s $(( (1 + ESP_MB + ROOT_MB + BOOKS_MB + 1) * 1024 * 1024 )) "$IMAGE"
sfdisk -q --label gpt "$IMAGE" <<TABLE
start=1MiB, size=${ESP_MB}MiB, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B, name=ESP
size=${ROOT_MB}MiB, type=4F68BCE3-E8CD-4DB1-96E7-FBCAF984B709, name=kiosk-root, attrs="GUID:60"
size=${BOOKS_MB}MiB, type=EBD0A0A2-B9E5-4433-87C0-68B6B72699C7, name=BOOKS
TABLE
offset=1
for part in esp:$ESP_MB root:$ROOT_MB books:$BOOKS_MB; do
    dd if="$WORK/${part%%:*}.img" of="$IMAGE" bs=1M seek="$offset" conv=notrunc,sparse status=none
    offset=$((offset + ${part#*:}))
done
echo "build-image: $IMAGE ($(du -h --apparent-size "$IMAGE" | cut -f1); kernel $KERNEL_VERSION; BOOKS ${BOOKS_MB} MB)" >&2
