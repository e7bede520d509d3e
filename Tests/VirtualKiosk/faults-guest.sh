#!/bin/bash
# The fault run's driver inside the Debian guest (a oneshot unit started
# after ebook-fb.service). The host picks what each boot does with
# kiosk.mode= on the kernel command line:
#   console   console switches away and back (kiosk.switches=N, half of them
#             in the middle of a flick), the touchscreen unplugged in the
#             middle of a drag (kiosk.unplugs=N), then Ctrl+Alt+F2 from a
#             keyboard with LOCK_VT=no and with LOCK_VT=yes; then power off
#   paging    flick after flick until the host pulls the plug
#   settings  the text panel's theme changed again and again (each change
#             writes the settings) until the host pulls the plug
#   snapshot  the hyphenation snapshot removed and the reader restarted (each
#             start writes it again) until the host pulls the plug
#   memory    each of kiosk.books= opened and paged through 50 times; then
#             power off
# Every boot first says which page the reader opened on ("resumed N") and
# shows it (the host reads the screen). Pages the reader presents reach the
# host through journald's console on the second serial port.
SERIAL=/dev/ttyS0
HERE=/usr/local/lib/ebook-fb-faults
LOG=/run/ebook-fb-faults/reader.log
CONF=/etc/ebook-fb.conf
# The serial port stays open for the whole run: opened anew for each line,
# the port would be reset and drop what the host sent in between.
exec 5<> "$SERIAL"
say() { echo "KIOSK $*" >&5; }
argument() { tr ' ' '\n' < /proc/cmdline | sed -n "s/^kiosk\.$1=//p" | tail -n 1; }
property() { systemctl show -p "$1" --value ebook-fb.service; }
finish() { say done; sync; echo o > /proc/sysrq-trigger; sleep 60; }

# The reader's log as it comes, in a file the waits below read.
lines() { wc -l < "$LOG"; }
count() { grep -c -F -- "$1" "$LOG"; }
# wait_after LINE TEXT [SECONDS]: waits for a log line containing TEXT past
# line LINE; prints it. Fails after SECONDS (default 60).
wait_after() {
    local from="$1" text="$2" limit=$(( ${3:-60} * 10 )) n=0 found
    while true; do
        found="$(tail -n +"$((from + 1))" "$LOG" | grep -m 1 -F -- "$text")"
        [ -n "$found" ] && { echo "$found"; return 0; }
        n=$((n + 1)); [ "$n" -gt "$limit" ] && return 1
        sleep 0.1
    done
}
page_of() { sed -nE 's/.*presented page ([0-9]+).*/\1/p' <<< "$1"; }
last_page() { grep -F 'presented page' "$LOG" | tail -n 1 | sed -nE 's/.*presented page ([0-9]+).*/\1/p'; }
# The host reads the screen when told, and answers "go".
show() { say "screen $1"; read -r -t 300 _ <&5 || say "failed: no answer from the host for screen $1"; }

# A uinput device driven by `ebook-fb inject --control`: started with the
# recording that describes it, it plays recordings on demand and goes away
# when its input closes (mid-gesture, if a recording left a finger down).
device_start() {  # RECORDING KIND (touchscreen or keyboard): waits until the reader has it
    local before
    before="$(count "$2: /dev/input/")"
    rm -f /run/ebook-fb-faults/in /run/ebook-fb-faults/out
    mkfifo /run/ebook-fb-faults/in /run/ebook-fb-faults/out
    # Opened both ways, a FIFO never blocks: an inject that fails at once
    # makes the read below time out instead of hanging the run.
    exec 3<> /run/ebook-fb-faults/in 4<> /run/ebook-fb-faults/out
    /usr/local/bin/ebook-fb inject --control "$HERE/$1" < /run/ebook-fb-faults/in > /run/ebook-fb-faults/out \
        2> /run/ebook-fb-faults/inject.err 3>&- 4>&- &
    INJECT=$!
    read -r -t 30 _ DEVICE <&4 || { say "failed: inject did not start: $(cat /run/ebook-fb-faults/inject.err)"; return 1; }
    # The reader opens it once udev has given it to the input group.
    local n=0
    until [ "$(count "$2: $DEVICE")" -gt 0 ] && [ "$(count "$2: /dev/input/")" -gt "$before" ]; do
        n=$((n + 1)); [ "$n" -gt 300 ] && { say "failed: the reader did not open $DEVICE"; return 1; }
        sleep 0.1
    done
}
play() { echo "play $HERE/$1" >&3; read -r -t 30 reply <&4 && [ "${reply%% *}" = played ]; }
device_stop() { exec 3>&-; wait "$INJECT"; exec 4<&-; }

