#!/usr/bin/env bash
# fontd on the session bus (docs/DESIGN.md §27 (The session bus), §28 (The Settings portal backend)), as a Linux application meets it: a private
# dbus-daemon, `fontd serve --dbus on` on it and Debian's xdg-desktop-portal with fontd's `.portal`
# file as its only Settings backend. A native GDBus client (Benchmarks/dbus/bus-client.c, compiled
# here) measures
#   - ReadOne("content-size-category") round trips, p50/p99 over CALLS synchronous calls after a
#     warm-up, beside the bus's own floor in the same run (the dbus-daemon's GetId, and
#     org.freedesktop.DBus.Peer.Ping to fontd, which GDBus answers without fontd's code) and the
#     same key read through the portal (Settings.Read: the front end forwards it to fontd);
#   - the delay from a PUT /preferences's whole 200 (read by the client on a raw TCP connection) to
#     xdg-desktop-portal's SettingChanged reaching the client, and to fontd's own Changed, p50/p99
#     over CHANGES changes alternating xl and l;
# and, as processes (hyperfine), `gdbus call … ReadOne` beside `gsettings get` of a key of the
# keyfile backend. Goals: ReadOne p99 < 200 µs, signal p99 < 10 ms. Figures are printed, never
# asserted; compare only within one run.
#
# `Benchmarks/dbus.sh memory` measures memory instead (Benchmarks/dbus/bus-memory.py): fontd's VmRSS
# before and after MEMORY_READS Settings.ReadAll through the portal and MEMORY_CHANGES category
# changes, each after a warm-up; goal: flat (within 2 MiB) after the warm-up.
#
# Environment: CALLS (10000), CHANGES (200), RUNS (hyperfine's runs per command, 200), MEMORY_READS
# (15000), MEMORY_CHANGES (5000), FONTD_BIN (a build to use instead of this checkout's release
# build; its libfontd-bus.so beside it).
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-latency}"
calls="${CALLS:-10000}"
memory_reads="${MEMORY_READS:-15000}"
memory_changes="${MEMORY_CHANGES:-5000}"
changes="${CHANGES:-200}"
runs="${RUNS:-200}"
startup_timeout=30
token=dbus-bench-token
portal_executable=/usr/libexec/xdg-desktop-portal

bench_name=dbus
# shellcheck source=Benchmarks/common.sh
. Benchmarks/common.sh
[ $# -eq 0 ] || { [ $# -eq 1 ] && [ "$1" = memory ]; } ||
    fail "usage: Benchmarks/dbus.sh [memory] (CALLS, CHANGES, RUNS, MEMORY_READS, MEMORY_CHANGES, FONTD_BIN in the environment)"
for number in "$calls" "$changes" "$runs" "$memory_reads" "$memory_changes"; do
    [[ "$number" =~ ^[1-9][0-9]*$ ]] || fail "CALLS, CHANGES, RUNS, MEMORY_READS and MEMORY_CHANGES must be positive integers, not '$number'"
done
for tool in dbus-daemon gdbus gsettings hyperfine cc pkg-config python3; do
    command -v "$tool" >/dev/null || fail "needs $tool: run scripts/install-dependencies --benchmarks"
done
[ -x "$portal_executable" ] || fail "needs $portal_executable: run scripts/install-dependencies --benchmarks"
pkg-config --exists gio-2.0 || fail "needs GIO's headers (libglib2.0-dev): run scripts/install-dependencies"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/dbus-bench.XXXXXX")"
bus_pid=""
fontd_pid=""
portal_pid=""
cleanup_pids=(portal_pid fontd_pid bus_pid)
install_cleanup
# xdg-desktop-portal has the bus start xdg-document-portal (which mounts a FUSE file system in
# XDG_RUNTIME_DIR) and xdg-permission-store: stopped before the bus, so that the run's directory can go.
stop_activated() {
    local name pid
    [ -n "$bus_pid" ] || return 0
    for name in org.freedesktop.portal.Documents org.freedesktop.impl.portal.PermissionStore; do
        pid="$(gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
            --method org.freedesktop.DBus.GetConnectionUnixProcessID "$name" 2>/dev/null | sed -n 's/^(uint32 \([0-9]*\),)$/\1/p')"
        stop "$pid"
    done
}
trap 'stop_activated; cleanup' EXIT

# shellcheck disable=SC2046 # pkg-config's flags are words
cc -O2 -Wall -o "$tmp/bus-client" Benchmarks/dbus/bus-client.c $(pkg-config --cflags --libs gio-2.0) ||
    fail "cannot compile Benchmarks/dbus/bus-client.c"
find_fontd
# The bus lives in a library `fontd serve` loads beside itself: build the package's dynamic libraries too.
if [ -z "${FONTD_BIN:-}" ]; then
    for library in $(sed -n 's/.*\.library(name: "\([^"]*\)", type: \.dynamic.*/\1/p' Package.swift); do
        swift build -c release --product "$library" >&2
    done
fi
"$fontd" serve --help | grep -- '--dbus' >/dev/null || fail "$fontd has no --dbus (built before docs/DESIGN.md §27 (The session bus)?)"

