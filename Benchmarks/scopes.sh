#!/usr/bin/env bash
# What reader scopes cost `fontd serve` (docs/DESIGN.md §23 (Reader scopes and scoped tokens)), each figure against a reference measured
# in the same run, from the same build, with the same client (Benchmarks/fanout/fanout-client.c):
#
#   1. A change on one scope, with SCOPES other scopes subscribed, against the same change on a
#      server that has only that scope's subscriber: server CPU per change (target ≤ 1.2×).
#   2. A root change reaching SCOPES subscribers, one per scope, none with a value of its own,
#      against SCOPES subscribers of the root itself (fanout.sh's setup): server CPU per broadcast
#      per subscriber (target ≤ 1.1×) and delivery latency.
#   3. Server RSS with the SCOPES idle subscribers on as many scopes, minus with as many on the root,
#      ÷ SCOPES: memory per idle scope with a subscriber (target ≤ 2 KiB).
#
# Each ROUND starts three fresh servers in turn, one at a time (they must not share the cores):
# "root" (SCOPES subscribers of the root; BROADCASTS root changes), "scopes" (one subscriber on each
# of the scopes PREFIX0 … PREFIX<SCOPES-1>; the same root changes, then CHANGES on PREFIX0 alone) and
# "one scope" (the one subscriber of PREFIX0; the same root changes and CHANGES on PREFIX0).
#
# Environment: SCOPES (10000), BROADCASTS (20), WARMUP (1), CHANGES (2000), CHANGE_WARMUP (50),
# ROUNDS (3), PAUSE_MS (200), TIMEOUT (30 s per broadcast), SCOPE_PREFIX (reader), FONTD_BIN (a fontd
# to use instead of building one), FONTD_ARGS (more `fontd serve` options), CC (cc).
set -euo pipefail
cd "$(dirname "$0")/.."

scopes="${SCOPES:-10000}"
broadcasts="${BROADCASTS:-20}"
warmup="${WARMUP:-1}"
changes="${CHANGES:-2000}"
change_warmup="${CHANGE_WARMUP:-50}"
rounds="${ROUNDS:-3}"
pause_ms="${PAUSE_MS:-200}"
timeout="${TIMEOUT:-30}"
prefix="${SCOPE_PREFIX:-reader}"
cc="${CC:-cc}"
startup_timeout=30 # seconds to wait for each server to come up

bench_name=scopes
# shellcheck source=Benchmarks/common.sh
. Benchmarks/common.sh
usage="usage: Benchmarks/scopes.sh   (settings in the environment: SCOPES, BROADCASTS, CHANGES, ROUNDS, …)"
case "${1:-}" in
    "") ;;
    -h | --help) echo "$usage"; exit 0 ;;
    *) fail "unknown argument '$1' ($usage)" ;;
esac
[[ "$scopes" =~ ^[1-9][0-9]*$ ]] || fail "SCOPES must be a positive integer, not '$scopes'"
[[ "$broadcasts" =~ ^[1-9][0-9]*$ ]] || fail "BROADCASTS must be a positive integer, not '$broadcasts'"
[[ "$warmup" =~ ^[0-9]+$ ]] || fail "WARMUP must be a non-negative integer, not '$warmup'"
[[ "$changes" =~ ^[1-9][0-9]*$ ]] || fail "CHANGES must be a positive integer, not '$changes'"
[[ "$change_warmup" =~ ^[0-9]+$ ]] || fail "CHANGE_WARMUP must be a non-negative integer, not '$change_warmup'"
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS must be a positive integer, not '$rounds'"
[[ "$pause_ms" =~ ^[0-9]+$ ]] || fail "PAUSE_MS must be a non-negative integer, not '$pause_ms'"
[[ "$timeout" =~ ^[1-9][0-9]*$ ]] || fail "TIMEOUT must be a positive integer (seconds), not '$timeout'"
[[ "$prefix" =~ ^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$ ]] ||
    fail "SCOPE_PREFIX must be one scope segment's start (a letter or digit, then up to 39 of them or . _ -), not '$prefix'"

command -v "$cc" >/dev/null || fail "needs a C compiler ($cc): apt-get install gcc"
[ -n "${FONTD_BIN:-}" ] || command -v swift >/dev/null || fail "needs swift to build fontd (or FONTD_BIN=path/to/fontd)"

# Every subscriber is a descriptor in the client and one in the server: use the whole hard limit.
hard_nofile="$(ulimit -Hn)"
[ "$hard_nofile" != unlimited ] || hard_nofile="$(cat /proc/sys/fs/nr_open)"
ulimit -n "$hard_nofile"
nofile="$(ulimit -n)"
((scopes + 16 <= nofile)) || fail "$scopes subscribers need $((scopes + 16)) descriptors; the open-file limit is $nofile"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/scopes.XXXXXX")"
fontd_pid=""
client_pid=""
cleanup_pids=(client_pid fontd_pid)
install_cleanup