chvt() { timeout 60 "$HERE/busybox" chvt "$1" || say "failed: chvt $1 did not complete"; }
fgconsole() { sed 's/^tty//' /sys/class/tty/tty0/active; }
# What the host needs to see why a gesture went nowhere.
diagnose() {
    say "failed: $1; input devices: $(grep -E '^(N|H):' /proc/bus/input/devices | tr '\n' ' ')"
    say "failed: $1; the reader's input: $(ls -l "/proc/$(property MainPID)/fd" 2> /dev/null | grep -o 'input/event[0-9]*' | tr '\n' ' ')" \
        "inject: $(tr '\n' ' ' < /run/ebook-fb-faults/inject.err)"
}
drm_master() {  # y or n: whether the reader holds DRM master now
    awk '$1 == "ebook-fb" {print $4; exit}' /sys/kernel/debug/dri/0/clients 2>/dev/null
}

# Waits for the reader's first page after LINE; says it and shows it.
opened() {
    local line
    line="$(wait_after "$1" "presented page" 120)" || { say "failed: no page presented"; return 1; }
    say "$2 page=$(page_of "$line") pid=$(property MainPID) restarts=$(property NRestarts)"
    show "$2"
}

console_switches() {
    local total="$1" i line away back before page pid
    pid="$(property MainPID)"
    device_start flick.events touchscreen || return
    for i in $(seq 1 "$total"); do
        before="$(last_page)"
        # Every other switch while a flick still moves the page.
        if [ $((i % 2)) = 0 ]; then play flick.events || say "failed: flick $i"; fi
        line="$(lines)"
        chvt 2
        wait_after "$line" "console switched away" 30 > /dev/null || say "failed: switch $i: no release"
        away="$(fgconsole)/$(drm_master)"
        show "away-$i"
        line="$(lines)"
        chvt 1
        wait_after "$line" "console back" 30 > /dev/null || say "failed: switch $i: no acquire"
        page="$(page_of "$(wait_after "$line" "presented page" 30)")"
        back="$(fgconsole)/$(drm_master)"
        say "switch i=$i flick=$((1 - i % 2)) before=$before page=$page away=$away back=$back" \
            "pid=$pid/$(property MainPID) restarts=$(property NRestarts)"
        show "back-$i"
    done
    device_stop
}

touch_unplugs() {
    local total="$1" i line before dragged flicked
    for i in $(seq 1 "$total"); do
        before="$(last_page)"
        device_start drag-unplug.events touchscreen || return
        line="$(lines)"
        play drag-unplug.events || say "failed: drag $i"
        device_stop
        dragged="$(page_of "$(wait_after "$line" "presented page" 30)")"
        device_start flick.events touchscreen || return
        line="$(lines)"
        play flick.events || say "failed: flick after replug $i"
        flicked="$(page_of "$(wait_after "$line" "presented page" 30)")"
        [ -n "$flicked" ] || diagnose "the flick after replug $i turned nothing"
        device_stop
        say "unplug i=$i before=$before dragged=${dragged:-none} flicked=${flicked:-none}"
        show "unplug-$i"
    done
}

lock_vt() {
    local line page n refused switched
    # LOCK_VT=no: the keys reach the reader and it switches, as the kernel would.
    device_start ctrl-alt-f2.events keyboard || return
    line="$(lines)"
    play ctrl-alt-f2.events
    wait_after "$line" "console switched away" 30 > /dev/null
    n=0
    until [ "$(fgconsole)" = 2 ] || [ "$n" -gt 100 ]; do n=$((n + 1)); sleep 0.1; done
    say "unlocked console=$(fgconsole)"
    chvt 1
    wait_after "$line" "presented page" 30 > /dev/null
    device_stop
    # LOCK_VT=yes: refused, the reader stays on screen.
    sed -i 's/^LOCK_VT=.*/LOCK_VT=yes/' "$CONF"
    line="$(lines)"
    systemctl restart ebook-fb.service
    page="$(page_of "$(wait_after "$line" "presented page" 120)")"
    device_start ctrl-alt-f2.events keyboard || return
    line="$(lines)"
    play ctrl-alt-f2.events
    wait_after "$line" "switching refused" 30 > /dev/null
    refused=$?
    # A chvt is refused too (it would wait for ever: bounded here).
    switched="$(count "console switched away")"
    timeout 10 "$HERE/busybox" chvt 2
    say "locked page=$page refused=$refused console=$(fgconsole) master=$(drm_master)" \
        "switched=$(( $(count "console switched away") - switched ))"
    show locked
    device_stop
}

paging() {
    device_start flick.events touchscreen || return
    say cut-ready
    local line
    while true; do
        line="$(lines)"
        play flick.events || say "failed: flick"
        wait_after "$line" "presented page" 30 > /dev/null || say "failed: no page after a flick"
    done
}

