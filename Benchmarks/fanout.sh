#!/usr/bin/env bash
# Server-Sent Events fan-out of `fontd serve` against nginx + nchan.
# An epoll client (Benchmarks/fanout/fanout-client.c) holds SUBSCRIBERS open event streams, triggers
# BROADCASTS changes one at a time (fontd: PUT /category; nchan: POST to its publisher location with
# the same event data) and measures, for every subscriber, the time until the event arrives, plus the
# server's CPU per broadcast and its memory per idle subscriber. Prints both servers side by side.
# Compare only within one run: absolute figures drift between runs.
#
# With --before [REV] (REV: by default the last commit before the event loop's connection
# states), a release build of REV (in .build/bench-before/, kept across runs) is measured first,
# as "before", beside this checkout's; both are then built as scripts/install builds. The report
# then adds the ratios fontd / before of the server's CPU per broadcast and RSS per subscriber.
# With ROUNDS > 1 the fontd builds are measured that many times, alternating (nchan once); each
# figure is then the median over the rounds, and each round's ratios are printed as well.
#
# Environment: SUBSCRIBERS (10000), BROADCASTS (20), WARMUP (1), PAUSE_MS (200), TIMEOUT (30 s per
# broadcast), POLL_US (0), ROUNDS (1), SERVERS ("fontd nchan"), FONTD_BIN (a fontd to use instead of
# building one), FONTD_BEFORE_BIN (a build of REV kept from before), FONTD_ARGS (more `fontd serve`
# options), NGINX (/usr/sbin/nginx), NCHAN_MODULE, CC (cc).
set -euo pipefail
cd "$(dirname "$0")/.."

subscribers="${SUBSCRIBERS:-10000}"
broadcasts="${BROADCASTS:-20}"
warmup="${WARMUP:-1}"
pause_ms="${PAUSE_MS:-200}"
timeout="${TIMEOUT:-30}"
poll_us="${POLL_US:-0}"
rounds="${ROUNDS:-1}"
servers="${SERVERS:-fontd nchan}"
nginx="${NGINX:-/usr/sbin/nginx}"
nchan_module="${NCHAN_MODULE:-/usr/lib/nginx/modules/ngx_nchan_module.so}"
cc="${CC:-cc}"
startup_timeout=30 # seconds to wait for each server to come up

bench_name=fanout
# shellcheck source=Benchmarks/common.sh
. Benchmarks/common.sh
parse_before_option "usage: Benchmarks/fanout.sh [--before [REV]]" "$server_before_default_revision" "$@"
[[ "$subscribers" =~ ^[1-9][0-9]*$ ]] || fail "SUBSCRIBERS must be a positive integer, not '$subscribers'"
[[ "$broadcasts" =~ ^[1-9][0-9]*$ ]] || fail "BROADCASTS must be a positive integer, not '$broadcasts'"
[[ "$warmup" =~ ^[0-9]+$ ]] || fail "WARMUP must be a non-negative integer, not '$warmup'"
[[ "$pause_ms" =~ ^[0-9]+$ ]] || fail "PAUSE_MS must be a non-negative integer, not '$pause_ms'"
[[ "$timeout" =~ ^[1-9][0-9]*$ ]] || fail "TIMEOUT must be a positive integer (seconds), not '$timeout'"
[[ "$poll_us" =~ ^[0-9]{1,6}$ ]] || fail "POLL_US must be an integer from 0 to 999999, not '$poll_us'"
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS must be a positive integer, not '$rounds'"
run_fontd=false
run_nchan=false
for server in $servers; do
    case "$server" in
        fontd) run_fontd=true ;;
        nchan) run_nchan=true ;;
        *) fail "SERVERS may list fontd and nchan, not '$server'" ;;
    esac
done
$run_fontd || $run_nchan || fail "SERVERS lists no server"

command -v "$cc" >/dev/null || fail "needs a C compiler ($cc): apt-get install gcc"
if $run_fontd && [ -z "${FONTD_BIN:-}" ]; then
    command -v swift >/dev/null || fail "needs swift to build fontd (or FONTD_BIN=path/to/fontd)"
