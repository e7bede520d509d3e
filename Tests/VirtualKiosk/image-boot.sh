# The virtual kiosk's boot of the disk image, sourced by run.sh --image
# after the release build: the image Systemd/build-image.sh makes from the
# Debian package (Systemd/build-deb.sh, or --deb), with the sample books on
# its BOOKS partition, the one at BOOK opened, and the systemd boot test's
# driver unit checking the first page only; booted by QEMU's UEFI firmware.
# shellcheck source=Tests/VirtualKiosk/systemd-image.sh
. "$HERE/systemd-image.sh"

OVMF_CODE=/usr/share/OVMF/OVMF_CODE_4M.fd OVMF_VARS=/usr/share/OVMF/OVMF_VARS_4M.fd
[ -f "$OVMF_CODE" ] && [ -f "$OVMF_VARS" ] || { echo "no UEFI firmware at $OVMF_CODE: apt-get install ovmf" >&2; exit 1; }
if [ -z "$DEB" ]; then
    [ -f "$ROOT/Systemd/build-deb.sh" ] || { echo "run.sh --image: no Systemd/build-deb.sh; give a package with --deb PATH" >&2; exit 1; }
    step "the Debian package (Systemd/build-deb.sh)"
    rm -rf "$WORK/deb"
    BIN="$BIN" bash "$ROOT/Systemd/build-deb.sh" "$WORK/deb" >&2
    DEB="$(ls "$WORK"/deb/ebook-fb_*_amd64.deb)"
fi

step "the image's test unit and books"
TESTS="$WORK/image-tests" BOOKS_DIR="$WORK/image-books"
rm -rf "$TESTS" "$BOOKS_DIR"
mkdir -p "$TESTS/etc/systemd/system" "$BOOKS_DIR"
cp "$ROOT"/Books/* "$BOOKS_DIR/"
TEST_DIR="$TESTS/usr/local/lib/ebook-fb-kiosk-test"
install -D -m 0755 "$HERE/systemd-guest-test.sh" "$TEST_DIR/test.sh"
: > "$TEST_DIR/first-page-only"
test_unit "$TESTS" ebook-fb-kiosk-test "ebook-fb boot test (virtual kiosk)" "After=ebook-fb.service" \
    /usr/local/lib/ebook-fb-kiosk-test/test.sh
# The serial console carries the test's messages, not a login prompt.
ln -sf /dev/null "$TESTS/etc/systemd/system/serial-getty@ttyS0.service"

step "the disk image (Systemd/build-image.sh; mkosi's tree cached in $CACHE/mkosi)"
IMAGE="$WORK/kiosk.img"
bash "$ROOT/Systemd/build-image.sh" "$DEB" "$IMAGE" --books "$BOOKS_DIR" --add-tree "$TESTS" \
    --set "BOOK=/srv/books/$(basename "$BOOK")" --set "MODE=$SIZE" --cmdline "console=ttyS0 panic=-1" \
    --cache "$CACHE/mkosi"

# The first page as the fleet's check draws it: the image's settings are
# the reader's defaults but for the book and the mode.
step "headless reference page"
mkdir -p "$OUT/reference"
"$BIN" render "$BOOK" --page 1 --size "$SIZE" --out "$OUT/reference/page1.png"

step "booting the image with UEFI ($GPUS)"
python3 "$HERE/image_kiosk.py" --out "$OUT" --image "$IMAGE" --firmware "$OVMF_CODE" "$OVMF_VARS" \
    --reference "$OUT/reference/page1.png" --book "$BOOK" --size "$SIZE" --gpu "${GPUS%%,*}"