# The bus: its address is the first line it prints. Its services (xdg-permission-store, which the
# portal starts) keep their files in the run's directory.
mkdir -m 700 "$tmp/runtime"
export XDG_RUNTIME_DIR="$tmp/runtime" XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache"
dbus-daemon --session --print-address=1 --nofork --nopidfile >"$tmp/bus.address" 2>"$tmp/bus.log" &
bus_pid=$!
deadline=$((SECONDS + startup_timeout))
until [ -s "$tmp/bus.address" ] && [ "$(wc -l <"$tmp/bus.address")" -ge 1 ]; do
    kill -0 "$bus_pid" 2>/dev/null || fail_with_log "dbus-daemon exited" "$tmp/bus.log"
    ((SECONDS < deadline)) || fail_with_log "dbus-daemon printed no address after ${startup_timeout}s" "$tmp/bus.log"
    sleep 0.05
done
DBUS_SESSION_BUS_ADDRESS="$(head -n 1 "$tmp/bus.address")"
export DBUS_SESSION_BUS_ADDRESS

# The memory run makes changes as fast as they are answered: past the default write quota.
quota=()
[ "$mode" = memory ] && quota=(--max-writes-per-second 1000000)
start_fontd serve --port 0 --token "$token" --dbus on "${quota[@]}"
gdbus wait --session --timeout "$startup_timeout" org.fontd.Fontd1 ||
    fail_with_log "fontd took no name on the bus" "$tmp/fontd.log"

# The portal, with fontd's .portal file (data/fontd.portal when this checkout has one, else the one
# docs/DESIGN.md §28 (The Settings portal backend) describes) as the only backend; xdg-desktop-portal 1.16 matches its UseIn
# against XDG_CURRENT_DESKTOP. GSETTINGS_BACKEND=memory keeps it away from dconf.
mkdir "$tmp/portals"
if [ -f data/fontd.portal ]; then
    cp data/fontd.portal "$tmp/portals/fontd.portal"
else
    printf '%s\n' '[portal]' 'DBusName=org.freedesktop.impl.portal.desktop.fontd' \
        'Interfaces=org.freedesktop.impl.portal.Settings;' 'UseIn=fontd-benchmark;' >"$tmp/portals/fontd.portal"
fi
desktop="$(sed -n 's/^UseIn=\([^;]*\);.*/\1/p' "$tmp/portals/fontd.portal")"
XDG_DESKTOP_PORTAL_DIR="$tmp/portals" XDG_CURRENT_DESKTOP="$desktop" GSETTINGS_BACKEND=memory \
    "$portal_executable" --verbose --replace >"$tmp/portal.log" 2>&1 &
portal_pid=$!
gdbus wait --session --timeout "$startup_timeout" org.freedesktop.portal.Desktop ||
    fail_with_log "xdg-desktop-portal took no name on the bus" "$tmp/portal.log"
portal_read=(gdbus call --session --dest org.freedesktop.portal.Desktop --object-path /org/freedesktop/portal/desktop
    --method org.freedesktop.portal.Settings.Read org.fontd.DynamicType content-size-category)
[ "$("${portal_read[@]}" 2>&1)" = "(<<'l'>>,)" ] ||
    fail_with_log "the portal does not answer fontd's category: $("${portal_read[@]}" 2>&1)" "$tmp/portal.log" "$tmp/fontd.log"

if [ "$mode" = memory ]; then
    /usr/bin/python3 -c 'import gi' 2>/dev/null || fail "needs python3-gi: run scripts/install-dependencies"
    echo "$bench_name: memory, $memory_reads portal reads and $memory_changes changes" >&2
    /usr/bin/python3 Benchmarks/dbus/bus-memory.py "$DBUS_SESSION_BUS_ADDRESS" "$fontd_pid" "$fontd_port" \
        "$memory_reads" "$memory_changes" --token "$token" >"$tmp/memory.json" ||
        fail_with_log "the memory client failed" "$tmp/fontd.log" "$tmp/portal.log"
    /usr/bin/python3 - "$tmp/memory.json" <<'PY'
import json, sys
figures = json.load(open(sys.argv[1]))
print("\n%-52s %12s %12s %12s %14s" % ("fontd's VmRSS (goal: flat, within 2 MiB)", "after warm-up", "at the end", "growth", "per call"))
for label, key in (("Settings.ReadAll through xdg-desktop-portal", "reads"), ("PUT /category → Changed, SettingChanged", "changes")):
    phase = figures[key]
    growth = phase["endRSSKiB"] - phase["warmRSSKiB"]
    print("%-52s %9d KiB %9d KiB %9d KiB %10.0f bytes" % (
        "%s × %d" % (label, phase["count"]), phase["warmRSSKiB"], phase["endRSSKiB"], growth, growth * 1024 / phase["count"]))
PY
    echo
    echo "fontd: $fontd (serve --dbus on); $("$portal_executable" --version 2>/dev/null || echo xdg-desktop-portal); $(dbus-daemon --version | head -n 1)"
    exit 0
