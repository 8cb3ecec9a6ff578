#!/usr/bin/env bash
# What showing a step on screen adds to `fontd category bigger` (docs/DESIGN.md §37 (The reader's
# control)), and what GIO loaded in the process would cost instead of `gdbus call` children. On a
# private session bus with python3-dbusmock's notification server and a fontd serve on port 0, the
# reader already at ax5 (each run reads and says "already the largest", changing nothing), hyperfine
# times, in one run:
#   - `fontd category bigger --no-show` (the reference: the step without the display);
#   - `fontd category bigger` (NameHasOwner, then Notify: two `gdbus call` children);
#   - `gdbus call` of NameHasOwner alone (one child's cost);
#   - gio-notify: libgio loaded with dlopen, the bus joined, NameHasOwner and Notify, in one process
#     (what a dlopen of GIO on this path would cost).
# Figures are printed, never asserted; compare only within one run.
#
# Environment: RUNS (30), FONTD_BIN (a build to use instead of this checkout's release build).
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${RUNS:-30}"
startup_timeout=30
bench_name=step-display
# shellcheck source=Benchmarks/common.sh
. Benchmarks/common.sh
for tool in hyperfine dbus-daemon gdbus gcc pkg-config; do
    command -v "$tool" >/dev/null || fail "needs $tool: run scripts/install-dependencies --benchmarks"
done
/usr/bin/python3 -c 'import dbusmock' 2>/dev/null || fail "needs python3-dbusmock: run scripts/install-dependencies"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/step-display-bench.XXXXXX")"
fontd_pid=""
bus_pid=""
mock_pid=""
cleanup_pids=(mock_pid bus_pid fontd_pid)
install_cleanup
find_fontd

mkdir -m 0700 "$tmp/runtime"
export XDG_RUNTIME_DIR="$tmp/runtime"
export DBUS_SESSION_BUS_ADDRESS="unix:path=$tmp/bus"
dbus-daemon --config-file=/usr/share/dbus-1/session.conf --address="$DBUS_SESSION_BUS_ADDRESS" --nofork --nopidfile 2>"$tmp/bus.log" &
bus_pid=$!
/usr/bin/python3 -m dbusmock --session -t notification_daemon >"$tmp/mock.log" 2>&1 &
mock_pid=$!
gdbus wait --session --timeout 30 org.freedesktop.Notifications || fail_with_log "no notification server" "$tmp/mock.log"

gcc -O2 -o "$tmp/gio-notify" Benchmarks/step-display/gio-notify.c $(pkg-config --cflags glib-2.0) -ldl
start_fontd serve --port 0 --dbus off
server="http://$fontd_host:$fontd_port"
"$fontd" category set ax5 --server "$server" >/dev/null

hyperfine --warmup 3 --runs "$runs" -N \
    -n "bigger --no-show (reference)" "$fontd category bigger --no-show --server $server" \
    -n "bigger (NameHasOwner + Notify, gdbus children)" "$fontd category bigger --server $server" \
    -n "one gdbus call (NameHasOwner)" \
    "gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus --method org.freedesktop.DBus.NameHasOwner org.gnome.Shell" \
    -n "GIO by dlopen: bus, NameHasOwner, Notify in one process" "$tmp/gio-notify"