settings() {
    local panel=/var/lib/ebook-fb/settings.json theme=sepia line
    device_start flick.events touchscreen || return
    line="$(lines)"
    play open-text.events
    say cut-ready
    while true; do
        play "theme-$theme.events"
        # Written when the tap is taken: wait for the file to say so.
        local n=0
        until grep -q "\"$theme\"" "$panel" 2> /dev/null; do
            n=$((n + 1)); [ "$n" -gt 300 ] && { say "failed: theme $theme not saved"; break; }
            sleep 0.1
        done
        if [ "$theme" = sepia ]; then theme=light; else theme=sepia; fi
    done
}

snapshot() {
    local folder=/var/cache/ebook-fb/hyphenation line
    say cut-ready
    while true; do
        rm -f "$folder"/*.snapshot
        line="$(lines)"
        systemctl restart ebook-fb.service
        wait_after "$line" "presented page" 120 > /dev/null || say "failed: no page after a restart"
        local n=0
        until ls "$folder"/*.snapshot > /dev/null 2>&1; do
            n=$((n + 1)); [ "$n" -gt 300 ] && break
            sleep 0.1
        done
    done
}

memory() {
    local book line start seconds page pages pid peak
    say "memory ram-mb=$(awk '/^MemTotal/ {print int($2 / 1024)}' /proc/meminfo) memory-max=$(property MemoryMax)"
    # What is left for the rest of the kiosk, every 5 s, for the log.
    while sleep 5; do
        say "meminfo available-kb=$(awk '/^MemAvailable/ {print $2}' /proc/meminfo)" \
            "reader-rss-kb=$(awk '/^VmRSS/ {print $2}' "/proc/$(property MainPID)/status" 2> /dev/null)" \
            "unit-bytes=$(property MemoryCurrent)"
    done &
    for book in ${1//,/ }; do
        sed -i -e "s#^BOOK=.*#BOOK=$book#" "$CONF"
        line="$(lines)"
        systemctl restart ebook-fb.service
        wait_after "$line" "first page on screen" 180 > /dev/null
        pid="$(property MainPID)"
        # From the reader's "opening BOOK" to the page on the glass, and from
        # the service's start (systemd's sandbox and the exec included), in
        # the journal's times.
        start="$(property ExecMainStartTimestampMonotonic)"
        seconds="$(journalctl -q -b -u ebook-fb.service -o short-monotonic --no-pager | grep -F "ebook-fb[$pid]: ebook-fb: " \
            | sed -nE 's/^\[ *([0-9.]+)\].*ebook-fb: (opening|first page on screen).*/\1 \2/p' \
            | awk -v s="$start" '$2 == "opening" && !o {o = $1} $2 == "first" && !f {f = $1}
                END {if (o && f) printf "%.3f service-s=%.3f", f - o, f - s / 1e6}')"
        show "book-$(basename "$book")"
        # Turns are counted once the pages are: then each turn is announced.
        page="$(page_of "$(wait_after "$line" "presented page" 300)")"
        device_start flick.events touchscreen || return
        pages=0
        for _ in $(seq 1 50); do
            line="$(lines)"
            play flick.events || break
            wait_after "$line" "presented page" 30 > /dev/null || break
            pages=$((pages + 1))
        done
        device_stop
        peak="$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null)"
        say "book path=$book bytes=$(stat -c %s "$book") first-page-s=${seconds:-none} from=$page to=$(last_page)" \
            "turned=$pages peak-kb=${peak:-none} pid=$pid/$(property MainPID) restarts=$(property NRestarts)"
    done
    say "oom kills=$(journalctl -q -k -b --no-pager | grep -c -i -E 'out of memory|oom-kill')" \
        "result=$(property Result)"
}

mkdir -p /run/ebook-fb-faults
stty -F "$SERIAL" -echo raw 2> /dev/null
MODE="$(argument mode)"
say "booted $MODE"
journalctl -b -f -q -o cat -u ebook-fb.service --no-pager > "$LOG" 2>&1 &
opened 0 resumed || finish
say "temporary-files-after count=$(ls /var/lib/ebook-fb /var/cache/ebook-fb/hyphenation 2>/dev/null | grep -c '\.tmp$')"
case "$MODE" in
    console)
        console_switches "$(argument switches)"
        touch_unplugs "$(argument unplugs)"
        lock_vt
        finish ;;
    paging) paging ;;
    settings) settings ;;
    snapshot) snapshot ;;
    memory)
        memory "$(argument books)"
        finish ;;
esac
say "failed: mode $MODE ended"
finish