fi
if $run_nchan; then
    [ -x "$nginx" ] || fail "needs nginx ($nginx): run scripts/install-dependencies --benchmarks"
    [ -f "$nchan_module" ] || fail "needs nchan ($nchan_module): run scripts/install-dependencies --benchmarks"
    command -v ss >/dev/null || fail "needs ss (apt-get install iproute2)"
fi

# Every subscriber is a descriptor in the client and one in the server: use the whole hard limit.
hard_nofile="$(ulimit -Hn)"
[ "$hard_nofile" != unlimited ] || hard_nofile="$(cat /proc/sys/fs/nr_open)"
ulimit -n "$hard_nofile"
nofile="$(ulimit -n)"
((subscribers + 16 <= nofile)) || fail "$subscribers subscribers need $((subscribers + 16)) descriptors; the open-file limit is $nofile"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/fanout.XXXXXX")"
fontd_pid=""
nginx_pid=""
client_pid=""

cleanup_pids=(client_pid fontd_pid nginx_pid)
install_cleanup

"$cc" -O2 -Wall -o "$tmp/fanout-client" Benchmarks/fanout/fanout-client.c || fail "could not compile Benchmarks/fanout/fanout-client.c"

# Runs the client in the background and waits, so that a signal reaches the trap at once.
# Its progress goes to stderr; its `result …` line is saved in $tmp/result-<server>-<round>.
# SERVER is fontd, before (a fontd) or nchan.
run_client() {
    local server="$1" log="$2" round="${round:-1}"
    shift 2
    "$tmp/fanout-client" --server "${server/before/fontd}" --label "$server" --subscribers "$subscribers" --broadcasts "$broadcasts" \
        --warmup "$warmup" --pause-ms "$pause_ms" --timeout "$timeout" --poll-us "$poll_us" "$@" \
        >"$tmp/client-$server.out" &
    client_pid=$!
    if ! wait "$client_pid"; then
        client_pid=""
        fail_with_log "the client failed against $server" "$log"
    fi
    client_pid=""
    grep '^result ' "$tmp/client-$server.out" | tail -n 1 >"$tmp/result-$server-$round" ||
        fail "the client printed no result against $server"
}

# --- fontd (and the before build) ---------------------------------------------------------------
# Measures `$fontd` as NAME: a state file of its own (the benchmark must not change the reader's
# preferences), then stopped before the next server starts: they must not share the cores.
measure_fontd() {
    local name="$1"
    fontd_args=(serve --port 0 --token bench --threads 2 --state "$tmp/$name-${round:-1}-state.json")
    if ((subscribers + 64 > 16384)); then # fontd's default --max-connections
        fontd_args+=(--max-connections $((subscribers + 64)))
    fi
    # shellcheck disable=SC2206 # FONTD_ARGS is a list of options, split on purpose
    fontd_args+=(${FONTD_ARGS:-})

    fontd_label="$name" start_fontd "${fontd_args[@]}"

    echo "$name: $subscribers subscribers on http://$fontd_host:$fontd_port/events" >&2
    run_client "$name" "$tmp/$name.log" --host "$fontd_host" --port "$fontd_port" --path /events \
        --publish-path /category --token bench --pids "$fontd_pid"
    kill -0 "$fontd_pid" 2>/dev/null || fail_with_log "$name: fontd serve exited during the measurement" "$tmp/$name.log"
    stop "$fontd_pid"
    fontd_pid=""
}

names=""
if $run_fontd; then
    if [ -n "$before_revision" ]; then
        build_fontd_and_before "$before_revision"
        after_fontd="$fontd"
        names="before"
    else
        find_fontd
    fi
    names="$names fontd"
    for ((round = 1; round <= rounds; round++)); do
        ((rounds == 1)) || echo "fanout: round $round of $rounds" >&2
        if [ -n "$before_revision" ]; then
            fontd="$before_fontd"
            measure_fontd before
            fontd="$after_fontd"
        fi
        measure_fontd fontd
    done
    round=1
fi

