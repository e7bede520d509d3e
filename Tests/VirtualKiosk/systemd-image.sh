# The kiosk's Debian disk image, sourced by the systemd boot and the fault
# run after the release build and the kernel download (ROOT, HERE, CACHE,
# WORK, BIN, SIZE and FONT_SIZE set): a cached debootstrap'd Debian with
# the reader installed by Systemd/install.sh and its unit enabled, the
# kernel's modules, and what the caller adds for its test.

# shellcheck source=Systemd/kiosk-root.sh
. "$ROOT/Systemd/kiosk-root.sh"

# systemd_image IMAGE SIZE ADD_TESTS: writes the ext4 image; ADD_TESTS is a
# function called with the root tree's folder before the image is made, to
# install and enable the test's own units.
systemd_image() {
    local image="$1" image_size="$2" add_tests="$3"
    # The Debian packages that ship the reader's shared libraries and its
    # fonts (DejaVu's italic and bold come with -extra), and fontconfig's
    # own, whose fc-cache writes the font cache at install as on any Debian
    # system: without it every start of the reader scans the fonts (seconds
    # under emulation). A library no package ships is copied into the tree
    # as it is.
    local packages=(fontconfig fonts-dejavu-core fonts-dejavu-extra hyphen-en-us) unpackaged=() library owner
    # The binary's libraries and those it loads when it needs them, as the
    # initramfs kiosk lists them (libzip with the first EPUB).
    for library in $(python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import initramfs
print("\n".join(initramfs.shared_libraries(sys.argv[2])))' "$HERE" "$BIN"); do
        owner="$(dpkg -S "*/$(basename "$(realpath "$library")")" 2>/dev/null | awk -F: 'NR == 1 {print $1}')"
        if [ -n "$owner" ]; then packages+=("$owner"); else unpackaged+=("$library"); fi
    done
    local base="$CACHE/debian-systemd"
    step "Debian root filesystem (debootstrap --variant=minbase, built once)"
    bash "$HERE/debian-rootfs.sh" "$base" "${packages[@]}"

    step "the kiosk's root filesystem: install.sh, the unit enabled, kernel modules"
    local tree="$WORK/systemd-root"
    rm -rf "$tree"
    cp -a "$base" "$tree"
    DESTDIR="$tree" PREFIX=/usr/local BIN="$BIN" bash "$ROOT/Systemd/install.sh"
    for library in "${unpackaged[@]}"; do
        install -D -m 0755 "$(realpath "$library")" "$tree$library"
    done
    # The kiosk's settings: the sample book (the books folder the installer
    # set opens on the library), the font and mode the headless reference
    # pages are drawn with.
    sed -i -e "s#^BOOK=.*#BOOK=/usr/local/share/ebook-fb/books/$(basename "$BOOK")#" \
        -e "s#^FONT=.*#FONT=/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf#" \
        -e "s#^FONT_SIZE=.*#FONT_SIZE=$FONT_SIZE#" -e "s#^MODE=.*#MODE=$SIZE#" "$tree/etc/ebook-fb.conf"
    local kernel_version
    kernel_version="$(basename "$(ls -d "$CACHE"/kernel/lib/modules/*)")"
    mkdir -p "$tree/lib/modules"
    cp -a "$CACHE/kernel/lib/modules/$kernel_version" "$tree/lib/modules/"
    depmod -b "$tree" "$kernel_version"
    # As a kiosk image should: the display driver loaded early by
    # systemd-modules-load, not whenever udev's coldplug comes to it.
    mkdir -p "$tree/etc/modules-load.d"
    local gpu
    for gpu in ${GPUS//,/ }; do
        case "$gpu" in bochs) echo bochs ;; virtio-gpu) echo virtio_gpu ;; esac
    done > "$tree/etc/modules-load.d/ebook-fb-display.conf"
    kiosk_root_trim "$tree"
    "$add_tests" "$tree"
    echo "/dev/vda / ext4 rw,noatime 0 1" > "$tree/etc/fstab"
    # The serial console carries the test's messages, not a login prompt.
    ln -sf /dev/null "$tree/etc/systemd/system/serial-getty@ttyS0.service"
    kiosk_root_seal "$tree"
    rm -f "$image"
    mkfs.ext4 -q -F -L kiosk-root -d "$tree" "$image" "$image_size"
    rm -rf "$tree"

    step "initramfs that mounts the root disk"
    python3 "$HERE/initramfs.py" "$WORK/systemd-initramfs.cpio.gz" --kernel-root "$CACHE/kernel" \
        --busybox "$CACHE/busybox/bin/busybox" --init "$HERE/systemd-initramfs-init.sh" \
        --modules virtio_pci,virtio_blk,ext4,crc32c_generic >&2
}

# test_unit TREE NAME DESCRIPTION ORDER COMMAND: a oneshot unit NAME.service
# wanted by multi-user.target, ORDER its [Unit] ordering line, enabled.
test_unit() {
    local tree="$1" name="$2" description="$3" order="$4" command="$5"
    cat > "$tree/etc/systemd/system/$name.service" <<UNIT
[Unit]
Description=$description
$order

[Service]
Type=oneshot
ExecStart=$command

[Install]
WantedBy=multi-user.target
UNIT
    systemctl --root="$tree" enable "$name.service" >&2
}
