# The fault run, sourced by run.sh --faults after the release build and the
# kernel download: the kiosk's Debian image (see systemd-image.sh) with the
# fault run's units, booted again and again by faults.py.
# shellcheck source=Tests/VirtualKiosk/systemd-image.sh
. "$HERE/systemd-image.sh"

SHARED="$ROOT/../shared"
# The book the kiosk reads through the run: long enough for every turn of
# it (some 200 pages), else the sample book made long.
READING_BOOK="$SHARED/books/en_tom_sawyer_74-0.cp1252.txt"
if [ ! -f "$READING_BOOK" ]; then
    READING_BOOK="$WORK/faults-reading.txt"
    for _ in $(seq 1 60); do cat "$BOOK"; done > "$READING_BOOK"
fi
# The small-memory boot's books, the one list to change: a 200 MB text
# made of ../shared's largest text book, and the EPUB at hand with the
# most image bytes (else that text book itself).
LARGEST_BOOK="$(ls -S "$SHARED"/books/*.txt 2>/dev/null | head -n 1)"
[ -n "$LARGEST_BOOK" ] || LARGEST_BOOK="$READING_BOOK"
IMAGE_EPUB="$(python3 - "$SHARED"/epub/samples/*.epub <<'PY'
import sys, zipfile
def image_bytes(path):
    try:
        with zipfile.ZipFile(path) as book:
            return sum(entry.file_size for entry in book.infolist()
                       if entry.filename.lower().endswith((".jpg", ".jpeg", ".png", ".gif", ".webp")))
    except (OSError, zipfile.BadZipFile):
        return 0
books = sorted((image_bytes(path), path) for path in sys.argv[1:])
if books and books[-1][0] > 0:
    print(books[-1][1])
PY
)"
LARGE_BOOK="$WORK/faults-200mb.txt"
MEMORY_BOOKS=("$LARGE_BOOK" "${IMAGE_EPUB:-$LARGEST_BOOK}")
if [ "$(stat -c %s "$LARGE_BOOK" 2>/dev/null || echo 0)" -lt 200000000 ]; then
    python3 - "$LARGEST_BOOK" "$LARGE_BOOK" <<'PY'
import sys
source, out = sys.argv[1:]
text = open(source, "rb").read()
with open(out, "wb") as f:
    written = 0
    while written < 200_000_000:
        f.write(text)
        written += len(text)
PY
fi
GUEST_BOOKS=/usr/local/share/ebook-fb/test-books
GUEST_MEMORY_BOOKS="$(for book in "${MEMORY_BOOKS[@]}"; do printf '%s/%s,' "$GUEST_BOOKS" "$(basename "$book")"; done)"

add_fault_tests() {
    local tree="$1" test_dir="$1/usr/local/lib/ebook-fb-faults"
    python3 "$HERE/fault_gestures.py" "$BIN" "$READING_BOOK" "$WIDTH" "$HEIGHT" "$test_dir" "${RENDER_ARGS[@]}"
    install -m 0755 "$HERE/faults-guest.sh" "$test_dir/test.sh"
    install -m 0755 "$HERE/faults-state.sh" "$test_dir/state.sh"
    install -m 0755 "$CACHE/busybox/bin/busybox" "$test_dir/busybox"
    install -d "$tree$GUEST_BOOKS"
    install -m 0644 "$READING_BOOK" "${MEMORY_BOOKS[@]}" "$tree$GUEST_BOOKS/"
    # The book read through the run; console switches allowed until the
    # lock is tested.
    sed -i -e "s#^BOOK=.*#BOOK=$GUEST_BOOKS/$(basename "$READING_BOOK")#" -e "s#^LOCK_VT=.*#LOCK_VT=no#" \
        "$tree/etc/ebook-fb.conf"
    # The reader's log reaches the host on the second serial port as it is
    # written, so a power cut loses none of the pages it announced.
    install -d "$tree/etc/systemd/journald.conf.d"
    printf '[Journal]\nForwardToConsole=yes\nTTYPath=/dev/ttyS1\nMaxLevelConsole=info\n' \
        > "$tree/etc/systemd/journald.conf.d/faults.conf"
    test_unit "$tree" ebook-fb-faults-state "ebook-fb fault run: the state folder before the reader" \
        "Before=ebook-fb.service" /usr/local/lib/ebook-fb-faults/state.sh
    test_unit "$tree" ebook-fb-faults "ebook-fb fault run (virtual kiosk)" "After=ebook-fb.service" \
        /usr/local/lib/ebook-fb-faults/test.sh
}
IMAGE="$WORK/faults-root.img"
systemd_image "$IMAGE" 3G add_fault_tests

step "the fault run: $CUTS power cuts (and $SPECIAL_CUTS while saving settings, $SPECIAL_CUTS snapshots), $SWITCHES console switches, $UNPLUGS unplugs, ${MEMORY_MB} MB"
FAULT_RENDER_ARGS=()
for arg in "${RENDER_ARGS[@]}"; do FAULT_RENDER_ARGS+=("--render-arg=$arg"); done
python3 "$HERE/faults.py" --out "$OUT" --kernel "$CACHE/kernel/vmlinuz" --initrd "$WORK/systemd-initramfs.cpio.gz" \
    --drive "$IMAGE" --binary "$BIN" --book "$READING_BOOK" --size "$SIZE" "${FAULT_RENDER_ARGS[@]}" \
    --cuts "$CUTS" --special-cuts "$SPECIAL_CUTS" --switches "$SWITCHES" --unplugs "$UNPLUGS" \
    --memory-books "${GUEST_MEMORY_BOOKS%,}" --memory-mb "$MEMORY_MB" ${SEED:+--seed "$SEED"} ${ONLY:+--only "$ONLY"} ${FIRST_PAGE_LIMIT:+--first-page-limit "$FIRST_PAGE_LIMIT"}
