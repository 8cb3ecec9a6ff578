#!/usr/bin/env bash
# What a subscriber to GET /events costs while nothing happens, before and after a change to the
# client, in one run. Release builds of this checkout ("after") and of an earlier revision
# ("before": --before REV, by default the last commit whose FontdClient is URLSession-based;
# built in a worktree under .build/bench-before/, kept across runs). One
# `fontd serve` of this checkout; `fontd watch` and the example follow-body-text of each build
# subscribe to it, all four at once; once each has printed its first line (the snapshot, the
# body font) they are left idle for --seconds N (30) and their user + system CPU time over that
# window is read from /proc/PID/stat. Then one PUT /category, and every subscriber must print a
# line for it. Prints a table (CPU seconds, % of one core, and the time from the PUT's answer to
# each subscriber's line) and the target: under 1 % of one core for each "after" subscriber.
# Exits non-zero if a process died or a line did not arrive.
#
# Usage: Benchmarks/idle-subscriber.sh [--seconds N] [--before REV]
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=30
startup_timeout=60
bench_name=idle-subscriber
# shellcheck source=Benchmarks/common.sh
. Benchmarks/common.sh
before_revision="$before_default_revision"
usage="usage: Benchmarks/idle-subscriber.sh [--seconds N] [--before REV]"
while (($#)); do
    case "$1" in
        --seconds | --before)
            [ $# -ge 2 ] || fail "$1 needs a value ($usage)"
            if [ "$1" = --seconds ]; then seconds="$2"; else before_revision="$2"; fi
            shift 2
            ;;
        --seconds=*) seconds="${1#*=}"; shift ;;
        --before=*) before_revision="${1#*=}"; shift ;;
        -h | --help) echo "$usage"; exit 0 ;;
        *) fail "unknown argument '$1' ($usage)" ;;
    esac
done
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || fail "--seconds must be a positive integer, not '$seconds'"
command -v python3 >/dev/null || fail "needs python3"
command -v curl >/dev/null || fail "needs curl (apt-get install curl)"
clock_ticks="$(getconf CLK_TCK)"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/idle-subscriber.XXXXXX")"
fontd_pid=""
# shellcheck disable=SC2034 # set by start_subscriber, read through ${!name}
before_watch_pid="" before_follow_pid="" after_watch_pid="" after_follow_pid=""
cleanup_pids=(before_watch_pid before_follow_pid after_watch_pid after_follow_pid fontd_pid)
install_cleanup

# This checkout as scripts/install and the Dockerfile build it, REV as it was built then (its
# URLSession-based fontd-remote links statically only with libcurl4-openssl-dev, which
# `scripts/install-dependencies --benchmarks` installs). The same builds as cli-vs-fc-match.sh's.
swift_build_options=("${install_build_options[@]}")
build_release . "" fontd fontd-remote? follow-body-text
after_bin="$bin_path"
swift_build_options=(--static-swift-stdlib)
build_revision "$before_revision" fontd fontd-remote? follow-body-text
before_bin="$bin_path"
after_commit="$(checkout_label)"

fontd="$after_bin/fontd"
token="idle-subscriber-$$"
start_fontd serve --port 0 --token "$token" --state "$tmp/state.json"
server="http://$fontd_host:$fontd_port"

# Starts a subscriber in the background; sets NAME_pid. Its stdout lines go to $tmp/NAME.lines,
# each prefixed with the moment it arrived ($EPOCHREALTIME), its stderr to $tmp/NAME.err.
# $! is the subscriber itself (the reader is its child, forked before the exec), and `fontd
# watch` keeps that PID when it execs fontd-remote.
start_subscriber() {
    local name="$1"
    shift
    : >"$tmp/$name.lines"
    "$@" 2>"$tmp/$name.err" \
        > >(while IFS= read -r line; do printf '%s %s\n' "$EPOCHREALTIME" "$line"; done >"$tmp/$name.lines") &
    printf -v "${name}_pid" '%s' "$!"
}
subscribers=(before_watch before_follow after_watch after_follow)
start_subscriber before_watch "$before_bin/fontd" watch --server "$server"
start_subscriber before_follow "$before_bin/follow-body-text" "$server"
start_subscriber after_watch "$after_bin/fontd" watch --server "$server"
start_subscriber after_follow "$after_bin/follow-body-text" "$server"

# Whether PID is still running (a zombie is not).
alive() {
    local stat
    stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
    stat="${stat##*) }" # after "(comm) ", which may itself hold spaces
    [ "${stat%% *}" != Z ]
}

# Prints user + system time of PID (all its threads) in clock ticks: /proc/PID/stat fields 14, 15.
cpu_ticks() {
    local stat fields
    stat="$(cat "/proc/$1/stat")" || return 1
    stat="${stat##*) }"                  # from field 3 (state) on
    read -r -a fields <<<"$stat"
    echo $((fields[11] + fields[12]))    # fields 14 and 15
}

