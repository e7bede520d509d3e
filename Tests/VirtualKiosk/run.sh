#!/usr/bin/env bash
# The virtual kiosk: the release binary on Debian's own kernel in QEMU,
# drawing through the bochs and virtio-gpu DRM drivers and touched through
# uinput; the screen is read back with QMP screendump and checked.
#
#   Tests/VirtualKiosk/run.sh [--out DIR] [--gpus bochs,virtio-gpu]
#   Tests/VirtualKiosk/run.sh --window [--gpus virtio-gpu]   (a window to try it, the mouse as a finger)
#   Tests/VirtualKiosk/run.sh --fbdev [--out DIR]
#       (the reader told --display fbdev, on the bochs DRM driver's fbdev emulation)
#   Tests/VirtualKiosk/run.sh --no-drm [--out DIR]
#       (no DRM driver at all: the kernel's built-in vesafb on QEMU's VGA in
#        VESA mode 1024x768x24, set at boot by vga=0x318; the reader on
#        --display auto finds no card and takes the framebuffer)
#   Tests/VirtualKiosk/run.sh --systemd [--out DIR] [--gpus bochs]
#       (Debian with systemd as PID 1 and the ebook-fb unit enabled: the book
#        at boot, the time to the first page, a restart after kill -9)
#   Tests/VirtualKiosk/run.sh --image [--out DIR] [--deb PATH]
#       (the kiosk's disk image made by Systemd/build-image.sh from the Debian
#        package, booted by UEFI firmware: the book from its BOOKS partition
#        and the time to the first page)
#   Tests/VirtualKiosk/run.sh --faults [--out DIR] [--short] [--seed N]
#       (that Debian image pulled about: power cuts, console switches,
#        touchscreen unplugs, 256 MB of RAM; --short: 5 cuts, 10 switches,
#        5 unplugs; or each count with --cuts, --special-cuts, --switches, --unplugs;
#        --only console,cuts,memory for some of the parts; --first-page-limit S
#        for the small machine's first page, 2 s unless given)
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
HERE="$ROOT/Tests/VirtualKiosk"
OUT="$ROOT/.build/virtual-kiosk/out"
GPUS=""
WINDOW=0
SYSTEMD=0
FAULTS=0
IMAGE_BOOT=0
DEB=""
FRAMEBUFFER=""
CUTS=20 SPECIAL_CUTS=2 SWITCHES=50 UNPLUGS=20 MEMORY_MB=256 SEED="" ONLY="" FIRST_PAGE_LIMIT=""
while [ $# -gt 0 ]; do
    case "$1" in
        --out) OUT="$2"; shift 2 ;;
        --gpus) GPUS="$2"; shift 2 ;;
        --window) WINDOW=1; shift ;;
        --systemd) SYSTEMD=1; shift ;;
        --faults) FAULTS=1; shift ;;
        --image) IMAGE_BOOT=1; shift ;;
        --deb) DEB="$(realpath "$2")"; shift 2 ;;
        --fbdev) FRAMEBUFFER=emulation; shift ;;
        --no-drm) FRAMEBUFFER=vesa; shift ;;
        --short) CUTS=5 SPECIAL_CUTS=1 SWITCHES=10 UNPLUGS=5; shift ;;
        --seed) SEED="$2"; shift 2 ;;
        --cuts) CUTS="$2"; shift 2 ;;
        --special-cuts) SPECIAL_CUTS="$2"; shift 2 ;;
        --switches) SWITCHES="$2"; shift 2 ;;
        --unplugs) UNPLUGS="$2"; shift 2 ;;
        --only) ONLY="$2"; shift 2 ;;
        --first-page-limit) FIRST_PAGE_LIMIT="$2"; shift 2 ;;
        *) echo "usage: $0 [--out DIR] [--gpus bochs,virtio-gpu] [--window | --fbdev | --no-drm | --systemd | --image [--deb PATH] | --faults [--short] [--seed N]]" >&2; exit 2 ;;
    esac
done
if [ -z "$GPUS" ]; then
    GPUS="bochs,virtio-gpu"
    [ "$SYSTEMD" = 1 ] && GPUS="bochs"
    [ "$IMAGE_BOOT" = 1 ] && GPUS="bochs"
    [ "$FRAMEBUFFER" = emulation ] && GPUS="bochs"
    [ "$FRAMEBUFFER" = vesa ] && GPUS="vga"
fi
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
CACHE="$ROOT/.build/virtual-kiosk/cache"
WORK="$ROOT/.build/virtual-kiosk/work"
mkdir -p "$CACHE" "$WORK"

# What the kiosk shows: the screen size (the adapters' default mode), the
# book, the font and the settings `ebook-fb render` needs to draw the same.
SIZE="1024x768"
WIDTH="${SIZE%x*}"; HEIGHT="${SIZE#*x}"
BOOK="$ROOT/Books/the-lamplighter.txt"
FONT="$(fc-match -f '%{file}' 'DejaVu Serif:style=Book' 2>/dev/null || true)"
[ -f "$FONT" ] || FONT=/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf
FONT_SIZE=20
# A double tap zooms the reader 2x (PagingController.doubleTapZoom) so that
# the tapped point lands in the middle; tapping the middle keeps it in place.
ZOOM=2
ZOOM_X=$((WIDTH / 2)); ZOOM_Y=$((HEIGHT / 2))
RENDER_ARGS=(--font "$FONT" --font-size "$FONT_SIZE")

