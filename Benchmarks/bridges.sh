#!/usr/bin/env bash
# From a category change's 200 to every terminal and editor target applied (docs/DESIGN.md §31
# (Terminals and editors)): a real `fontd serve --bridge kitty,alacritty,foot,wezterm,ghostty,vscode`
# in a home of the run's own (each reader file in place, VS Code's settings.json with comments),
# with a private session bus so that Ghostty's name is looked up as on a desktop. CHANGES times a
# PUT /category alternates between ax1 and xl; each is timed from curl's 200 to the server's sixth
# `set a terminal's font size` line for it (each written after the program's files are replaced and
# its running instances told), and the files are checked to say the new size. Prints p50, p99 and
# the maximum in ms; the goal is p99 ≤ 1000 ms. Figures are printed, never asserted.
#
# Environment: CHANGES (50), FONTD_BIN (a build to use instead of this checkout's release build).
set -euo pipefail
cd "$(dirname "$0")/.."

changes="${CHANGES:-50}"
startup_timeout=30
bench_name=bridges
# shellcheck source=Benchmarks/common.sh
. Benchmarks/common.sh
[ $# -eq 0 ] || fail "usage: Benchmarks/bridges.sh (CHANGES, FONTD_BIN in the environment)"
[[ "$changes" =~ ^[1-9][0-9]*$ ]] || fail "CHANGES must be a positive integer, not '$changes'"
for tool in dbus-daemon gdbus curl python3; do
    command -v "$tool" >/dev/null || fail "needs $tool: run scripts/install-dependencies"
done

tmp="$(mktemp -d "${TMPDIR:-/tmp}/bridges-bench.XXXXXX")"
fontd_pid=""
bus_pid=""
cleanup_pids=(fontd_pid bus_pid)
install_cleanup
find_fontd

config="$tmp/config"
mkdir -p "$config"/{kitty,alacritty,foot,wezterm,ghostty,Code/User} "$tmp/home" "$tmp/runtime"
chmod 700 "$tmp/runtime"
printf 'font_family DejaVu Sans Mono\n' >"$config/kitty/kitty.conf"
printf 'window:\n  opacity: 1.0\n' >"$config/alacritty/alacritty.yml"
printf 'font=DejaVu Sans Mono:size=10\n' >"$config/foot/foot.ini"
printf 'font-family = DejaVu Sans Mono\n' >"$config/ghostty/config"
printf '{\n    // mine\n    "workbench.colorTheme": "Default Dark+",\n    "editor.fontSize": 14,\n}\n' >"$config/Code/User/settings.json"

dbus-daemon --session --print-address=1 --nofork --nopidfile >"$tmp/address" 2>"$tmp/bus.log" &
bus_pid=$!
until [ -s "$tmp/address" ]; do sleep 0.01; done
export DBUS_SESSION_BUS_ADDRESS HOME="$tmp/home" XDG_CONFIG_HOME="$config" XDG_RUNTIME_DIR="$tmp/runtime"
DBUS_SESSION_BUS_ADDRESS="$(head -n 1 "$tmp/address")"

start_fontd serve --port 0 --dbus off --bridge kitty,alacritty,foot,wezterm,ghostty,vscode
log="$tmp/fontd.log"
applied() { grep -c "set a terminal's font size" "$log" || true; }
# Six lines at start (the root's category, l, written once).
deadline=$((SECONDS + startup_timeout))
until [ "$(applied)" -ge 6 ]; do
    [ $SECONDS -lt $deadline ] || fail_with_log "the six targets were not applied at start" "$log"
    sleep 0.01
done

now_ns() { date +%s%N; }
# Each program's own size × the category's ratio (docs/DESIGN.md §34 (The reader's own sizes)):
# kitty's default 11 (its file sets none), VS Code's own 14; r = body's size there ÷ at l.
body_of() { curl -sf "http://$fontd_host:$fontd_port/font?style=body&category=$1" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["descriptor"]["pointSize"])'; }
scaled() { python3 -c "import sys; print('%.1f' % (round($1 * $2 / $3 * 10) / 10))"; }
body_l="$(body_of l)"
declare -A sizes=([ax1]="$(scaled 11 "$(body_of ax1)" "$body_l")" [xl]="$(scaled 11 "$(body_of xl)" "$body_l")")
declare -A code=([ax1]="$(scaled 14 "$(body_of ax1)" "$body_l")" [xl]="$(scaled 14 "$(body_of xl)" "$body_l")")

timings="$tmp/timings"
: >"$timings"
for ((change = 1; change <= changes; change++)); do
    category=$([ $((change % 2)) -eq 1 ] && echo ax1 || echo xl)
    expected=$(($(applied) + 6))
    status=$(curl -s -o /dev/null -w '%{http_code}' -X PUT -H 'Content-Type: application/json' \
        --data "{\"category\":\"$category\"}" "http://$fontd_host:$fontd_port/category")
    start=$(now_ns)
    [ "$status" = 200 ] || fail_with_log "PUT /category answered $status" "$log"
    deadline=$((SECONDS + 10))
    until [ "$(applied)" -ge "$expected" ]; do
        [ $SECONDS -lt $deadline ] || fail_with_log "change $change was not applied to every target within 10 s" "$log"
        sleep 0.002
    done
    echo $((($(now_ns) - start) / 1000000)) >>"$timings"
    grep -q "^font_size ${sizes[$category]}$" "$config/kitty/fontd.conf" || fail "kitty's file does not say ${sizes[$category]}"
    grep -q "\"editor.fontSize\": ${code[$category]%.0}," "$config/Code/User/settings.json" ||
        fail "settings.json does not say ${code[$category]%.0}"
done

echo "bridges: $fontd ($("$fontd" --version)), $changes changes, 6 targets"
sort -n "$timings" | awk '{ v[NR] = $1 } END {
    printf "PUT 200 to every target applied: p50 %d ms, p99 %d ms, max %d ms (goal: p99 <= 1000 ms)\n",
        v[int((NR + 1) / 2)], v[int(NR * 0.99 + 0.999)], v[NR] }'
