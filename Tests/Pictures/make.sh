#!/usr/bin/env bash
# Makes the README's pictures in docs/pictures/ with the headless reader (see
# pictures.py): the reading view, the menu, the contents and the library in
# light and dark, the text panel (and at 2x), the menu in high contrast, a
# zoomed page, the search's keyboard and a selection.
#
#   Tests/Pictures/make.sh [BOOK]    (default: Alice from ../shared/books, else the sample book)
#   BIN=path/to/ebook-fb OUT=DIR Tests/Pictures/make.sh   (default OUT: docs/pictures)
#
# The library is a folder of Alice, Kafka's Verwandlung, Chekhov's Duel and
# Moby-Dick (EPUB) from ../shared, else of the sample book.
set -euo pipefail
cd "$(dirname "$0")/../.."
BOOK="${1:-../shared/books/en_alice_11-0.txt}"
[ -f "$BOOK" ] || BOOK="Books/the-lamplighter.txt"
if [ -z "${BIN:-}" ]; then
    swift build -c release --product ebook-fb >&2
    BIN="$(swift build -c release --show-bin-path)/ebook-fb"
fi
LIBRARY="$(mktemp -d)"
trap 'rm -rf "$LIBRARY"' EXIT
for book in ../shared/books/en_alice_11-0.txt ../shared/books/de_kafka_verwandlung_22367-0.txt \
    ../shared/books/ru_chekhov_duel.txt ../shared/epub/samples/moby-dick.epub; do
    if [ -f "$book" ]; then cp "$book" "$LIBRARY/"; fi
done
[ -n "$(ls "$LIBRARY")" ] || cp Books/the-lamplighter.txt "$LIBRARY/"
python3 Tests/Pictures/pictures.py --binary "$BIN" --book "$BOOK" --library "$LIBRARY" --out "${OUT:-docs/pictures}"
