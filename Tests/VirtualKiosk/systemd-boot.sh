# The virtual kiosk's systemd boot, sourced by run.sh --systemd after the
# release build and the kernel download: the kiosk's Debian image (see
# systemd-image.sh) with the boot test's driver unit, booted by Debian's
# kernel with systemd as PID 1.
# shellcheck source=Tests/VirtualKiosk/systemd-image.sh
. "$HERE/systemd-image.sh"

# The test unit that drives the boot test from inside the guest.
add_boot_test() {
    local tree="$1" test_dir="$1/usr/local/lib/ebook-fb-kiosk-test"
    python3 "$HERE/gestures.py" "$WIDTH" "$HEIGHT" "$WORK/recordings" > /dev/null
    install -D -m 0755 "$HERE/systemd-guest-test.sh" "$test_dir/test.sh"
    install -m 0644 "$WORK/recordings/flick.events" "$test_dir/flick.events"
    install -m 0644 "$WORK/recordings/screen-menu-open.events" "$test_dir/tap-middle.events"
    test_unit "$tree" ebook-fb-kiosk-test "ebook-fb boot test (virtual kiosk)" "After=ebook-fb.service" \
        /usr/local/lib/ebook-fb-kiosk-test/test.sh
}
IMAGE="$WORK/systemd-root.img"
systemd_image "$IMAGE" 2G add_boot_test

step "headless reference pages"
mkdir -p "$OUT/reference"
for page in 1 2; do
    "$BIN" render "$BOOK" --page "$page" --size "$SIZE" "${RENDER_ARGS[@]}" --out "$OUT/reference/page$page.png"
done

step "booting Debian with systemd ($GPUS)"
python3 "$HERE/systemd_kiosk.py" --out "$OUT" --kernel "$CACHE/kernel/vmlinuz" \
    --initrd "$WORK/systemd-initramfs.cpio.gz" --drive "$IMAGE" --reference "$OUT/reference" --gpus "$GPUS"
