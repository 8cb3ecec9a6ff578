#!/usr/bin/env bash
# What kept history costs `fontd serve` in memory, and that it stays bounded store-wide
# (docs/DESIGN.md §23 (Reader scopes and scoped tokens), "Quotas"): CHANGES changes spread over SCOPES scopes (each scope its own
# reader), then the server's RSS, against a reference server measured in the same run that is
# given the same changes but keeps one entry (`--kept-changes 1 --kept-changes-per-scope 1`).
#
# With KEPT (--kept-changes) below CHANGES and CHANGES / SCOPES within --kept-changes-per-scope
# (1024), every scope would keep all its changes without the store-wide bound: the figure to
# compare is the kept server's RSS over the reference's, against the stated bound of
# 2 × KEPT entries × 400 bytes + 2 MiB (docs/DESIGN.md §23 (Reader scopes and scoped tokens)).
#
# Environment: CHANGES (100000), SCOPES (1000), KEPT (100000), CONNECTIONS (4), FONTD_BIN (a fontd to
# use instead of building one).
set -euo pipefail
cd "$(dirname "$0")/.."

changes="${CHANGES:-100000}"
scopes="${SCOPES:-1000}"
kept="${KEPT:-100000}"
connections="${CONNECTIONS:-4}"
startup_timeout=120 # a debug build under load can take a while to prewarm

bench_name=history-memory
# shellcheck source=Benchmarks/common.sh
. Benchmarks/common.sh
[[ "$changes" =~ ^[1-9][0-9]*$ ]] || fail "CHANGES must be a positive integer, not '$changes'"
[[ "$scopes" =~ ^[1-9][0-9]*$ ]] || fail "SCOPES must be a positive integer, not '$scopes'"
[[ "$kept" =~ ^[1-9][0-9]*$ ]] || fail "KEPT must be a positive integer, not '$kept'"
[[ "$connections" =~ ^[1-9][0-9]*$ ]] || fail "CONNECTIONS must be a positive integer, not '$connections'"
command -v python3 >/dev/null || fail "needs python3"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/history-memory.XXXXXX")"
fontd_pid=""
cleanup_pids=(fontd_pid)
install_cleanup
find_fontd

# Starts fontd with `$@` on a store in memory (/dev/shm: fsync costs nothing), sets fontd_pid and port.
start_fontd() {
    local store="/dev/shm/history-memory.$$.$1.sqlite" ready="$tmp/ready.$1"
    shift
    rm -f "$store"*
    "$fontd" serve --port 0 --store "$store" --max-writes-per-second 1000000 --max-scopes-per-reader "$scopes" \
        --log-level warning "$@" >"$ready" 2>"$tmp/log" &
    fontd_pid=$!
    local i
    for ((i = 0; i < startup_timeout * 10; i++)); do
        grep -q listening "$ready" 2>/dev/null && break
        sleep 0.1
    done
    port="$(sed -n 's/.*:\([0-9]*\)$/\1/p' "$ready")"
    [ -n "$port" ] || fail_with_log "fontd did not start" "$tmp/log"
}

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

# CHANGES PUTs over CONNECTIONS keep-alive connections, scope i % SCOPES alternating categories.
send_changes() {
    python3 - "$port" "$changes" "$scopes" "$connections" <<'PY'
import http.client, sys, threading
port, changes, scopes, connections = (int(value) for value in sys.argv[1:])
failures = []
def run(first):
    connection = http.client.HTTPConnection("127.0.0.1", port)
    for index in range(first, changes, connections):
        category = "xl" if (index // scopes) % 2 == 0 else "s"
        connection.request("PUT", f"/category?scope=reader{index % scopes}", body='{"category":"%s"}' % category,
                           headers={"Content-Type": "application/json"})
        answer = connection.getresponse()
        answer.read()
        if answer.status != 200: failures.append(answer.status)
threads = [threading.Thread(target=run, args=(first,)) for first in range(connections)]
for thread in threads: thread.start()
for thread in threads: thread.join()
if failures: sys.exit(f"{len(failures)} changes failed, such as {failures[0]}")
PY
}

measure() {
    local name="$1"
    shift
    start_fontd "$name" "$@"
    local started before after
    before="$(rss_kib "$fontd_pid")"
    started="$(date +%s.%N)"
    send_changes || fail_with_log "the changes failed" "$tmp/log"
    after="$(rss_kib "$fontd_pid")"
    printf '%-10s RSS %7d KiB at start, %7d KiB after %d changes over %d scopes (%.1f s)\n' \
        "$name" "$before" "$after" "$changes" "$scopes" "$(echo "$(date +%s.%N) - $started" | bc)"
    stop "$fontd_pid"
    fontd_pid=""
    rm -f /dev/shm/history-memory.$$.*
    eval "${name}_rss=$after"
}

measure reference --kept-changes 1 --kept-changes-per-scope 1
measure kept --kept-changes "$kept"
# shellcheck disable=SC2154 # set by measure
difference=$((kept_rss - reference_rss))
bound=$((2 * kept * 400 / 1024 + 2048))
echo "history: $difference KiB over the reference; stated bound 2 × $kept entries × 400 B + 2 MiB = $bound KiB"
if ((difference <= bound)); then echo "within the bound"; else echo "OVER the bound"; fi
