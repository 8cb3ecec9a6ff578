#!/usr/bin/env bash
# How soon `fontd watch` prints a change made by `fontd category set` in another process, with
# release builds on loopback. Each round starts `fontd category set` and times, with bash's
# $EPOCHREALTIME, (a) from its launch to watch's line, (b) from its acknowledgement (its own
# output line) to watch's line, and as the reference measured in the same run (c) the whole run
# of a `fontd category get`, i.e. what starting the CLI and one request cost by themselves.
# Prints every round, then medians and maxima. Target: (a) within 100 ms.
#
# Environment: ROUNDS (50), FONTD_BIN (a fontd to use instead of building one).
set -euo pipefail
cd "$(dirname "$0")/.."

rounds="${ROUNDS:-50}"
startup_timeout=30
bench_name=watch-latency
# shellcheck source=Benchmarks/common.sh
. Benchmarks/common.sh
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS must be a positive integer, not '$rounds'"
command -v python3 >/dev/null || fail "needs python3"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/watch-latency.XXXXXX")"
fontd_pid=""
watch_pid=""
cleanup_pids=(watch_pid fontd_pid)
install_cleanup

find_fontd
token="watch-latency-$$"
start_fontd serve --port 0 --token "$token" --state "$tmp/state.json"
server="http://$fontd_host:$fontd_port"

# Each line of watch, prefixed with the moment it arrived.
: >"$tmp/watch.lines"
"$fontd" watch --server "$server" 2>"$tmp/watch.err" \
    > >(while IFS= read -r line; do printf '%s %s\n' "$EPOCHREALTIME" "$line"; done >"$tmp/watch.lines") &
# shellcheck disable=SC2034 # read by cleanup (common.sh)
watch_pid=$! # fontd watch itself, so the cleanup stops it (it would keep reconnecting)

wait_for_line() { # $1: line number (1-based)
    local deadline=$((SECONDS + 10))
    while [ "$(wc -l <"$tmp/watch.lines")" -lt "$1" ]; do
        ((SECONDS < deadline)) || fail_with_log "fontd watch printed no line $1" "$tmp/watch.err" "$tmp/fontd.log"
        sleep 0.005
    done
}
wait_for_line 1

# Each round's moments ($EPOCHREALTIME, seconds), turned into milliseconds once at the end.
: >"$tmp/moments"
for ((round = 1; round <= rounds; round++)); do
    if ((round % 2)); then category=xl; else category=ax2; fi # from l: every round is a change
    launched="$EPOCHREALTIME"
    acknowledged="$("$fontd" category set "$category" --server "$server" --token "$token" | { IFS= read -r _; printf '%s' "$EPOCHREALTIME"; })"
    wait_for_line "$((round + 1))"
    line="$(sed -n "$((round + 1))p" "$tmp/watch.lines")"
    [[ "$line" == *"contentSizeCategoryDidChange: $category "* ]] || fail "round $round: unexpected watch line '$line'"
    printed="${line%% *}"
    get_start="$EPOCHREALTIME"
    "$fontd" category get --server "$server" >/dev/null
    get_end="$EPOCHREALTIME"
    printf '%s %s %s %s %s %s\n' "$round" "$launched" "$acknowledged" "$printed" "$get_start" "$get_end" >>"$tmp/moments"
done

python3 - "$tmp/moments" <<'PY'
import statistics, sys
rows = []
for line in open(sys.argv[1]).read().splitlines():
    round_, launched, acknowledged, printed, get_start, get_end = line.split()
    milliseconds = lambda start, end: round((float(end) - float(start)) * 1000, 2)
    rows.append((round_, milliseconds(launched, printed), milliseconds(acknowledged, printed), milliseconds(get_start, get_end)))
print("round launch-to-line-ms ack-to-line-ms reference-get-ms")
for row in rows:
    print(*row)
for index, name in ((1, "launch of `category set` -> watch line"), (2, "acknowledgement -> watch line"), (3, "reference: a whole `category get`")):
    values = [float(row[index]) for row in rows]
    print(f"{name:42s} median {statistics.median(values):7.2f} ms  max {max(values):7.2f} ms  (n={len(values)})")
within = sum(1 for row in rows if float(row[1]) < 100)
print(f"rounds with the line within 100 ms of launching `category set`: {within}/{len(rows)}")
PY