# fontd as scripts/install builds it (or FONTD_BIN).
if [ -n "${FONTD_BIN:-}" ]; then
    find_fontd
else
    swift_build_options=("${install_build_options[@]}")
    build_release . "" fontd
    fontd="$bin_path/fontd"
fi
"$cc" -O2 -Wall -o "$tmp/fanout-client" Benchmarks/fanout/fanout-client.c || fail "could not compile Benchmarks/fanout/fanout-client.c"

# Measures one fresh server as NAME (root, scopes or one-scope) in round ROUND with SUBSCRIBERS
# subscribers and the client's further options; its `result …` line goes to $tmp/result-NAME-ROUND.
# No --token: on loopback every scope is then open (§23 (Reader scopes and scoped tokens)), and the three servers run alike.
# Keep-alive comments every hour, not 15 s: they would fall into one server's measurement and
# not another's.
measure() {
    local name="$1" round="$2" subscribers="$3"
    shift 3
    local fontd_args=(serve --port 0 --threads 2 --store "$tmp/$name-$round.sqlite" --sse-keepalive 3600)
    if ((subscribers + 64 > 16384)); then # fontd's default --max-connections
        fontd_args+=(--max-connections $((subscribers + 64)))
    fi
    # shellcheck disable=SC2206 # FONTD_ARGS is a list of options, split on purpose
    fontd_args+=(${FONTD_ARGS:-})
    fontd_label="$name-$round" start_fontd "${fontd_args[@]}"

    echo "round $round, $name: $subscribers subscribers on http://$fontd_host:$fontd_port/events" >&2
    "$tmp/fanout-client" --server fontd --label "$name" --host "$fontd_host" --port "$fontd_port" --path /events \
        --publish-path /category --subscribers "$subscribers" --broadcasts "$broadcasts" --warmup "$warmup" \
        --pause-ms "$pause_ms" --timeout "$timeout" --pids "$fontd_pid" "$@" >"$tmp/client-$name-$round.out" &
    client_pid=$!
    if ! wait "$client_pid"; then
        client_pid=""
        fail_with_log "the client failed against $name (round $round)" "$tmp/$name-$round.log"
    fi
    client_pid=""
    grep '^result ' "$tmp/client-$name-$round.out" | tail -n 1 >"$tmp/result-$name-$round" ||
        fail "the client printed no result against $name (round $round)"
    kill -0 "$fontd_pid" 2>/dev/null || fail_with_log "$name: fontd serve exited during the measurement" "$tmp/$name-$round.log"
    stop "$fontd_pid"
    fontd_pid=""
}

scope_changes=(--scope-changes "$changes" --scope-change-warmup "$change_warmup" --scope-index 0)
for ((round = 1; round <= rounds; round++)); do
    # "scopes" between its two references, so that each comparison is of neighbours in time.
    measure root "$round" "$scopes"
    measure scopes "$round" "$scopes" --scope-prefix "$prefix" "${scope_changes[@]}"
    measure one-scope "$round" 1 --scope-prefix "$prefix" "${scope_changes[@]}"
done

# --- report -----------------------------------------------------------------------------------
# Each figure is the median over the rounds (the one round's with ROUNDS=1); the ratios are taken
# within each round, then their median.
for ((round = 1; round <= rounds; round++)); do
    cat "$tmp/result-root-$round" "$tmp/result-scopes-$round" "$tmp/result-one-scope-$round"
