#!/usr/bin/env bash
# Builds, once, the minimal Debian root filesystem the virtual kiosk boots
# with systemd as PID 1: debootstrap's minbase variant with systemd and udev,
# from the Debian archive this machine's apt already uses, then the Debian
# packages named on the command line (the reader's shared libraries, a font).
#
#   Tests/VirtualKiosk/debian-rootfs.sh DIR [PACKAGE...]
#
# DIR/.debootstrap-complete marks a finished base tree; DIR/.packages lists
# the extra packages installed, which are added when the list changes.
set -euo pipefail
DIR="$1"; shift
PACKAGES="$(printf '%s\n' "$@" | sort -u | tr '\n' ' ')"
if [ -f "$DIR/.debootstrap-complete" ] && [ "$(cat "$DIR/.packages" 2>/dev/null)" = "$PACKAGES" ]; then exit 0; fi
command -v debootstrap > /dev/null || { echo "debootstrap is missing: apt-get install debootstrap" >&2; exit 1; }
. /etc/os-release
SUITE="${VERSION_CODENAME:?no VERSION_CODENAME in /etc/os-release}"
MIRROR="$(bash "$(dirname "$0")/../../Systemd/debian-mirror.sh")"

if [ ! -f "$DIR/.debootstrap-complete" ]; then
    rm -rf "$DIR"
    mkdir -p "$(dirname "$DIR")"
    echo "debootstrap --variant=minbase $SUITE from $MIRROR" >&2
    debootstrap --variant=minbase --include=systemd,systemd-sysv,udev,kmod "$SUITE" "$DIR" "$MIRROR" >&2
    touch "$DIR/.debootstrap-complete"
fi
if [ -n "$PACKAGES" ]; then
    echo "adding to the root filesystem: $PACKAGES" >&2
    echo "deb $MIRROR $SUITE main" > "$DIR/etc/apt/sources.list"
    cp /etc/resolv.conf "$DIR/etc/resolv.conf" 2>/dev/null || true
    mount -t proc proc "$DIR/proc"
    trap 'umount "$DIR/proc"' EXIT
    # shellcheck disable=SC2086
    chroot "$DIR" /bin/sh -c "apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $PACKAGES" >&2
    chroot "$DIR" apt-get clean
    rm -rf "$DIR"/var/lib/apt/lists/*
fi
echo "$PACKAGES" > "$DIR/.packages"
