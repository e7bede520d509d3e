# The kiosk's Debian disk image, sourced by the systemd boot and the fault
# run after the release build and the kernel download (ROOT, HERE, CACHE,
# WORK, BIN, SIZE and FONT_SIZE set): a cached debootstrap'd Debian with
# the reader installed by Systemd/install.sh and its unit enabled, the
# kernel's modules, and what the caller adds for its test.

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
    # As a kiosk image should: nothing started at boot that a kiosk has no
    # use for (modules for loop devices, FUSE, device mapper and EFI
    # storage, the kernel's tracing and configuration file systems, the
    # utmp record, reaping LVM snapshots of ext4 checks, and login prompts
    # on tty2-tty6, which a public kiosk must not offer), so the boot's
    # one emulated processor is the reader's sooner. debugfs stays: the
    # fault run reads who is DRM master there.
    systemctl --root="$tree" mask modprobe@loop.service modprobe@fuse.service modprobe@dm_mod.service \
        modprobe@efi_pstore.service modprobe@configfs.service sys-kernel-tracing.mount \
        sys-kernel-config.mount sys-fs-fuse-connections.mount systemd-update-utmp.service \
        e2scrub_reap.service getty-static.service >&2
    # Nor generators run at every boot for what a kiosk does not have
    # (encrypted, verity or integrity volumes, GPT auto-discovery,
    # hibernation, SysV scripts, rc.local, serial consoles, offline
    # updates, units on the kernel's command line): each is a process
    # started before systemd's first unit.
    mkdir -p "$tree/etc/systemd/system-generators"
    local generator
    for generator in systemd-cryptsetup-generator systemd-gpt-auto-generator systemd-hibernate-resume-generator \
        systemd-integritysetup-generator systemd-veritysetup-generator systemd-rc-local-generator \
        systemd-sysv-generator systemd-getty-generator systemd-system-update-generator systemd-run-generator; do
        ln -sf /dev/null "$tree/etc/systemd/system-generators/$generator"
    done
    "$add_tests" "$tree"
    echo kiosk > "$tree/etc/hostname"
    : > "$tree/etc/machine-id"
    echo "/dev/vda / ext4 rw,noatime 0 1" > "$tree/etc/fstab"
    # The serial console carries the test's messages, not a login prompt.
    ln -sf /dev/null "$tree/etc/systemd/system/serial-getty@ttyS0.service"
    systemctl --root="$tree" enable ebook-fb.service >&2
    # The image is as up to date as its /usr, as systemd-update-done would
    # record after an update: what runs only after one (systemd-sysusers,
    # which the device nodes and so the file systems wait for) is skipped.
    touch -r "$tree/usr" "$tree/etc/.updated" "$tree/var/.updated"
    # mkfs.ext4 -d keeps whole seconds only, and fontconfig's caches record
    # their folders' times to the nanosecond: on the disk they would all be
    # stale and every start that looks for a fallback font would scan the
    # fonts again (seconds under emulation), as on no Debian install. The
    # folders' times are cut to the second and the caches written again.
    python3 - "$tree/usr/share/fonts" "$tree/usr/local/share/fonts" <<'PY'
import os, sys
for top in sys.argv[1:]:
    for folder, _, _ in os.walk(top):
        status = os.stat(folder)
        second = 1_000_000_000
        os.utime(folder, ns=(status.st_atime_ns // second * second, status.st_mtime_ns // second * second))
PY
    fc-cache -f -s -y "$tree" >&2
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
