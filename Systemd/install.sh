#!/usr/bin/env bash
# Installs the reader as a kiosk: the binary, the systemd unit, a default
# /etc/ebook-fb.conf (kept when one exists) and the sample books.
#
#   [PREFIX=/usr/local] [DESTDIR=] [BIN=path/to/ebook-fb] [MAKE_USER=no] Systemd/install.sh
#
# PREFIX is where the files live on the target; DESTDIR is prepended to
# every path written (a staging tree or an image's root). Without BIN the
# release binary is built with the Swift runtime linked statically.
# MAKE_USER=no leaves the unit's user to whoever installs the tree (a
# package's postinst).
# Afterwards, on the target: systemctl enable --now ebook-fb
set -euo pipefail
cd "$(dirname "$0")/.."
PREFIX="${PREFIX:-/usr/local}"
DESTDIR="${DESTDIR:-}"
if [ -z "${BIN:-}" ]; then
    swift build -c release --static-swift-stdlib --scratch-path .build/static --product ebook-fb >&2
    BIN="$(swift build -c release --static-swift-stdlib --scratch-path .build/static --show-bin-path)/ebook-fb"
fi
[ -x "$BIN" ] || { echo "install: no binary at $BIN" >&2; exit 1; }

UNIT_DIR="$PREFIX/lib/systemd/system"
[ "$PREFIX" = /usr ] && UNIT_DIR=/usr/lib/systemd/system
install -D -m 0755 "$BIN" "$DESTDIR$PREFIX/bin/ebook-fb"
install -d -m 0755 "$DESTDIR$UNIT_DIR" "$DESTDIR$PREFIX/share/ebook-fb/books" "$DESTDIR$PREFIX/share/doc/ebook-fb"
sed -e "s#^ExecStart=/usr/local/bin/ebook-fb#ExecStart=$PREFIX/bin/ebook-fb#" \
    -e "s#file:///usr/local/share/doc/#file://$PREFIX/share/doc/#" \
    Systemd/ebook-fb.service > "$DESTDIR$UNIT_DIR/ebook-fb.service"
# ebook-fb@ttyN.service: the same unit for another VT (ebook-fb@tty2),
# made from the one above so that the hardening has a single source.
sed -e "s#getty@tty1#getty@%i#g" -e "s#/dev/tty1#/dev/%I#g" -e "s#tty1#%I#g" \
    -e "s#^\(ExecStart=.*\)\$#\1 --tty /dev/%I#" \
    "$DESTDIR$UNIT_DIR/ebook-fb.service" > "$DESTDIR$UNIT_DIR/ebook-fb@.service"
# The shelf's sync, a service of its own: the reader has no network.
sed -e "s#^ExecStart=/usr/local/bin/ebook-fb#ExecStart=$PREFIX/bin/ebook-fb#" \
    -e "s#file:///usr/local/share/doc/#file://$PREFIX/share/doc/#" \
    Systemd/ebook-fb-shelf.service > "$DESTDIR$UNIT_DIR/ebook-fb-shelf.service"
chmod 0644 "$DESTDIR$UNIT_DIR/ebook-fb.service" "$DESTDIR$UNIT_DIR/ebook-fb@.service" "$DESTDIR$UNIT_DIR/ebook-fb-shelf.service"
# The unit's user: declared for systemd-sysusers and made now (in the
# staging tree with DESTDIR), with useradd where sysusers is missing.
SYSUSERS_DIR="$PREFIX/lib/sysusers.d"
[ "$PREFIX" = /usr ] && SYSUSERS_DIR=/usr/lib/sysusers.d
install -D -m 0644 Systemd/ebook-fb.sysusers "$DESTDIR$SYSUSERS_DIR/ebook-fb.conf"
if [ "${MAKE_USER:-yes}" = no ]; then
    :
elif command -v systemd-sysusers >/dev/null; then
    systemd-sysusers ${DESTDIR:+--root="$DESTDIR"} "$DESTDIR$SYSUSERS_DIR/ebook-fb.conf"
elif ! grep -q '^ebook-fb:' "$DESTDIR/etc/passwd" 2>/dev/null; then
    useradd ${DESTDIR:+--root "$DESTDIR"} --system --user-group --no-create-home --home-dir / \
        --shell /usr/sbin/nologin --comment "eBook reader kiosk" --groups video,input,audio ebook-fb
fi
install -m 0644 Books/*.txt "$DESTDIR$PREFIX/share/ebook-fb/books/"
install -D -m 0644 -t "$DESTDIR$PREFIX/share/ebook-fb/po" po/ebook-fb.pot po/*.po
install -m 0644 README.md LICENSE "$DESTDIR$PREFIX/share/doc/ebook-fb/"
install -D -m 0644 -t "$DESTDIR$PREFIX/share/doc/ebook-fb/docs" docs/*.md
install -d -m 0755 "$DESTDIR/etc"
if [ -e "$DESTDIR/etc/ebook-fb.conf" ]; then
    sed "s#@PREFIX@#$PREFIX#g" Systemd/ebook-fb.conf > "$DESTDIR/etc/ebook-fb.conf.default"
    echo "install: kept $DESTDIR/etc/ebook-fb.conf; the default is in ebook-fb.conf.default" >&2
else
    sed "s#@PREFIX@#$PREFIX#g" Systemd/ebook-fb.conf > "$DESTDIR/etc/ebook-fb.conf"
fi
echo "installed ebook-fb in $DESTDIR$PREFIX; enable it with: systemctl enable --now ebook-fb" >&2