# Waits until every subscriber has printed at least $1 lines; false after $2 seconds, or as soon
# as one that has not yet printed them has died.
wait_for_lines() {
    local count="$1" deadline=$((SECONDS + $2)) name pid waiting
    while :; do
        waiting=0
        for name in "${subscribers[@]}"; do
            [ "$(wc -l <"$tmp/$name.lines")" -ge "$count" ] && continue
            waiting=1
            pid="${name}_pid"
            alive "${!pid}" || return 1
        done
        ((waiting)) || return 0
        ((SECONDS < deadline)) || return 1
        sleep 0.01
    done
}
wait_for_lines 1 "$startup_timeout" ||
    fail_with_log "not every subscriber printed its first line" "$tmp"/*.err "$tmp/fontd.log"

# One row per process: name, build, executable, PID, CPU ticks at the start and at the end of
# the window ("-" once it has died).
rows="$tmp/rows"
: >"$rows"
processes=("${subscribers[@]}" fontd)
declare -A start_ticks end_ticks
for name in "${processes[@]}"; do
    pid="${name}_pid"
    start_ticks[$name]="$(cpu_ticks "${!pid}")"
done
window_start="$EPOCHREALTIME"
echo "$bench_name: ${#subscribers[@]} subscribers idle for ${seconds}s" >&2
sleep "$seconds"
for name in "${processes[@]}"; do
    pid="${name}_pid"
    if alive "${!pid}"; then end_ticks[$name]="$(cpu_ticks "${!pid}")"; else end_ticks[$name]=-; fi
done
window_end="$EPOCHREALTIME"

# Delivery: one change, and a line from every subscriber for it.
put_sent="$EPOCHREALTIME"
curl -sS -f -o "$tmp/put.out" -X PUT -H "Authorization: Bearer $token" -d '{"category":"xl"}' "$server/category" ||
    fail_with_log "PUT /category failed" "$tmp/fontd.log"
put_answered="$EPOCHREALTIME"
delivered=true
wait_for_lines 2 10 || delivered=false

died=()
for name in "${processes[@]}"; do
    pid="${name}_pid"
    exe="$(readlink "/proc/${!pid}/exe" 2>/dev/null || echo -)"
    if [ "$name" = fontd ]; then build=after; else build="${name%%_*}"; fi
    if [ "${end_ticks[$name]}" = - ] || ! alive "${!pid}"; then died+=("$name"); fi
    line="-"
    if [ "$name" != fontd ]; then
        line="$(sed -n 2p "$tmp/$name.lines")"
        echo "$bench_name: $name: ${line#* }" >&2
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$build" "${exe##*/}" "${!pid}" \
        "${start_ticks[$name]}" "${end_ticks[$name]}" "${line:--}" >>"$rows"
done

python3 - "$rows" "$clock_ticks" "$window_start" "$window_end" "$put_sent" "$put_answered" \
    "$(git rev-parse --short "$before_commit")" "$after_commit" "$(nproc)" <<'PY'
import sys
rows_file, ticks, window_start, window_end, put_sent, put_answered, before, after, cores = sys.argv[1:]
ticks, cores = int(ticks), int(cores)
window = float(window_end) - float(window_start)
names = {"before_watch": "fontd watch", "before_follow": "follow-body-text",
         "after_watch": "fontd watch", "after_follow": "follow-body-text", "fontd": "fontd serve (reference)"}
print(f"before = {before}, after = {after}; idle window {window:.2f} s, clock tick {1000 / ticks:g} ms, {cores} cores")
print(f"{'build':6s}  {'process':24s}  {'executable':16s}  {'CPU s':>7s}  {'% of a core':>11s}  {'PUT answer -> line':>18s}")
after_percent, subscribers_percent = [], 0.0
for row in open(rows_file).read().splitlines():
    name, build, exe, pid, start, end, line = row.split("\t")
    if end == "-":
        cpu, percent = "died", ""
    else:
        seconds = (int(end) - int(start)) / ticks
        cpu, percent = f"{seconds:.2f}", f"{100 * seconds / window:.2f} %"
        if name != "fontd":
            subscribers_percent += 100 * seconds / window
            if build == "after":
                after_percent.append((names[name], 100 * seconds / window))
    if name == "fontd":
        delivery = ""
    elif line == "-":
        delivery = "no line"
    else:
        moment, text = line.split(" ", 1)
        delivery = f"{(float(moment) - float(put_answered)) * 1000:.1f} ms"
    print(f"{build:6s}  {names[name]:24s}  {exe:16s}  {cpu:>7s}  {percent:>11s}  {delivery:>18s}")
print(f"the subscribers together: {subscribers_percent:.1f} % of one core, on {cores} cores"
      + (" (nearly all of them: each spinning one is capped by the others)" if subscribers_percent > 80 * cores else ""))
print(f"PUT /category: answered {(float(put_answered) - float(put_sent)) * 1000:.1f} ms after it was sent "
      "(a line can come before the answer: negative)")
verdict = ", ".join(f"{name} {percent:.2f} % ({'met' if percent < 1 else 'not met'})" for name, percent in after_percent)
print(f"target: each 'after' subscriber under 1 % of one core while idle: {verdict or 'no figures'}")
PY

logs=()
for name in "${died[@]}"; do
    if [ "$name" = fontd ]; then logs+=("$tmp/fontd.log"); else logs+=("$tmp/$name.err"); fi
done
((${#died[@]} == 0)) || fail_with_log "died: ${died[*]}" "${logs[@]}"
$delivered || fail_with_log "not every subscriber printed a line for the change within 10 s" "$tmp"/*.err
