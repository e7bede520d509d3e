# The virtual kiosk's systemd boot, sourced by run.sh --systemd after the
# release build and the kernel download: a cached debootstrap'd Debian with
# the reader installed by Systemd/install.sh and its unit enabled, on a
# virtio disk, booted by Debian's kernel with systemd as PID 1.

# The Debian packages that ship the reader's shared libraries; a library no
# package ships is copied into the tree as it is.
PACKAGES=(fonts-dejavu-core hyphen-en-us)
UNPACKAGED=()
for library in $(ldd "$BIN" | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}'); do
    owner="$(dpkg -S "*/$(basename "$(realpath "$library")")" 2>/dev/null | awk -F: 'NR == 1 {print $1}')"
    if [ -n "$owner" ]; then PACKAGES+=("$owner"); else UNPACKAGED+=("$library"); fi
done
ROOTFS_BASE="$CACHE/debian-systemd"
step "Debian root filesystem (debootstrap --variant=minbase, built once)"
bash "$HERE/debian-rootfs.sh" "$ROOTFS_BASE" "${PACKAGES[@]}"

step "the kiosk's root filesystem: install.sh, the unit enabled, kernel modules"
TREE="$WORK/systemd-root"
rm -rf "$TREE"
cp -a "$ROOTFS_BASE" "$TREE"
DESTDIR="$TREE" PREFIX=/usr/local BIN="$BIN" bash "$ROOT/Systemd/install.sh"
for library in "${UNPACKAGED[@]}"; do
    install -D -m 0755 "$(realpath "$library")" "$TREE$library"
done
# The kiosk's settings: the sample book (the books folder the installer
# set opens on the library), the font and mode the headless reference
# pages are drawn with.
sed -i -e "s#^BOOK=.*#BOOK=/usr/local/share/ebook-fb/books/$(basename "$BOOK")#" \
    -e "s#^FONT=.*#FONT=/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf#" \
    -e "s#^FONT_SIZE=.*#FONT_SIZE=$FONT_SIZE#" -e "s#^MODE=.*#MODE=$SIZE#" "$TREE/etc/ebook-fb.conf"
KERNEL_VERSION="$(basename "$(ls -d "$CACHE"/kernel/lib/modules/*)")"
mkdir -p "$TREE/lib/modules"
cp -a "$CACHE/kernel/lib/modules/$KERNEL_VERSION" "$TREE/lib/modules/"
depmod -b "$TREE" "$KERNEL_VERSION"
# As a kiosk image should: the display driver loaded early by
# systemd-modules-load, not whenever udev's coldplug comes to it.
mkdir -p "$TREE/etc/modules-load.d"
for gpu in ${GPUS//,/ }; do
    case "$gpu" in bochs) echo bochs ;; virtio-gpu) echo virtio_gpu ;; esac
done > "$TREE/etc/modules-load.d/ebook-fb-display.conf"
python3 "$HERE/gestures.py" "$WIDTH" "$HEIGHT" "$WORK/recordings" > /dev/null
# The test unit that drives the boot test from inside the guest.
TEST_DIR="$TREE/usr/local/lib/ebook-fb-kiosk-test"
install -D -m 0755 "$HERE/systemd-guest-test.sh" "$TEST_DIR/test.sh"
install -m 0644 "$WORK/recordings/flick.events" "$TEST_DIR/flick.events"
cat > "$TREE/etc/systemd/system/ebook-fb-kiosk-test.service" <<'UNIT'
[Unit]
Description=ebook-fb boot test (virtual kiosk)
After=ebook-fb.service

[Service]
Type=oneshot
ExecStart=/usr/local/lib/ebook-fb-kiosk-test/test.sh

[Install]
WantedBy=multi-user.target
UNIT
echo kiosk > "$TREE/etc/hostname"
: > "$TREE/etc/machine-id"
echo "/dev/vda / ext4 rw,noatime 0 1" > "$TREE/etc/fstab"
# The serial console carries the test's messages, not a login prompt.
ln -sf /dev/null "$TREE/etc/systemd/system/serial-getty@ttyS0.service"
systemctl --root="$TREE" enable ebook-fb.service ebook-fb-kiosk-test.service >&2
IMAGE="$WORK/systemd-root.img"
rm -f "$IMAGE"
mkfs.ext4 -q -F -L kiosk-root -d "$TREE" "$IMAGE" 2G
rm -rf "$TREE"

step "initramfs that mounts the root disk"
python3 "$HERE/initramfs.py" "$WORK/systemd-initramfs.cpio.gz" --kernel-root "$CACHE/kernel" \
    --busybox "$CACHE/busybox/bin/busybox" --init "$HERE/systemd-initramfs-init.sh" \
    --modules virtio_pci,virtio_blk,ext4,crc32c_generic >&2

step "headless reference pages"
mkdir -p "$OUT/reference"
for page in 1 2; do
    "$BIN" render "$BOOK" --page "$page" --size "$SIZE" "${RENDER_ARGS[@]}" --out "$OUT/reference/page$page.png"
done

step "booting Debian with systemd ($GPUS)"
python3 "$HERE/systemd_kiosk.py" --out "$OUT" --kernel "$CACHE/kernel/vmlinuz" \
    --initrd "$WORK/systemd-initramfs.cpio.gz" --drive "$IMAGE" --reference "$OUT/reference" --gpus "$GPUS"