done | awk -v rounds="$rounds" -v scopes="$scopes" -v prefix="$prefix" -v pause_ms="$pause_ms" '
    {
        line[NR] = $0
        round = int((NR - 1) / 3) + 1
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
    # Median over the rounds of a / b, where a and b may each be a figure or a difference of two.
    function ratio(na, ka, nb, kb,   k, list) {
        for (k = 1; k <= rounds; k++) list[k] = r[nb, k, kb] > 0 ? r[na, k, ka] / r[nb, k, kb] : 0
        return median(list, rounds)
    }
    function per_scope_kib(   k, list) {
        for (k = 1; k <= rounds; k++) list[k] = (r["scopes", k, "rss_connected_kib"] - r["root", k, "rss_connected_kib"]) / scopes
        return median(list, rounds)
    }
    # A figure per server; "-" where it has none (the root server makes no change on a scope) or
    # where one subscriber makes it noise (per-subscriber CPU and RSS of "one scope").
    function row(label, key, format,   s, text, none) {
        text = sprintf("%-40s", label)
        for (s = 1; s <= 3; s++) {
            none = (s == 1 && key ~ /^change/) || (s == 3 && key ~ /per_subscriber/)
            text = text sprintf("%14s", none ? "-" : sprintf(format, figure(names[s], key)))
        }
        print text
    }
    END {
        split("root scopes one-scope", names, " ")
        printf "Reader scopes (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): %d scopes, %d root changes (after %d warm-up, %s ms apart), %d changes on %s0 (after %d warm-up); %d round%s\n\n",
            scopes, r["root", 1, "broadcasts"], r["root", 1, "warmup"], pause_ms, r["scopes", 1, "changes"], prefix,
            r["scopes", 1, "change_warmup"], rounds, rounds == 1 ? "" : "s, medians"
        printf "%-40s%14s%14s%14s\n", "", "root", "scopes", "one scope"
        row("subscribers", "ready", "%d")
        text = sprintf("%-40s", "root changes delivered")
        for (s = 1; s <= 3; s++) text = text sprintf("%14s", figure(names[s], "delivered") "/" figure(names[s], "expected"))
        print text
        row("  delivery latency p50 (ms)", "p50_ms", "%.1f")
        row("  delivery latency p99 (ms)", "p99_ms", "%.1f")
        row("  all reached, median (ms)", "complete_p50_ms", "%.1f")
        row("  server CPU per root change (ms)", "cpu_ms_per_broadcast", "%.1f")
        row("  server CPU per subscriber (us)", "cpu_us_per_subscriber", "%.2f")
        row("changes on one scope: server CPU (us)", "change_cpu_us", "%.1f")
        row("  server CPU, clock ticks", "change_ticks", "%d")
        row("  answered p50 (ms)", "change_answer_p50_ms", "%.3f")
        row("  event at its subscriber p50 (ms)", "change_event_p50_ms", "%.3f")
        row("  events delivered", "change_events", "%d")
        row("  events at other scopes (must be 0)", "change_strays", "%d")
        row("server RSS, idle (KiB)", "rss_before_kib", "%d")
        row("server RSS, subscribers idle (KiB)", "rss_connected_kib", "%d")
        row("  per subscriber (KiB)", "rss_kib_per_subscriber", "%.2f")
        row("client CPU per root change (ms)", "client_cpu_ms_per_broadcast", "%.1f")
        print ""
        printf "1. change on one scope, %d other scopes subscribed / alone: %.1f / %.1f us of server CPU = %.2fx (target <= 1.2x; resolution %.1f us)\n",
            scopes - 1, figure("scopes", "change_cpu_us"), figure("one-scope", "change_cpu_us"),
            ratio("scopes", "change_cpu_us", "one-scope", "change_cpu_us"), 10000 / r["scopes", 1, "changes"]
        printf "2. root change, per subscriber, %d scopes / the root: %.2f / %.2f us of server CPU = %.2fx (target <= 1.1x); p50 %.1f / %.1f ms\n",
            scopes, figure("scopes", "cpu_us_per_subscriber"), figure("root", "cpu_us_per_subscriber"),
            ratio("scopes", "cpu_us_per_subscriber", "root", "cpu_us_per_subscriber"), figure("scopes", "p50_ms"), figure("root", "p50_ms")
        printf "3. RSS per idle scope with a subscriber: (%d - %d KiB) / %d = %.2f KiB (target <= 2 KiB)\n",
            figure("scopes", "rss_connected_kib"), figure("root", "rss_connected_kib"), scopes, per_scope_kib()
        if (rounds > 1)
            for (k = 1; k <= rounds; k++) {
                one = r["one-scope", k, "change_cpu_us"] > 0 ? r["scopes", k, "change_cpu_us"] / r["one-scope", k, "change_cpu_us"] : 0
                two = r["root", k, "cpu_us_per_subscriber"] > 0 ? r["scopes", k, "cpu_us_per_subscriber"] / r["root", k, "cpu_us_per_subscriber"] : 0
                three = (r["scopes", k, "rss_connected_kib"] - r["root", k, "rss_connected_kib"]) / scopes
                printf "   round %d: 1. %.2fx  2. %.2fx  3. %.2f KiB\n", k, one, two, three
            }
        for (k = 1; k <= rounds; k++)
            for (s = 1; s <= 3; s++) {
                n = names[s]
                if (r[n, k, "setup_failed"] + r[n, k, "dropped"] + r[n, k, "timed_out"] + r[n, k, "change_timed_out"] + r[n, k, "change_strays"] > 0)
                    printf "warning: round %d, %s: %d subscribers never connected, %d dropped, %d root changes and %d scope changes not complete within the timeout, %d stray events\n",
                        k, n, r[n, k, "setup_failed"], r[n, k, "dropped"], r[n, k, "timed_out"], r[n, k, "change_timed_out"], r[n, k, "change_strays"]
            }
    }
'
echo
echo "fontd: $fontd ($(checkout_label), --threads 2, --sse-keepalive 3600${FONTD_ARGS:+, $FONTD_ARGS}); $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
settings="SCOPES=$scopes BROADCASTS=$broadcasts WARMUP=$warmup CHANGES=$changes CHANGE_WARMUP=$change_warmup ROUNDS=$rounds PAUSE_MS=$pause_ms"
settings+=" SCOPE_PREFIX=$prefix"
if [ -n "${FONTD_ARGS:-}" ]; then settings+=" FONTD_ARGS=\"$FONTD_ARGS\""; fi
echo "reproduce: $settings Benchmarks/scopes.sh"
