#!/bin/sh
# The boot test's driver inside the Debian guest (a oneshot unit started
# after ebook-fb.service): tells the host on the serial console when a
# screen is ready to be read ("KIOSK screen NAME"), waits for its "go",
# touches the screen through uinput and kills the reader with SIGKILL to
# see systemd bring it back on the same page.
SERIAL=/dev/ttyS0
HERE=/usr/local/lib/ebook-fb-kiosk-test
say() { echo "KIOSK $*" > "$SERIAL"; }
finish() { say done; sync; echo o > /proc/sysrq-trigger; sleep 60; }
reader_log() { journalctl -q -b -u ebook-fb.service -o cat --no-pager 2>/dev/null; }
# Waits until the reader has logged the exact line $1 at least $2 times.
wait_line() {
    n=0
    while [ "$(reader_log | grep -cxF "$1")" -lt "${2:-1}" ]; do
        sleep 0.25; n=$((n + 1))
        [ "$n" -gt 480 ] && return 1
    done
    return 0
}
# The host answers a ready screen with "go" once it has read it.
show() {
    if wait_line "$2" "${3:-1}"; then
        say "screen $1"
        read -r reply < "$SERIAL"
    else
        say "missing $1: no line '$2'"
    fi
}
state_offset() {
    cat /var/lib/ebook-fb/*.json 2>/dev/null | sed -nE 's/.*"offset" *: *([0-9]+).*/\1/p' | head -n 1
}

stty -F "$SERIAL" -echo raw 2>/dev/null
say "booted $(uname -r) systemd $(systemctl --version | awk 'NR == 1 {print $2}')"
show first "ebook-fb: presented page 1"
# Seconds from the kernel's start to the reader's first page on the glass.
say "first-page $(journalctl -q -b -u ebook-fb.service -o short-monotonic --no-pager \
    | grep -m 1 -F 'ebook-fb: presented page 1' | sed -nE 's/^\[ *([0-9.]+)\].*/\1/p')"
# Where the time went: systemd's start and the reader's, in µs since the kernel's start.
say "boot-steps $(systemctl show -p UserspaceTimestampMonotonic --value) $(systemctl show -p ExecMainStartTimestampMonotonic --value ebook-fb.service)"
# When the units the reader could wait for became active (µs since the
# kernel's start), and what starting the reader again costs, warm (for the log).
for unit in systemd-journald.service local-fs.target modprobe@drm.service systemd-udev-trigger.service \
    sysinit.target basic.target ebook-fb.service; do
    say "unit-active $unit $(systemctl show -p ActiveEnterTimestampMonotonic --value "$unit")"
done
# What systemd did before the reader's first page (for the log).
journalctl -q -b -o short-monotonic --no-pager | sed -n '1,/ebook-fb: presented page 1/p' \
    | grep -E 'systemd\[1\]: (Starting|Finished|Started|Reached|Mounting|Mounted)|kernel: (Run|Freeing)' \
    | while read -r line; do say "journal $line"; done
t0=$(date +%s%N)
ebook-fb kiosk --check > /dev/null 2>&1
say "warm-check-ms $((($(date +%s%N) - t0) / 1000000))"
say "unit $(systemctl show -p User,SupplementaryGroups,StateDirectory ebook-fb.service | tr '\n' ' ')"
# The uid, then the name.
say "reader-user $(stat -c '%u %U' "/proc/$(systemctl show -p MainPID --value ebook-fb.service)" 2>/dev/null)"
# The image's boot checks the first page only: its root is read-only.
if [ -e "$HERE/first-page-only" ]; then
    journalctl -q -b -u ebook-fb.service -o short-monotonic --no-pager | sed 's/^/KIOSK log /' > "$SERIAL"
    finish
fi

# The touchscreen appears root-only until udev gives it to the input group,
# which under software emulation can take longer than inject's default
# second; the reader opens it on that change.
ebook-fb inject --settle 5000 "$HERE/flick.events" > /tmp/inject.log 2>&1 || say "failed: inject flick: $(cat /tmp/inject.log)"
show flick "ebook-fb: presented page 2"

# The position is saved once the page settles; wait for it on disk.
n=0
while [ "$(state_offset)" = "" ] || [ "$(state_offset)" = 0 ]; do
    sleep 0.25; n=$((n + 1))
    if [ "$n" -gt 120 ]; then say "failed: no reading position saved in /var/lib/ebook-fb"; break; fi
done
say "saved-offset $(state_offset)"

pid="$(systemctl show -p MainPID --value ebook-fb.service)"
kill -9 "$pid"
say "killed $pid"
show restart "ebook-fb: presented page 2" 2
say "restarts $(systemctl show -p NRestarts --value ebook-fb.service) pid $(systemctl show -p MainPID --value ebook-fb.service)"
# Idle for longer than WatchdogSec: only the loop's pings keep it alive.
limit="$(systemctl show -p WatchdogUSec --value ebook-fb.service)"
sleep 12
say "watchdog $limit restarts $(systemctl show -p NRestarts --value ebook-fb.service) timeouts $(reader_log | grep -c 'Watchdog timeout') state $(systemctl show -p ActiveState,SubState --value ebook-fb.service | tr '\n' ' ')"

# A setting gone wrong: the screen says what and what to do, and the
# service stays up instead of restarting in a loop.
cp /etc/ebook-fb.conf /run/ebook-fb.conf.good
sed -i 's#^BOOK=.*#BOOK=/usr/local/share/ebook-fb/books/missing.txt#' /etc/ebook-fb.conf
systemctl restart ebook-fb.service
n=0
until reader_log | grep -q 'ebook-fb: error: '; do
    sleep 0.25; n=$((n + 1))
    if [ "$n" -gt 240 ]; then say "failed: no error reported for a missing book"; break; fi
done
before="$(systemctl show -p NRestarts --value ebook-fb.service)"
sleep 3
say "screen error"
read -r reply < "$SERIAL"
say "error-state $before $(systemctl show -p NRestarts --value ebook-fb.service) $(systemctl show -p ActiveState,SubState --value ebook-fb.service | tr '\n' ' ')"
say "error-line $(reader_log | grep -m 1 'ebook-fb: error: ')"
cp /run/ebook-fb.conf.good /etc/ebook-fb.conf
systemctl restart ebook-fb.service
show back "ebook-fb: presented page 2" 3

# Speech on the guest's sound card, which the host records: with the
# spoken interface a touch on the page reads from the sentence touched.
sed -i 's#^ACCESSIBLE=.*#ACCESSIBLE=spoken#' /etc/ebook-fb.conf
systemctl restart ebook-fb.service
wait_line "ebook-fb: presented page 2" 4 || say "failed: no page 2 with the spoken interface"
ebook-fb inject --settle 5000 "$HERE/tap-middle.events" > /tmp/inject.log 2>&1 \
    || say "failed: inject tap: $(cat /tmp/inject.log)"
sleep 10
say "speech $(reader_log | grep -E 'speech: |no sound|no speech' | tail -n 1) | $(head -n 1 /proc/asound/cards 2>/dev/null)"
systemctl stop ebook-fb.service
cp /run/ebook-fb.conf.good /etc/ebook-fb.conf

journalctl -q -b -u ebook-fb.service -o short-monotonic --no-pager | sed 's/^/KIOSK log /' > "$SERIAL"
finish
