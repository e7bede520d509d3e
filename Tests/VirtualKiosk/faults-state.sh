#!/bin/sh
# The fault run's look at the state folder before the reader starts (a
# oneshot unit ordered before ebook-fb.service): what the last power cut
# left of the reading positions, the text settings and the hyphenation
# snapshots, told to the host on the serial console. The files' bytes go
# as base64 so that the host judges them, torn or whole.
SERIAL=/dev/ttyS0
STATE=/var/lib/ebook-fb
SNAPSHOTS=/var/cache/ebook-fb/hyphenation
say() { echo "KIOSK $*" > "$SERIAL"; }
for file in "$STATE"/*.json; do
    [ -e "$file" ] || continue
    say "state-file $(basename "$file") $(stat -c %s "$file") $(base64 -w 0 < "$file")"
done
for file in "$SNAPSHOTS"/*.snapshot; do
    [ -e "$file" ] || continue
    say "snapshot-file $(basename "$file") $(stat -c %s "$file")"
done
say "temporary-files count=$(ls "$STATE" "$SNAPSHOTS" 2>/dev/null | grep -c '\.tmp$')"
say "state-checked"
