#!/bin/busybox sh
# /init of the virtual kiosk's initramfs: loads the display and input
# drivers, starts the reader on tty1 and walks through the test sequence,
# telling the host on the serial console when a screen is ready to be read
# ("KIOSK screen NAME") and waiting for its "go" before going on.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /tmp
. /kiosk/kiosk.env

say() { echo "KIOSK $*"; }
finish() { say done; sync; poweroff -f; }
wait_path() {
    n=0
    while [ ! -e "$1" ]; do
        sleep 0.1; n=$((n + 1))
        [ "$n" -gt 600 ] && return 1
    done
    return 0
}
# Whether the reader runs (an exited child stays a zombie until waited for).
running() { kill -0 "$pid" 2>/dev/null && ! grep -q '^State:[[:space:]]*Z' "/proc/$pid/status" 2>/dev/null; }
# Waits until the reader's log ($log) has the exact line $1, $2 times
# (default once), or the reader died.
log=/tmp/reader.log
wait_line() {
    n=0
    while count=$(grep -cxF "$1" "$log" 2>/dev/null); [ "${count:-0}" -lt "${2:-1}" ]; do
        running || return 1
        sleep 0.2; n=$((n + 1))
        [ "$n" -gt 1500 ] && return 1
    done
    return 0
}
show() {
    if wait_line "$2"; then
        say "screen $1"
        read -r reply < /dev/ttyS0
    else
        say "missing $1: no line '$2'; the reader's last lines: $(tail -n 4 "$log" | tr '\n' '|')"
    fi
}

for module in $(cat /kiosk/modules.order); do
    insmod "/kiosk/modules/$module" || say "insmod $module failed"
done
wait_path "${KIOSK_DEVICE:-/dev/dri/card0}" || say "no ${KIOSK_DEVICE:-/dev/dri/card0} after loading the drivers"
wait_path /dev/uinput || say "no /dev/uinput"
say "booted $(uname -r) $(cat /sys/class/drm/card0/device/driver/module/drivers/*/uevent 2>/dev/null | head -n 1)"

cd /kiosk
if grep -q kiosk.window /proc/cmdline; then
    # A person tries it: the reader on tty1, the mouse as a finger.
    ./ebook-fb $KIOSK_READER < /dev/tty1
    finish
fi

# Text on the console (cursor hidden, so the picture is steady), read
# before the reader starts and compared after it has restored the console.
printf '\033[2J\033[H\033[?25lebook-fb virtual kiosk: the text console on tty1\n' > /dev/tty1
sleep 1
say "screen console"
read -r reply < /dev/ttyS0

./ebook-fb $KIOSK_READER < /dev/tty1 > /tmp/reader.log 2>&1 &
pid=$!
show first "$KIOSK_FIRST"
# The reader at rest: its CPU time (ns) and context switches, all threads, and how many.
usage() {
    run=0; switches=0; threads=0
    for task in /proc/"$pid"/task/*; do
        read -r ns _ < "$task/schedstat" || continue
        voluntary=$(sed -n 's/^voluntary_ctxt_switches:[[:space:]]*//p' "$task/status")
        involuntary=$(sed -n 's/^nonvoluntary_ctxt_switches:[[:space:]]*//p' "$task/status")
        run=$((run + ns)); switches=$((switches + ${voluntary:-0} + ${involuntary:-0})); threads=$((threads + 1))
    done
    echo "$run $switches $threads"
}
sleep 2
set -- $(usage)
run0=$1; switches0=$2
sleep 10
set -- $(usage)
say "idle $((($1 - run0) / 1000)) $(($2 - switches0)) $3"
./ebook-fb inject /kiosk/flick.events > /tmp/inject.log 2>&1 || say "inject flick failed: $(cat /tmp/inject.log)"
show flick "$KIOSK_FLICK"
# Each screen over page 2, then back to page 2 (announced once more).
back=1
for name in $KIOSK_SCREENS; do
    eval "reader=\$KIOSK_READER_$name"
    [ -z "$reader" ] || continue
    ./ebook-fb inject "/kiosk/screen-$name-open.events" > /tmp/inject.log 2>&1 || say "inject $name failed: $(cat /tmp/inject.log)"
    eval "line=\$KIOSK_SCREEN_$name"
    show "$name" "$line"
    ./ebook-fb inject "/kiosk/screen-$name-close.events" > /tmp/inject.log 2>&1 || say "inject $name close failed: $(cat /tmp/inject.log)"
    back=$((back + 1))
    wait_line "$KIOSK_FLICK" "$back" || say "missing $name-closed: page 2 not shown again"
done
./ebook-fb inject /kiosk/double-tap.events > /tmp/inject.log 2>&1 || say "inject double tap failed: $(cat /tmp/inject.log)"
show zoom "$KIOSK_ZOOM"
kill -TERM "$pid"
wait "$pid"
say "exit-status $?"
sleep 1
say "screen exit"
read -r reply < /dev/ttyS0
# Each screen with a reader of its own: started on tty1, read, stopped.
for name in $KIOSK_SCREENS; do
    eval "reader=\$KIOSK_READER_$name line=\$KIOSK_SCREEN_$name"
    [ -n "$reader" ] || continue
    log="/tmp/reader-$name.log"
    ./ebook-fb $reader < /dev/tty1 > "$log" 2>&1 &
    pid=$!
    show "$name" "$line"
    kill -TERM "$pid"
    wait "$pid" || say "failed: the $name reader exited with status $?"
done
sed 's/^/KIOSK log /' /tmp/reader*.log
finish
