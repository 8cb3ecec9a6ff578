#!/usr/bin/env bash
# How long a client waits for fontd when nothing runs yet (docs/DESIGN.md §29 (A desktop service)):
# ROUNDS times each, from a cold process,
#   - started, then asked: `fontd serve` started and its ready line awaited, then one GET /healthz
#     (the reference: what a client has without activation);
#   - socket-activated: Debian's systemd-socket-activate holds 127.0.0.1:PORT as fontd.socket does,
#     and one GET /healthz made to it starts fontd on the inherited socket and is answered;
#   - bus-activated: a private dbus-daemon whose service directory holds fontd's activation file
#     (Exec= this fontd), and one `gdbus call … ReadOne` starts fontd and is answered;
# each timed from the client's first step to its answer, printed as median and maximum in ms.
# Figures are printed, never asserted; compare only within one run.
#
# Environment: ROUNDS (20), FONTD_BIN (a build to use instead of this checkout's release build; its
# libfontd-bus.so beside it).
set -euo pipefail
cd "$(dirname "$0")/.."

rounds="${ROUNDS:-20}"
startup_timeout=30
bench_name=activation
# shellcheck source=Benchmarks/common.sh
. Benchmarks/common.sh
[ $# -eq 0 ] || fail "usage: Benchmarks/activation.sh (ROUNDS, FONTD_BIN in the environment)"
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS must be a positive integer, not '$rounds'"
for tool in systemd-socket-activate dbus-daemon gdbus curl; do
    command -v "$tool" >/dev/null || fail "needs $tool: run scripts/install-dependencies"
done

tmp="$(mktemp -d "${TMPDIR:-/tmp}/activation-bench.XXXXXX")"
fontd_pid=""
holder_pid=""
bus_pid=""
cleanup_pids=(fontd_pid holder_pid bus_pid)
install_cleanup
find_fontd
if [ -z "${FONTD_BIN:-}" ]; then swift build -c release --product fontd-bus >&2; fi

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# A free port: bound by the kernel's choice and released (nothing else on this machine takes it in between).
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Median and maximum of the numbers on stdin.
summary() { sort -n | awk '{ v[NR] = $1 } END { printf "median %d ms, max %d ms (%d rounds)\n", v[int((NR + 1) / 2)], v[NR], NR }'; }

# One store per round: each start is a first start.
started_then_asked() {
    local round start
    for ((round = 0; round < rounds; round++)); do
        start=$(now_ms)
        fontd_label="direct$round" start_fontd serve --port 0 --dbus off --store "$tmp/direct$round.sqlite"
        curl -sf "http://$fontd_host:$fontd_port/healthz" >/dev/null || fail_with_log "no answer" "$tmp/direct$round.log"
        echo $(($(now_ms) - start))
        stop "$fontd_pid"
        fontd_pid=""
    done
}

socket_activated() {
    local round port start
    for ((round = 0; round < rounds; round++)); do
        port=$(free_port)
        systemd-socket-activate -l "127.0.0.1:$port" "$fontd" serve --dbus off --store "$tmp/socket$round.sqlite" \
            >"$tmp/socket$round.out" 2>"$tmp/socket$round.log" &
        holder_pid=$!
        # Listening once it says so (before that, a connection would be refused).
        until grep -qs "Listening on" "$tmp/socket$round.log"; do sleep 0.01; done
        start=$(now_ms)
        curl -sf "http://127.0.0.1:$port/healthz" >/dev/null || fail_with_log "no answer" "$tmp/socket$round.log"
        echo $(($(now_ms) - start))
        stop "$holder_pid"
        holder_pid=""
    done
}

bus_activated() {
    local round start directory
    for ((round = 0; round < rounds; round++)); do
        directory="$tmp/bus$round"
        mkdir -p "$directory/data/dbus-1/services" "$directory/runtime"
        chmod 700 "$directory/runtime"
        sed "s|^Exec=@bindir@/fontd \(.*\)|Exec=$fontd \1 --port 0 --store $directory/fontd.sqlite|" \
            data/dbus-1/services/org.fontd.Fontd1.service >"$directory/data/dbus-1/services/org.fontd.Fontd1.service"
        XDG_DATA_HOME="$directory/data" XDG_RUNTIME_DIR="$directory/runtime" \
            dbus-daemon --session --print-address=1 --nofork --nopidfile >"$directory/address" 2>"$directory/bus.log" &
        bus_pid=$!
        until [ -s "$directory/address" ] && [ "$(wc -l <"$directory/address")" -ge 1 ]; do sleep 0.01; done
        export DBUS_SESSION_BUS_ADDRESS
        DBUS_SESSION_BUS_ADDRESS="$(head -n 1 "$directory/address")"
        start=$(now_ms)
        gdbus call --session --dest org.fontd.Fontd1 --object-path /org/fontd/Fontd1 \
            --method org.fontd.Fontd1.ReadOne content-size-category >/dev/null || fail_with_log "no answer" "$directory/bus.log"
        echo $(($(now_ms) - start))
        # fontd does not leave with its bus: stopped by its pid.
        stop "$(gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
            --method org.freedesktop.DBus.GetConnectionUnixProcessID org.fontd.Fontd1 | sed -n 's/^(uint32 \([0-9]*\),)$/\1/p')"
        stop "$bus_pid"
        bus_pid=""
    done
}

echo "activation: $fontd ($("$fontd" --version)), $rounds rounds each"
echo "started, then asked: $(started_then_asked | summary)"
echo "socket-activated:    $(socket_activated | summary)"
echo "bus-activated:       $(bus_activated | summary)"