# --- nginx + nchan ------------------------------------------------------------------------------
if $run_nchan; then
    mkdir "$tmp/nginx"
    chmod 755 "$tmp" "$tmp/nginx" # nginx's workers run as nobody when started as root
    nginx_temp_paths
    # Connections are spread over the workers by the kernel (reuseport), but room for all in each.
    worker_connections=$((subscribers + 64))
    ((worker_connections <= nofile)) || worker_connections="$nofile"

    start_nginx() {
        local port="$1"
        cat >"$tmp/nginx/nginx.conf" <<EOF
load_module $nchan_module;
daemon off;
worker_processes 2;
worker_rlimit_nofile $nofile;
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/error.log warn;
events { worker_connections $worker_connections; }
http {
    access_log off;
    server_tokens off;
    $temp_paths
    server {
        # One listening socket per worker (fontd's event loops share one since each stopped binding its own).
        listen 127.0.0.1:$port reuseport backlog=4096;
        # Subscribers: EventSource; only messages published after they connect (no replay).
        location = /events {
            nchan_subscriber eventsource;
            nchan_channel_id fanout;
            nchan_subscriber_first_message newest;
        }
        location = /pub {
            nchan_publisher;
            nchan_channel_id fanout;
        }
        location / { return 404; }
    }
}
EOF
        "$nginx" -p "$tmp/nginx/" -e "$tmp/nginx/error.log" -c "$tmp/nginx/nginx.conf" 2>"$tmp/nginx/stderr.log" &
        nginx_pid=$!
    }

    # Up when the port accepts and both workers exist (kept in `workers`).
    nginx_ready() {
        workers="$(cat "/proc/$nginx_pid/task/$nginx_pid/children" 2>/dev/null || true)"
        [ "$(wc -w <<<"$workers")" -ge 2 ] && (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
    }
    start_nginx_on_free_port
    read -r -a worker_pids <<<"$workers"
    nginx_pids="$(IFS=,; echo "$nginx_pid,${worker_pids[*]}")" # the master and its workers

    echo "nchan: $subscribers subscribers on http://127.0.0.1:$nginx_port/events" >&2
    names="$names nchan"
    run_client nchan "$tmp/nginx/error.log" --host 127.0.0.1 --port "$nginx_port" --path /events \
        --publish-path /pub --pids "$nginx_pids"
    kill -0 "$nginx_pid" 2>/dev/null ||
        fail_with_log "nginx exited during the measurement" "$tmp/nginx/error.log" "$tmp/nginx/stderr.log"
fi

# --- report -----------------------------------------------------------------------------------
# Each figure is the median over a server's rounds (its one round's with ROUNDS=1); the counts of
# events and failures are summed over them. The ratios fontd / before are taken within each round.
cat "$tmp"/result-* | awk -v list="$names" -v pause_ms="$pause_ms" '
    {
        server = ""
        for (i = 2; i <= NF; i++) {
            split($i, kv, "=")
            if (kv[1] == "server") server = kv[2]
            value[kv[1]] = kv[2]
        }
        k = ++rounds[server]
        for (key in value) each[server, k, key] = value[key]
        delete value
    }
    function median(list, n,   i, j, t, sorted) {
        for (i = 1; i <= n; i++) sorted[i] = list[i]
        for (i = 2; i <= n; i++)
            for (j = i; j > 1 && sorted[j - 1] > sorted[j]; j--) { t = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = t }
        return n % 2 ? sorted[(n + 1) / 2] : (sorted[n / 2] + sorted[n / 2 + 1]) / 2
    }
    function figure(name, key,   k, list, sum) {
        if (key ~ /^(delivered|expected|setup_failed|dropped|timed_out)$/) {
            for (k = 1; k <= rounds[name]; k++) sum += each[name, k, key]
            return sum
        }
        for (k = 1; k <= rounds[name]; k++) list[k] = each[name, k, key]
        return median(list, rounds[name])
    }
    function row(label, key, format,   s, line) {
        line = sprintf("%-34s", label)
        for (s = 1; s <= n; s++) line = line sprintf("%16s", sprintf(format, r[names[s], key]))
        print line
    }
    # fontd / before of KEY: the median of the rounds'"'"' ratios, then each round'"'"'s.
    function ratios(label, key,   k, list, text) {
        for (k = 1; k <= rounds["fontd"]; k++) {
            list[k] = each["before", k, key] > 0 ? each["fontd", k, key] / each["before", k, key] : 0
            text = text (k > 1 ? ", " : "") sprintf("%.2f", list[k])
        }
        printf "fontd / before, %s: %.2fx%s\n", label, median(list, rounds["fontd"]),
            (rounds["fontd"] > 1 ? " (rounds " text ")" : "")
    }
    END {
        n = split(list, names, " ")
        s1 = names[1]
        for (s = 1; s <= n; s++)
            for (kk in each) {
                split(kk, parts, SUBSEP)
                if (parts[1] == names[s] && parts[2] == 1) r[names[s], parts[3]] = figure(names[s], parts[3])
            }
        printf "SSE fan-out: %d subscribers, %d broadcasts (after %d warm-up), %s ms apart", r[s1, "subscribers"],
            r[s1, "broadcasts"], r[s1, "warmup"], pause_ms
        if (rounds[s1] > 1) printf "; %d rounds of the fontd builds, medians (counts summed)", rounds[s1]
        printf "\n\n"
        header = sprintf("%-34s", "")
        for (s = 1; s <= n; s++) header = header sprintf("%16s", names[s])
        print header
        line = sprintf("%-34s", "delivered")
        for (s = 1; s <= n; s++) line = line sprintf("%16s", r[names[s], "delivered"] "/" r[names[s], "expected"])
        print line
        row("delivery latency p50 (ms)", "p50_ms", "%.1f")
        row("delivery latency p99 (ms)", "p99_ms", "%.1f")
        row("delivery latency max (ms)", "max_ms", "%.1f")
        row("all reached, median (ms)", "complete_p50_ms", "%.1f")
        row("publish answered, median (ms)", "publish_p50_ms", "%.1f")
        row("server CPU per broadcast (ms)", "cpu_ms_per_broadcast", "%.1f")
        row("server CPU per subscriber (us)", "cpu_us_per_subscriber", "%.2f")
        row("server RSS per subscriber (KiB)", "rss_kib_per_subscriber", "%.2f")
        row("client CPU per broadcast (ms)", "client_cpu_ms_per_broadcast", "%.1f")
        row("client: sockets per epoll_wait", "sockets_per_wait", "%.1f")
        for (s = 1; s <= n; s++) {
            name = names[s]
            if (r[name, "setup_failed"] + r[name, "dropped"] + r[name, "timed_out"] > 0)
                printf "warning: %s: %d subscribers never connected, %d dropped, %d broadcasts not complete within the timeout\n",
                    name, r[name, "setup_failed"], r[name, "dropped"], r[name, "timed_out"]
        }
        if (rounds["before"] > 0 && rounds["fontd"] > 0) {
            print ""
            ratios("server CPU per broadcast", "cpu_ms_per_broadcast")
            ratios("server RSS per subscriber", "rss_kib_per_subscriber")
            if (rounds["fontd"] > 1) {
                for (s = 1; s <= n; s++) {
                    name = names[s]
                    if (name == "nchan") continue
                    line = ""
                    for (k = 1; k <= rounds[name]; k++)
                        line = line (k > 1 ? ", " : "") sprintf("%.1f ms / %.2f KiB", each[name, k, "cpu_ms_per_broadcast"], each[name, k, "rss_kib_per_subscriber"])
                    printf "%s, CPU per broadcast / RSS per subscriber by round: %s\n", name, line
                }
            }
        }
    }
'
echo
if ((poll_us > 0)); then echo "client: napped ${poll_us} µs whenever nothing was readable (POLL_US): latencies late by up to that"; fi
if $run_fontd; then echo "fontd: $fontd (--threads 2)"; fi
if [ -n "$before_revision" ] && $run_fontd; then echo "before: $before_fontd ($(git rev-parse --short "$before_commit"), --threads 2)"; fi
if $run_nchan; then
    nchan_version="$(dpkg-query -W -f='${Version}' libnginx-mod-nchan 2>/dev/null || echo "version unknown")"
    echo "$("$nginx" -v 2>&1 | head -n 1) with nchan $nchan_version (worker_processes 2)"
fi
