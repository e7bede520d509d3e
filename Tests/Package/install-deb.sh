#!/usr/bin/env bash
# Installs the Debian package into a throwaway copy of a minimal Debian
# root, in a chroot (no virtual machine): apt installs it with its
# dependencies as on a bare system; the user, the units, the conffile and
# the settings are checked and the sample book is drawn; then a purge must
# leave nothing of the package behind. The root is debootstrap'd once by
# Tests/VirtualKiosk/debian-rootfs.sh and cached under .build.
#
#   sudo Tests/Package/install-deb.sh path/to/ebook-fb_VERSION_ARCH.deb
set -euo pipefail
DEB="$(realpath "${1:?usage: Tests/Package/install-deb.sh DEB}")"
cd "$(dirname "$0")/../.."
[ "$(id -u)" = 0 ] || { echo "install-deb: needs root (chroot, mount)" >&2; exit 1; }
BASE="$PWD/.build/package-test/debian-base"
bash Tests/VirtualKiosk/debian-rootfs.sh "$BASE"

WORK="$(mktemp -d)"
TREE="$WORK/root"
cleanup() { umount "$TREE/proc" 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT
cp -a "$BASE" "$TREE"
. /etc/os-release
MIRROR="$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 'Identifier: Packages' 2>/dev/null \
    | awk -v suite="$VERSION_CODENAME" '$2 == suite {print $1; exit}')"
echo "deb $MIRROR $VERSION_CODENAME main" > "$TREE/etc/apt/sources.list"
cp /etc/resolv.conf "$TREE/etc/resolv.conf" 2>/dev/null || true
mount -t proc proc "$TREE/proc"
cp "$DEB" "$TREE/tmp/"
in_root() { chroot "$TREE" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive "$@"; }
fail() { echo "install-deb: $*" >&2; exit 1; }

in_root apt-get update -qq
in_root apt-get install -y -qq "/tmp/$(basename "$DEB")" > "$WORK/install.log" 2>&1 || { tail -n 20 "$WORK/install.log"; fail "apt install failed"; }
in_root getent passwd ebook-fb > /dev/null || fail "no ebook-fb user after install"
for group in video input audio; do
    in_root id -nG ebook-fb | tr ' ' '\n' | grep -qx "$group" || fail "ebook-fb is not in $group"
done
[ -f "$TREE/lib/systemd/system/ebook-fb.service" ] || fail "no unit"
grep -q '^ExecStart=/usr/bin/ebook-fb kiosk' "$TREE/lib/systemd/system/ebook-fb.service" || fail "the unit does not run /usr/bin/ebook-fb"
grep -q '^ExecStart=/usr/bin/ebook-fb sync-shelf' "$TREE/lib/systemd/system/ebook-fb-shelf.service" || fail "no shelf unit running /usr/bin/ebook-fb"
[ ! -e "$TREE/etc/systemd/system/multi-user.target.wants/ebook-fb.service" ] || fail "installing enabled the unit"
in_root dpkg-query -W -f='${Conffiles}\n' ebook-fb | grep -q '^ /etc/ebook-fb.conf ' || fail "/etc/ebook-fb.conf is no conffile"
in_root ebook-fb kiosk --check-config || fail "the installed settings do not pass --check-config"
in_root ebook-fb kiosk --check > /dev/null || fail "kiosk --check fails on the installed settings"
in_root ebook-fb render /usr/share/ebook-fb/books/the-lamplighter.txt --page 1 --size 320x240 --out /tmp/page.png \
    || fail "the installed reader cannot draw the sample book"
echo "installed: $(in_root dpkg-query -W -f='${Package} ${Version} ${Status}' ebook-fb)"

# As if the service had run and a fleet had dropped settings in.
mkdir -p "$TREE/var/lib/ebook-fb" "$TREE/var/cache/ebook-fb"
echo state > "$TREE/var/lib/ebook-fb/settings.json"
echo 'THEME=dark' > "$TREE/etc/ebook-fb.conf.d/50-fleet.conf"
in_root ebook-fb kiosk --check-config --json | grep -q '"THEME": "dark"' || fail "the drop-in is not read"
rm "$TREE/etc/ebook-fb.conf.d/50-fleet.conf"

in_root apt-get purge -y -qq ebook-fb > "$WORK/purge.log" 2>&1 || { tail -n 20 "$WORK/purge.log"; fail "purge failed"; }
in_root dpkg-query -W -f='${Status}' ebook-fb 2>/dev/null | grep -q installed && fail "still known to dpkg after purge"
left=""
while read -r path; do
    path="${path#.}"
    case "$path" in ""|/|/etc|/lib|/lib/systemd|/lib/systemd/system|/usr|/usr/bin|/usr/lib|/usr/lib/sysusers.d|/usr/share|/usr/share/doc) continue ;; esac
    [ -e "$TREE$path" ] && left="$left $path"
done < <(dpkg-deb --fsys-tarfile "$DEB" | tar -t | sed 's#/$##')
for path in /etc/ebook-fb.conf /etc/ebook-fb.conf.d /var/lib/ebook-fb /var/cache/ebook-fb; do
    [ -e "$TREE$path" ] && left="$left $path"
done
[ -z "$left" ] || fail "left behind by the purge:$left"
echo "purged: nothing of ebook-fb left"
