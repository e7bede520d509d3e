#!/usr/bin/env bash
# Makes the README's pictures in Pictures/ with the headless reader (see
# pictures.py): the reading view, the menu and the contents in light and
# dark, the text panel and a zoomed page.
#
#   Tests/Pictures/make.sh [BOOK]    (default: Alice from ../shared/books, else the sample book)
#   BIN=path/to/ebook-fb Tests/Pictures/make.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
BOOK="${1:-../shared/books/en_alice_11-0.txt}"
[ -f "$BOOK" ] || BOOK="Books/the-lamplighter.txt"
if [ -z "${BIN:-}" ]; then
    swift build -c release --product ebook-fb >&2
    BIN="$(swift build -c release --show-bin-path)/ebook-fb"
fi
python3 Tests/Pictures/pictures.py --binary "$BIN" --book "$BOOK" --out Pictures