fi

# Native calls, each row after a warm-up of a tenth of its calls (at least 100).
warmup=$((calls / 10 > 100 ? calls / 10 : 100))
results="$tmp/results"
: >"$results"
row() {
    local label="$1"
    shift
    echo "$bench_name: $label ($calls calls)" >&2
    "$tmp/bus-client" calls "$calls" "$warmup" "$@" | sed "s|^calls|$label|" >>"$results" ||
        fail_with_log "the client failed: $label" "$tmp/fontd.log" "$tmp/portal.log"
}
row readone org.fontd.Fontd1 /org/fontd/Fontd1 org.fontd.Fontd1.ReadOne "('content-size-category',)"
row getid org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.GetId "()"
row ping org.fontd.Fontd1 /org/fontd/Fontd1 org.freedesktop.DBus.Peer.Ping "()"
row portalread org.freedesktop.portal.Desktop /org/freedesktop/portal/desktop org.freedesktop.portal.Settings.Read \
    "('org.fontd.DynamicType', 'content-size-category')"

echo "$bench_name: $changes changes (PUT /preferences → SettingChanged, Changed)" >&2
"$tmp/bus-client" changes "$changes" 10 "$fontd_host" "$fontd_port" "$token" >>"$results" ||
    fail_with_log "the client failed: changes" "$tmp/fontd.log" "$tmp/portal.log"

# Processes: gdbus call against gsettings get of a keyfile key (no bus; GIO reads one file).
mkdir -p "$tmp/config/glib-2.0/settings"
printf '[org/gnome/desktop/interface]\ntext-scaling-factor=1.25\n' >"$tmp/config/glib-2.0/settings/keyfile"
[ "$(GSETTINGS_BACKEND=keyfile gsettings get org.gnome.desktop.interface text-scaling-factor)" = 1.25 ] ||
    fail "gsettings get does not read the keyfile (is gsettings-desktop-schemas installed?)"
echo "$bench_name: hyperfine, $runs runs each" >&2
hyperfine --shell=none --warmup 20 --runs "$runs" --style basic --export-csv "$tmp/processes.csv" \
    -n "gdbus call … ReadOne" \
    "gdbus call --session --dest org.fontd.Fontd1 --object-path /org/fontd/Fontd1 --method org.fontd.Fontd1.ReadOne content-size-category" \
    -n "gsettings get (keyfile)" \
    "env GSETTINGS_BACKEND=keyfile gsettings get org.gnome.desktop.interface text-scaling-factor" >"$tmp/hyperfine.txt" 2>&1 ||
    { cat "$tmp/hyperfine.txt" >&2; fail "hyperfine failed"; }

awk -v calls="$calls" -v changes="$changes" -v runs="$runs" '
    FNR == 1 && FILENAME ~ /csv$/ { next }
    FILENAME !~ /csv$/ { p50[$1] = $4; p99[$1] = $6; next }
    { split($0, f, ","); name[++n] = f[1]; mean[n] = f[2] * 1000; median[n] = f[4] * 1000; cpu[n] = (f[5] + f[6]) * 1000 }
    END {
        printf "\n%-58s %10s %10s   %s\n", "native GDBus client (" calls " calls; " changes " changes)", "p50", "p99", "goal"
        printf "%-58s %7.1f µs %7.1f µs   %s\n", "ReadOne(\"content-size-category\") to org.fontd.Fontd1", p50["readone"], p99["readone"], "p99 < 200 µs"
        printf "%-58s %7.1f µs %7.1f µs\n", "  reference: GetId to the dbus-daemon (the bus floor)", p50["getid"], p99["getid"]
        printf "%-58s %7.1f µs %7.1f µs\n", "  reference: Peer.Ping to fontd (GDBus, no fontd code)", p50["ping"], p99["ping"]
        printf "%-58s %7.1f µs %7.1f µs\n", "Settings.Read through xdg-desktop-portal", p50["portalread"], p99["portalread"]
        printf "%-58s %7.2f ms %7.2f ms   %s\n", "PUT 200 → SettingChanged through xdg-desktop-portal", p50["portal"] / 1000, p99["portal"] / 1000, "p99 < 10 ms"
        printf "%-58s %7.2f ms %7.2f ms   %s\n", "PUT 200 → fontd'\''s Changed", p50["changed"] / 1000, p99["changed"] / 1000, "p99 < 10 ms"
        printf "\n%-58s %10s %10s %10s\n", "processes (hyperfine, " runs " runs)", "mean", "median", "CPU"
        for (i = 1; i <= n; i++) printf "%-58s %7.2f ms %7.2f ms %7.2f ms\n", name[i], mean[i], median[i], cpu[i]
    }
' "$results" "$tmp/processes.csv"
echo
echo "fontd: $fontd (serve --dbus on); $("$portal_executable" --version 2>/dev/null || echo xdg-desktop-portal); $(dbus-daemon --version | head -n 1)"
echo "CPU: the process's mean user + system time, which a busy machine disturbs less than its wall time."
echo "A negative delay: the signal reached the client before the PUT's whole 200 had been read."