# The guest's reader command line (arguments of ebook-fb), and the lines it
# prints when each screen is on the glass.
KIOSK_READER="/kiosk/book.txt --display kms --kiosk --page 1 --font /kiosk/font.ttf --font-size $FONT_SIZE --mode $SIZE --tty /dev/tty1 --state-dir /tmp/state"
KIOSK_FIRST="ebook-fb: presented page 1"
KIOSK_FLICK="ebook-fb: presented page 2"
KIOSK_ZOOM="ebook-fb: presented page 2 zoom $ZOOM at $ZOOM_X $ZOOM_Y"
# Screens each compared with the headless reader brought to the same state
# (HEADLESS_NAME below); KIOSK_SCREEN_NAME is the line the reader prints
# when it is on the glass. A screen over the page is reached from page 2 at
# rest: gestures.py's screen-NAME-open.events opens it and
# screen-NAME-close.events goes back. A screen with a reader of its own
# (KIOSK_READER_NAME, its command line) is shown by that reader, started on
# tty1 after the book's reader has exited and stopped once read. A screen is
# added here, below, and in gestures.py's screens() or with its reader.
KIOSK_SCREENS="${KIOSK_SCREENS-menu library}"
KIOSK_SCREEN_menu="ebook-fb: presented page 2 (menu)"
# The library of a folder of books: the sample book, a book known by its
# title page and one that cannot be opened (an empty file).
LIBRARY="$WORK/library"
KIOSK_SCREEN_library="ebook-fb: presented the library"
KIOSK_READER_library="/kiosk/books --display kms --kiosk --font /kiosk/font.ttf --font-size $FONT_SIZE --mode $SIZE --tty /dev/tty1 --state-dir /tmp/library-state"
# The framebuffer runs: the same readers on fbdev (told, or by --display
# auto finding no DRM card), the guest waiting for /dev/fb0 instead of a
# card, and the kernel modules and command line of each.
KIOSK_DEVICE=/dev/dri/card0
MODULES=bochs,virtio-gpu,virtio_pci,evdev,uinput,virtio_input
KERNEL_APPEND=""
case "$FRAMEBUFFER" in
    # fbdev sets no mode: the emulation's is the kernel's video= (else the panel's preferred 1280x800).
    emulation) FB_DISPLAY="--display fbdev" KERNEL_APPEND="video=$SIZE" ;;
    vesa) FB_DISPLAY="--display auto" MODULES=virtio_pci,evdev,uinput,virtio_input KERNEL_APPEND="vga=0x318 nomodeset" ;;
esac
if [ -n "$FRAMEBUFFER" ]; then
    KIOSK_DEVICE=/dev/fb0
    KIOSK_READER="${KIOSK_READER/--display kms/$FB_DISPLAY}"
    KIOSK_READER_library="${KIOSK_READER_library/--display kms/$FB_DISPLAY}"
fi

step() { echo "== $*" >&2; }

step "release build (Swift runtime linked statically)"
swift build -c release --static-swift-stdlib --scratch-path .build/static --product ebook-fb >&2
BIN="$(swift build -c release --static-swift-stdlib --scratch-path .build/static --show-bin-path)/ebook-fb"

if [ "$IMAGE_BOOT" = 1 ]; then
    # shellcheck source=Tests/VirtualKiosk/image-boot.sh
    . "$HERE/image-boot.sh"
    exit
fi

# Debian's kernel and busybox, downloaded once into the cache.
if [ ! -f "$CACHE/kernel/vmlinuz" ] || [ ! -x "$CACHE/busybox/bin/busybox" ]; then
    step "downloading Debian's kernel and busybox-static"
    KERNEL_PACKAGE="$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/ {print $2; exit}')"
    [ -n "$KERNEL_PACKAGE" ] || { echo "cannot find the package linux-image-amd64 depends on (run apt-get update)" >&2; exit 1; }
    rm -rf "$CACHE/debs" "$CACHE/kernel" "$CACHE/busybox"
    mkdir -p "$CACHE/debs" "$CACHE/kernel" "$CACHE/busybox"
    (cd "$CACHE/debs" && apt-get download -q "$KERNEL_PACKAGE" busybox-static >&2)
    dpkg-deb -x "$CACHE"/debs/linux-image-*.deb "$CACHE/kernel"
    dpkg-deb -x "$CACHE"/debs/busybox-static_*.deb "$CACHE/busybox"
    cp "$CACHE"/kernel/boot/vmlinuz-* "$CACHE/kernel/vmlinuz"
    rm -rf "$CACHE/debs"
fi

if [ "$FAULTS" = 1 ]; then
    # shellcheck source=Tests/VirtualKiosk/faults-boot.sh
    . "$HERE/faults-boot.sh"
    exit
