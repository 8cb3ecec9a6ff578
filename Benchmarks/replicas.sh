#!/usr/bin/env bash
# Two `fontd serve` replicas on one PostgreSQL (docs/DESIGN.md §24 (Replicas on PostgreSQL)) against one server on the SQLite
# store, in the same run, from the same release build, with the same client
# (Benchmarks/fanout/fanout-client.c):
#
#   reference  one server on the SQLite store (a new --state in the run's directory), SUBSCRIBERS
#              subscribers, BROADCASTS changes (PUT /category) to it: fanout.sh's setup.
#   replicas   two replicas on a new database of a throwaway PostgreSQL cluster, SUBSCRIBERS / 2
#              subscribers on each (the client's --port2: every second subscriber on the second),
#              the same changes with their PUTs alternating between the replicas
#              (--publish-alternate): half of each change's subscribers get it from the replica that
#              took the PUT, half from the other one, through PostgreSQL's NOTIFY and its catch-up.
#
# Every event must reach every subscriber. Figures: delivery latency p50 / p99 (target: the
# replicas' p99 at most 1.5× the reference's) and the PUT's answer p50 / p99, for both. ROUNDS
# rounds, the order of the two swapped every round; ratios are taken within a round.
#
# The cluster (initdb as the `postgres` user, so run as root; SCRAM password auth on 127.0.0.1, a
# free port) lives in the run's temporary directory and is stopped and removed on exit, failure or
# Ctrl-C, like every server the script started.
#
# Environment: SUBSCRIBERS (10000; even), BROADCASTS (20), WARMUP (1), ROUNDS (3), PAUSE_MS (200),
# TIMEOUT (30 s per broadcast), FONTD_BIN (a fontd to use instead of building one), FONTD_ARGS (more
# `fontd serve` options, for all three servers), PG_BIN (/usr/lib/postgresql/15/bin), CC (cc).
set -euo pipefail
cd "$(dirname "$0")/.."

subscribers="${SUBSCRIBERS:-10000}"
broadcasts="${BROADCASTS:-20}"
warmup="${WARMUP:-1}"
rounds="${ROUNDS:-3}"
pause_ms="${PAUSE_MS:-200}"
timeout="${TIMEOUT:-30}"
pg_bin="${PG_BIN:-/usr/lib/postgresql/15/bin}"
cc="${CC:-cc}"
startup_timeout=60 # seconds to wait for each server to come up

bench_name=replicas
# shellcheck source=Benchmarks/common.sh
. Benchmarks/common.sh
# shellcheck source=Benchmarks/postgres-cluster.sh
. Benchmarks/postgres-cluster.sh
usage="usage: Benchmarks/replicas.sh   (settings in the environment: SUBSCRIBERS, BROADCASTS, ROUNDS, …)"
case "${1:-}" in
    "") ;;
    -h | --help) echo "$usage"; exit 0 ;;
    *) fail "unknown argument '$1' ($usage)" ;;
esac
if ! [[ "$subscribers" =~ ^[1-9][0-9]*$ ]] || ((subscribers % 2 != 0)); then
    fail "SUBSCRIBERS must be a positive even integer (half on each replica), not '$subscribers'"
fi
[[ "$broadcasts" =~ ^[1-9][0-9]*$ ]] || fail "BROADCASTS must be a positive integer, not '$broadcasts'"
[[ "$warmup" =~ ^[0-9]+$ ]] || fail "WARMUP must be a non-negative integer, not '$warmup'"
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS must be a positive integer, not '$rounds'"
[[ "$pause_ms" =~ ^[0-9]+$ ]] || fail "PAUSE_MS must be a non-negative integer, not '$pause_ms'"
[[ "$timeout" =~ ^[1-9][0-9]*$ ]] || fail "TIMEOUT must be a positive integer (seconds), not '$timeout'"

command -v "$cc" >/dev/null || fail "needs a C compiler ($cc): apt-get install gcc"
[ -n "${FONTD_BIN:-}" ] || command -v swift >/dev/null || fail "needs swift to build fontd (or FONTD_BIN=path/to/fontd)"
check_pg_cluster_needs

