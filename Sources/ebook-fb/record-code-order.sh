#!/usr/bin/env bash
# Writes code-order.txt: the functions of the release binary that a reading
# session runs, as callgrind sees them, for the link to lay out together
# (see the executable's linker settings in Package.swift). Run it after
# changes that move much of the reading path; a list that has aged costs
# memory, never correctness: functions it does not name are laid out after
# those it does.
#
#   Sources/ebook-fb/record-code-order.sh [BOOK]
#
# BOOK defaults to the shared War and Peace; needs valgrind.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
BOOK="${1:-$ROOT/../shared/books/en_war_and_peace_2600-0.txt}"
[ -f "$BOOK" ] || { echo "record-code-order: no book at $BOOK" >&2; exit 1; }
command -v valgrind > /dev/null || { echo "record-code-order: valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
(cd "$ROOT" && swift build -c release --product ebook-fb >&2)
# valgrind cannot read the release binary's DWARF 5; the symbol table is enough.
cp "$ROOT/.build/release/ebook-fb" "$WORK/ebook-fb"
strip --strip-debug "$WORK/ebook-fb"
mkdir -p "$WORK/snapshots"
"$WORK/ebook-fb" bench-first-page "$BOOK" --offset 0 --since 0 --size 800x480 --pattern-snapshots "$WORK/snapshots" > /dev/null
# The first page of a start, then a session: a font change, page turns,
# the menu, flicks and the loop at rest.
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$WORK/start.out" \
    "$WORK/ebook-fb" bench-first-page "$BOOK" --offset 0 --since 0 --size 800x480 --pattern-snapshots "$WORK/snapshots" > /dev/null 2> "$WORK/start.log"
# Under callgrind the session's later phases (the reader loop at the
# end) take hours: the run is stopped after 20 minutes, and callgrind
# writes what ran until then, the page turns the memory figure is
# measured after included.
timeout --signal=TERM 1200 valgrind --tool=callgrind --demangle=no --callgrind-out-file="$WORK/session.out" \
    "$WORK/ebook-fb" bench-session "$BOOK" --size 800x480 --pattern-snapshots "$WORK/snapshots" --turns 30 --paginating-rounds 1 \
    > /dev/null 2> "$WORK/session.log" || true
# The binary's functions the profiles ran: the start's first, then the
# session's, each profile's costliest first.
python3 - "$WORK/ebook-fb" "$WORK/start.out" "$WORK/session.out" > "$HERE/code-order.txt" <<'PY'
import collections
import re
import sys

NAME = re.compile(r"^(c?)(ob|fn)=\((\d+)\)(?: (.*))?$")


def executed(path, binary):
    """The functions of `binary` a callgrind profile names, with their cost."""
    names = {"ob": {}, "fn": {}}
    current_object = current_function = None
    cost = collections.Counter()
    with open(path, errors="replace") as profile:
        for line in profile:
            match = NAME.match(line.rstrip("\n"))
            if match:
                called, kind, number, name = match.groups()
                if name:
                    names[kind][number] = name
                if not called:
                    if kind == "ob":
                        current_object = names["ob"].get(number)
                    else:
                        current_function = names["fn"].get(number)
                        if current_object == binary:
                            cost[current_function] += 0
                continue
            if current_object == binary and current_function and line[:1].isdigit():
                fields = line.split()
                if len(fields) >= 2 and fields[1].isdigit():
                    cost[current_function] += int(fields[1])
    return cost


def main():
    binary, profiles = sys.argv[1], sys.argv[2:]
    seen = set()
    for path in profiles:
        cost = executed(path, binary)
        for function in sorted(cost, key=lambda name: -cost[name]):
            if function not in seen and not function.startswith("("):
                seen.add(function)
                print(function)


main()
PY
echo "record-code-order: $(wc -l < "$HERE/code-order.txt") functions in $HERE/code-order.txt" >&2
# The build does not know the list is an input of the link: link again.
rm -f "$ROOT/.build/release/ebook-fb"