fi
if [ "$SYSTEMD" = 1 ]; then
    # shellcheck source=Tests/VirtualKiosk/systemd-boot.sh
    . "$HERE/systemd-boot.sh"
    exit
fi

step "initramfs"
python3 "$HERE/gestures.py" "$WIDTH" "$HEIGHT" "$WORK/recordings"
rm -rf "$LIBRARY"
mkdir -p "$LIBRARY"
cp "$BOOK" "$LIBRARY/"
printf 'THE HARBOUR LIGHTS\n\nby Ann Lindqvist\n\n\nCHAPTER I\n\n%s\n' \
    "The lamps along the quay were lit one by one as the boats came in, and the harbour master counted them." \
    > "$LIBRARY/harbour-lights.txt"
: > "$LIBRARY/unfinished.txt"
{
    printf 'KIOSK_READER=%q\n' "$KIOSK_READER"
    printf 'KIOSK_FIRST=%q\n' "$KIOSK_FIRST"
    printf 'KIOSK_FLICK=%q\n' "$KIOSK_FLICK"
    printf 'KIOSK_ZOOM=%q\n' "$KIOSK_ZOOM"
    printf 'KIOSK_SCREENS=%q\n' "$KIOSK_SCREENS"
    printf 'KIOSK_DEVICE=%q\n' "$KIOSK_DEVICE"
    for name in $KIOSK_SCREENS; do
        line="KIOSK_SCREEN_$name" reader="KIOSK_READER_$name"
        printf '%s=%q\n' "$line" "${!line}" "$reader" "${!reader:-}"
    done
} > "$WORK/kiosk.env"
python3 "$HERE/initramfs.py" "$WORK/initramfs.cpio.gz" --kernel-root "$CACHE/kernel" \
    --busybox "$CACHE/busybox/bin/busybox" --init "$HERE/guest-init.sh" --binary "$BIN" \
    --book "$BOOK" --books "$LIBRARY" --font "$FONT" --recordings "$WORK/recordings" --env "$WORK/kiosk.env" \
    --modules "$MODULES" >&2

if [ "$WINDOW" = 1 ]; then
    DEVICE=virtio-gpu-pci
    [ "${GPUS%%,*}" = bochs ] && DEVICE=bochs-display
    step "booting with a window ($DEVICE); close it to stop"
    exec qemu-system-x86_64 -machine q35 -accel tcg -m 768 -smp 2 \
        -kernel "$CACHE/kernel/vmlinuz" -initrd "$WORK/initramfs.cpio.gz" \
        -append "console=ttyS0 quiet loglevel=3 kiosk.window" \
        -display gtk -vga none -device "$DEVICE" -device virtio-tablet-pci -serial stdio -nic none
fi

step "headless reference pages"
mkdir -p "$OUT/reference"
for page in 1 2; do
    "$BIN" render "$BOOK" --page "$page" --size "$SIZE" "${RENDER_ARGS[@]}" --out "$OUT/reference/page$page.png"
done
python3 - "$OUT/kiosk.json" "$BOOK" "$SIZE" "$ZOOM" "$ZOOM_X" "$ZOOM_Y" "${RENDER_ARGS[@]}" <<'PY'
import json, sys
out, book, size, zoom, x, y, *render_args = sys.argv[1:]
with open(out, "w") as f:
    json.dump({"book": book, "size": size, "render_args": render_args, "zoom": float(zoom),
               "zoom_center": [int(x), int(y)]}, f, indent=2)
    f.write("\n")
PY

step "booting the virtual kiosk ($GPUS)"
# The screens are drawn headless after each boot, at the panel size the
# kiosk's KMS reported (it sizes the menus), by HEADLESS_NAME plus
# --screenshot ... --state-dir (fresh) [--panel-mm WxH], with a fresh cache folder.
HEADLESS=("$BIN" "$BOOK" --display headless --size "$SIZE" --page 2 "${RENDER_ARGS[@]}")
HEADLESS_menu=("${HEADLESS[@]}" --replay "$WORK/recordings/screen-menu-open.events")
HEADLESS_library=("$BIN" "$LIBRARY" --display headless --size "$SIZE" "${RENDER_ARGS[@]}")
screens=()
for name in $KIOSK_SCREENS; do
    declare -n command="HEADLESS_$name"
    screens+=("$name" "${#command[@]}" "${command[@]}")
    unset -n command
done
python3 - "$WORK/screens.json" "${screens[@]}" <<'PY'
import json, sys
out, rest, screens = sys.argv[1], sys.argv[2:], {}
while rest:
    name, count = rest[0], int(rest[1])
    screens[name], rest = rest[2:2 + count], rest[2 + count:]
with open(out, "w") as f:
    json.dump(screens, f, indent=2)
PY
python3 "$HERE/kiosk.py" --out "$OUT" --kernel "$CACHE/kernel/vmlinuz" --initrd "$WORK/initramfs.cpio.gz" \
    --reference "$OUT/reference" --zoom "$ZOOM" --zoom-center "$ZOOM_X" "$ZOOM_Y" --gpus "$GPUS" \
    --screens "$WORK/screens.json" --append "$KERNEL_APPEND"