# Every subscriber is a descriptor in the client and one in its server: use the whole hard limit.
hard_nofile="$(ulimit -Hn)"
[ "$hard_nofile" != unlimited ] || hard_nofile="$(cat /proc/sys/fs/nr_open)"
ulimit -n "$hard_nofile"
nofile="$(ulimit -n)"
((subscribers + 16 <= nofile)) || fail "$subscribers subscribers need $((subscribers + 16)) descriptors; the open-file limit is $nofile"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/replicas.XXXXXX")"
fontd_pid=""
replica1_pid=""
replica2_pid=""
client_pid=""
cleanup_pids=(client_pid fontd_pid replica1_pid replica2_pid)

# shellcheck disable=SC2317 # called by the traps
# Stops the servers, then the cluster (at once: nothing in it is kept), then removes the directory.
replicas_cleanup() {
    trap - EXIT INT TERM
    local name
    for name in "${cleanup_pids[@]}"; do stop "${!name}"; done
    stop_pg_cluster
    rm -rf "$tmp"
}
trap replicas_cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- the throwaway PostgreSQL cluster --------------------------------------------------------
start_pg_cluster

# --- the build and the client ----------------------------------------------------------------
# fontd as scripts/install builds it (or FONTD_BIN).
if [ -n "${FONTD_BIN:-}" ]; then
    find_fontd
else
    swift_build_options=("${install_build_options[@]}")
    build_release . "" fontd
    fontd="$bin_path/fontd"
fi
"$cc" -O2 -Wall -o "$tmp/fanout-client" Benchmarks/fanout/fanout-client.c || fail "could not compile Benchmarks/fanout/fanout-client.c"

# The options of every server: keep-alive comments every hour, not 15 s, which would fall into one
# measurement and not another's.
serve_options=(--port 0 --token bench --threads 2 --sse-keepalive 3600)
if ((subscribers + 64 > 16384)); then # fontd's default --max-connections
    serve_options+=(--max-connections $((subscribers + 64)))
fi
# shellcheck disable=SC2206 # FONTD_ARGS is a list of options, split on purpose
serve_options+=(${FONTD_ARGS:-})

# Runs the client as NAME in ROUND with its further options; its `result …` line goes to
# $tmp/result-NAME-ROUND. LOGS… are the servers' logs, shown if it fails.
run_client() {
    local name="$1" round="$2" logs="$3"
    shift 3
    "$tmp/fanout-client" --server fontd --label "$name" --host 127.0.0.1 --path /events --publish-path /category \
        --token bench --subscribers "$subscribers" --broadcasts "$broadcasts" --warmup "$warmup" \
        --pause-ms "$pause_ms" --timeout "$timeout" "$@" >"$tmp/client-$name-$round.out" &
    client_pid=$!
    if ! wait "$client_pid"; then
        client_pid=""
        # shellcheck disable=SC2086 # the logs' paths, split on purpose
        fail_with_log "the client failed against $name (round $round)" $logs
    fi
    client_pid=""
    grep '^result ' "$tmp/client-$name-$round.out" | tail -n 1 >"$tmp/result-$name-$round" ||
        fail "the client printed no result against $name (round $round)"
}

# One server on the SQLite store (start_fontd gives it a new --state in $tmp).
measure_reference() {
    local round="$1"
    fontd_label="reference-$round" start_fontd serve "${serve_options[@]}"
    echo "round $round, reference: $subscribers subscribers on http://$fontd_host:$fontd_port/events" >&2
    run_client reference "$round" "$tmp/reference-$round.log" --port "$fontd_port" --pids "$fontd_pid"
    kill -0 "$fontd_pid" 2>/dev/null || fail_with_log "reference: fontd serve exited during the measurement" "$tmp/reference-$round.log"
    stop "$fontd_pid"
    fontd_pid=""
}

