# What makes a Debian root tree a kiosk's, sourced by the image build
# (Systemd/build-image.sh) and the virtual kiosk's systemd image: nothing
# started at boot that a kiosk has no use for, the reader's unit enabled,
# the tree recorded as up to date.

# kiosk_root_trim TREE: masks the units and drops the generators a kiosk
# never needs, so the boot's processor is the reader's sooner.
kiosk_root_trim() {
    local tree="$1" generator
    # Modules for loop devices, FUSE, device mapper and EFI storage, the
    # kernel's tracing and configuration file systems, the utmp record,
    # reaping LVM snapshots of ext4 checks, and login prompts on
    # tty2-tty6, which a public kiosk must not offer. debugfs stays: the
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
    for generator in systemd-cryptsetup-generator systemd-gpt-auto-generator systemd-hibernate-resume-generator \
        systemd-integritysetup-generator systemd-veritysetup-generator systemd-rc-local-generator \
        systemd-sysv-generator systemd-getty-generator systemd-system-update-generator systemd-run-generator; do
        ln -sf /dev/null "$tree/etc/systemd/system-generators/$generator"
    done
}

# kiosk_root_seal TREE: the host name, no machine ID (made at first
# boot), the reader's unit enabled, the tree as up to date as its /usr,
# and fontconfig's caches valid on an ext4 disk made by mkfs.ext4 -d.
# Last, after every change to /usr, just before the file system is made.
kiosk_root_seal() {
    local tree="$1"
    echo kiosk > "$tree/etc/hostname"
    : > "$tree/etc/machine-id"
    systemctl --root="$tree" enable ebook-fb.service >&2
    # As systemd-update-done would record after an update: what runs only
    # after one (systemd-sysusers, which the device nodes and so the file
    # systems wait for) is skipped.
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
}
