#!/usr/bin/env bash
# Builds the Debian package of the kiosk: OUTDIR/ebook-fb_VERSION_ARCH.deb
# with the files Systemd/install.sh puts in place for PREFIX=/usr (the
# binary, the units in /lib/systemd/system, the sysusers file, the sample
# books, the catalogs, the documentation), /etc/ebook-fb.conf as a
# conffile, the dependencies dpkg-shlibdeps finds and the maintainer
# scripts in Systemd/debian.
#
#   Systemd/build-deb.sh OUTDIR        [BIN=path/to/ebook-fb] [MAINTAINER="Name <address>"]
#
# VERSION (the file at the repository's root) is the upstream version;
# the package's is VERSION-1. Without BIN the release binary is built with
# the Swift runtime linked statically, in a build folder of its own
# (.build/static: sharing .build with builds without that flag would
# rebuild everything at each switch); it is stripped into the package.
set -euo pipefail
OUT="${1:?usage: Systemd/build-deb.sh OUTDIR}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
cd "$(dirname "$0")/.."
umask 022
for tool in dpkg-deb dpkg-shlibdeps; do
    command -v "$tool" >/dev/null || { echo "build-deb: $tool is missing: apt-get install dpkg-dev" >&2; exit 1; }
done
UPSTREAM="$(tr -d ' \n' < VERSION)"
[[ "$UPSTREAM" =~ ^[0-9][0-9A-Za-z.+~]*$ ]] || { echo "build-deb: VERSION \"$UPSTREAM\" is not a Debian upstream version" >&2; exit 1; }
VERSION="$UPSTREAM-1"
ARCH="$(dpkg --print-architecture)"
MAINTAINER="${MAINTAINER:-$(git log -1 --format='%an <%ae>' 2>/dev/null || true)}"
[ -n "$MAINTAINER" ] || { echo "build-deb: no MAINTAINER and no git history to take one from" >&2; exit 1; }
if [ -z "${BIN:-}" ]; then
    swift build -c release --static-swift-stdlib --scratch-path .build/static --product ebook-fb >&2
    BIN="$(swift build -c release --static-swift-stdlib --scratch-path .build/static --show-bin-path)/ebook-fb"
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
ROOT="$WORK/root"
PREFIX=/usr DESTDIR="$ROOT" BIN="$BIN" MAKE_USER=no bash Systemd/install.sh 2>/dev/null
# Debian 12's units live in /lib; the licence text is in the copyright file.
mkdir -p "$ROOT/lib/systemd"
mv "$ROOT/usr/lib/systemd/system" "$ROOT/lib/systemd/system"
rmdir "$ROOT/usr/lib/systemd"
rm "$ROOT/usr/share/doc/ebook-fb/LICENSE"
install -d -m 0755 "$ROOT/etc/ebook-fb.conf.d"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$ROOT/usr/bin/ebook-fb"

DOC="$ROOT/usr/share/doc/ebook-fb"
{
    printf 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n'
    printf 'Upstream-Name: ebook-fb\n\n'
    printf 'Files: *\nCopyright: %s\nLicense: AGPL-3.0-or-later\n\n' "the ebook-fb authors"
    printf 'License: AGPL-3.0-or-later\n'
    sed -e 's/[[:space:]]*$//' -e 's/^$/./' -e 's/^/ /' LICENSE
} > "$DOC/copyright"
{
    printf 'ebook-fb (%s) unstable; urgency=medium\n\n' "$VERSION"
    printf '  * Release %s.\n\n' "$UPSTREAM"
    printf ' -- %s  %s\n' "$MAINTAINER" "$(git log -1 --format=%cD 2>/dev/null || date -R)"
} | gzip -9n > "$DOC/changelog.Debian.gz"
chmod 0644 "$DOC/copyright" "$DOC/changelog.Debian.gz"

# Libraries the binary links are found by dpkg-shlibdeps; those it opens
# itself when it needs them (dlopen) are named here: libzip, libxml2 and
# nettle for EPUB, libcurl and libxml2 for catalogs, libarchive for comic
# archives, giflib and libwebp for pictures, hunspell for dictionaries,
# libgettextpo for translations (needed); librsvg for SVG pictures,
# espeak-ng and ALSA for reading aloud (recommended: without them the
# reader says so once and reads silently).
NEEDED_ON_DEMAND="libzip.so.4 libcurl.so.4 libxml2.so.2 libnettle.so.8 libarchive.so.13 libgif.so.7 libwebp.so.7
    libhunspell-1.7.so.0 libgettextpo.so.0"
mkdir -p "$WORK/src/debian"
printf 'Source: ebook-fb\n\nPackage: ebook-fb\nArchitecture: any\n' > "$WORK/src/debian/control"
(cd "$WORK/src" && dpkg-shlibdeps -O -e"$ROOT/usr/bin/ebook-fb") > "$WORK/shlibs" 2>"$WORK/shlibs.log" \
    || { cat "$WORK/shlibs.log" >&2; exit 1; }
SHLIBS="$(sed -n 's/^shlibs:Depends=//p' "$WORK/shlibs")"
owner() { dpkg -S "*/$1" 2>/dev/null | awk -F: 'NR == 1 {print $1}'; }
DEPENDS="$SHLIBS"
for library in $NEEDED_ON_DEMAND; do
    package="$(owner "$library")"
    [ -n "$package" ] || { echo "build-deb: no package ships $library here (install the one that does)" >&2; exit 1; }
    DEPENDS="$DEPENDS, $package"
done
RSVG="$(owner librsvg-2.so.2)"; ESPEAK="$(owner libespeak-ng.so.1)"; ALSA="$(owner libasound.so.2)"
DEPENDS="$DEPENDS, fonts-dejavu-core, systemd | systemd-standalone-sysusers | systemd-sysusers, init-system-helpers (>= 1.54~)"
RECOMMENDS="fonts-dejavu-extra, hyphen-en-us${RSVG:+, $RSVG}${ESPEAK:+, $ESPEAK}${ALSA:+, $ALSA}"

mkdir -p "$ROOT/DEBIAN"
sed -e "s#@VERSION@#$VERSION#" -e "s#@ARCH@#$ARCH#" -e "s#@MAINTAINER@#$MAINTAINER#" \
    -e "s#@SIZE@#$(du -sk --exclude=DEBIAN "$ROOT" | cut -f1)#" \
    -e "s#@DEPENDS@#$DEPENDS#" -e "s#@RECOMMENDS@#$RECOMMENDS#" Systemd/debian/control.in > "$ROOT/DEBIAN/control"
echo /etc/ebook-fb.conf > "$ROOT/DEBIAN/conffiles"
install -m 0755 Systemd/debian/postinst Systemd/debian/prerm Systemd/debian/postrm "$ROOT/DEBIAN/"
(cd "$ROOT" && find . -path ./DEBIAN -prune -o -path ./etc -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) \
    > "$ROOT/DEBIAN/md5sums"
chmod 0644 "$ROOT/DEBIAN/control" "$ROOT/DEBIAN/conffiles" "$ROOT/DEBIAN/md5sums"
DEB="$OUT/ebook-fb_${VERSION}_$ARCH.deb"
dpkg-deb --root-owner-group -Zxz --build "$ROOT" "$DEB" >&2
echo "$DEB"