# Two replicas on a new database; every second subscriber on the second, PUTs alternating.
measure_replicas() {
    local round="$1" database="fontd_bench_$1" url port1 port2
    pg_sql "CREATE DATABASE $database" >/dev/null || fail_with_log "could not create the database" "$tmp/pg/server.log"
    url="postgres://$pg_user:$pg_password@127.0.0.1:$pg_port/$database?sslmode=disable"
    fontd_label="replica1-$round" start_fontd serve "${serve_options[@]}" --store "$url"
    replica1_pid="$fontd_pid" port1="$fontd_port"
    fontd_pid=""
    fontd_label="replica2-$round" start_fontd serve "${serve_options[@]}" --store "$url"
    replica2_pid="$fontd_pid" port2="$fontd_port"
    fontd_pid=""
    local logs="$tmp/replica1-$round.log $tmp/replica2-$round.log $tmp/pg/server.log"
    echo "round $round, replicas: $((subscribers / 2)) subscribers on each of http://127.0.0.1:$port1/events and :$port2" >&2
    run_client replicas "$round" "$logs" --port "$port1" --port2 "$port2" --publish-alternate \
        --pids "$replica1_pid,$replica2_pid"
    local pid
    for pid in "$replica1_pid" "$replica2_pid"; do
        # shellcheck disable=SC2086
        kill -0 "$pid" 2>/dev/null || fail_with_log "replicas: a replica exited during the measurement" $logs
    done
    stop "$replica1_pid"
    stop "$replica2_pid"
    replica1_pid="" replica2_pid=""
}

for ((round = 1; round <= rounds; round++)); do
    # The order swapped every round, so that neither always follows the other.
    if ((round % 2 == 1)); then
        measure_reference "$round"
        measure_replicas "$round"
    else
        measure_replicas "$round"
        measure_reference "$round"
    fi
done

# --- report -----------------------------------------------------------------------------------
# Each figure is the median over the rounds; the ratio is taken within each round, then its median.
# Exits 1 when any subscriber missed any event.
report_status=0
for ((round = 1; round <= rounds; round++)); do
    cat "$tmp/result-reference-$round" "$tmp/result-replicas-$round"
done | awk -v rounds="$rounds" -v subscribers="$subscribers" -v pause_ms="$pause_ms" '
    {
        round = int((NR - 1) / 2) + 1
        for (i = 2; i <= NF; i++) {
            split($i, kv, "=")
            if (kv[1] == "server") name = kv[2]
            value[kv[1]] = kv[2]
        }
        for (key in value) r[name, round, key] = value[key]
        delete value
    }
    function median(list, n,   i, j, t, sorted) {
        for (i = 1; i <= n; i++) sorted[i] = list[i]
        for (i = 2; i <= n; i++)
            for (j = i; j > 1 && sorted[j - 1] > sorted[j]; j--) { t = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = t }
        return n % 2 ? sorted[(n + 1) / 2] : (sorted[n / 2] + sorted[n / 2 + 1]) / 2
    }
    function figure(name, key,   k, list) {
        for (k = 1; k <= rounds; k++) list[k] = r[name, k, key]
        return median(list, rounds)
    }
    function row(label, key, format,   s, text) {
        text = sprintf("%-44s", label)
        for (s = 1; s <= 2; s++)
            text = text sprintf("%16s", (s == 1 && key ~ /^(same|other|publish[12])_/) ? "-" : sprintf(format, figure(names[s], key)))
        print text
    }
    END {
        split("reference replicas", names, " ")
        printf "Replicas on PostgreSQL (docs/DESIGN.md §24 (Replicas on PostgreSQL)): %d subscribers, %d broadcasts (after %d warm-up, %s ms apart); %d round%s\n\n",
            subscribers, r["reference", 1, "broadcasts"], r["reference", 1, "warmup"], pause_ms, rounds, rounds == 1 ? "" : "s, medians"
        printf "%-44s%16s%16s\n", "", "SQLite, 1", "PostgreSQL, 2"
        row("subscribers ready", "ready", "%d")
        for (s = 1; s <= 2; s++) {
            delivered = 0; expected = 0
            for (k = 1; k <= rounds; k++) { delivered += r[names[s], k, "delivered"]; expected += r[names[s], k, "expected"] }
            total[s] = delivered "/" expected
        }
        printf "%-44s%16s%16s\n", "events delivered, all rounds", total[1], total[2]
        row("delivery latency p50 (ms)", "p50_ms", "%.1f")
        row("delivery latency p99 (ms)", "p99_ms", "%.1f")
        row("delivery latency max (ms)", "max_ms", "%.1f")
        row("  at the replica that took the PUT p50 (ms)", "same_p50_ms", "%.1f")
        row("  at the replica that took the PUT p99 (ms)", "same_p99_ms", "%.1f")
        row("  at the other replica p50 (ms)", "other_p50_ms", "%.1f")
        row("  at the other replica p99 (ms)", "other_p99_ms", "%.1f")
        row("all reached, median (ms)", "complete_p50_ms", "%.1f")
        row("PUT answered p50 (ms)", "publish_p50_ms", "%.2f")
        row("PUT answered p99 (ms)", "publish_p99_ms", "%.2f")
        printf "%-44s%16s%16s\n", "  by replica 1, p50 / p99 (ms)", "-",
            sprintf("%.2f / %.2f", figure("replicas", "publish1_p50_ms"), figure("replicas", "publish1_p99_ms"))
        printf "%-44s%16s%16s\n", "  by replica 2, p50 / p99 (ms)", "-",
            sprintf("%.2f / %.2f", figure("replicas", "publish2_p50_ms"), figure("replicas", "publish2_p99_ms"))
        row("fontd CPU per broadcast (ms)", "cpu_ms_per_broadcast", "%.1f")
        row("fontd RSS per subscriber (KiB)", "rss_kib_per_subscriber", "%.2f")
        row("client CPU per broadcast (ms)", "client_cpu_ms_per_broadcast", "%.1f")
        print ""
        for (k = 1; k <= rounds; k++)
            list[k] = r["reference", k, "p99_ms"] > 0 ? r["replicas", k, "p99_ms"] / r["reference", k, "p99_ms"] : 0
        printf "delivery p99, 2 replicas x %d / 1 SQLite server x %d: %.1f / %.1f ms = %.2fx (target <= 1.5x)\n",
            subscribers / 2, subscribers, figure("replicas", "p99_ms"), figure("reference", "p99_ms"), median(list, rounds)
        if (rounds > 1) {
            text = "   rounds:"
            for (k = 1; k <= rounds; k++) text = text sprintf(" %.2fx", list[k])
            print text
        }
        missed = 0
        for (k = 1; k <= rounds; k++)
            for (s = 1; s <= 2; s++) {
                n = names[s]
                if (r[n, k, "delivered"] != r[n, k, "expected"] || r[n, k, "setup_failed"] + r[n, k, "dropped"] + r[n, k, "timed_out"] > 0) {
                    missed = 1
                    printf "MISSED: round %d, %s: %d/%d events delivered; %d subscribers never connected, %d dropped, %d broadcasts not complete within the timeout\n",
                        k, n, r[n, k, "delivered"], r[n, k, "expected"], r[n, k, "setup_failed"], r[n, k, "dropped"], r[n, k, "timed_out"]
                }
            }
        if (!missed) print "every subscriber had every event, in every round"
        exit missed
    }
' || report_status=$?
echo
echo "fontd: $fontd ($(checkout_label), --threads 2 each, --sse-keepalive 3600${FONTD_ARGS:+, $FONTD_ARGS}); PostgreSQL $pg_version (fsync off); $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
settings="SUBSCRIBERS=$subscribers BROADCASTS=$broadcasts WARMUP=$warmup ROUNDS=$rounds PAUSE_MS=$pause_ms"
if [ -n "${FONTD_ARGS:-}" ]; then settings+=" FONTD_ARGS=\"$FONTD_ARGS\""; fi
echo "reproduce: $settings Benchmarks/replicas.sh"
exit "$report_status"
