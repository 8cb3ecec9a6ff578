#!/usr/bin/env bash
# HTTP throughput and latency of `fontd serve` against nginx serving the same bytes as a static file.
# Both answer GET TARGET (default /font?style=body&category=xl; TARGET='/css?category=xl' loads the
# stylesheet) on loopback; wrk loads them in turn, alternating fontd / nginx for ROUNDS rounds. Prints each round's req/s, p50 and p99, then the medians and the
# ratio fontd / nginx. Compare only within one run: absolute figures drift between runs.
#
# With --before [REV] (REV: by default the last commit before the event loop's connection
# states), a release build of REV (in .build/bench-before/, kept across runs) serves too, and each
# round loads before / fontd / nginx in turn; the report adds the ratio fontd / before. Both fontd
# builds are then built as scripts/install builds.
#
# Environment: TARGET, DURATION (10s), CONNECTIONS (64), THREADS (2), ROUNDS (3), WARMUP (2s, 0 to skip),
# FONTD_BIN (a fontd to use instead of building one), NGINX (/usr/sbin/nginx).
set -euo pipefail
cd "$(dirname "$0")/.."

duration="${DURATION:-10s}"
connections="${CONNECTIONS:-64}"
threads="${THREADS:-2}"
rounds="${ROUNDS:-3}"
warmup="${WARMUP:-2s}"
nginx="${NGINX:-/usr/sbin/nginx}"
startup_timeout=30 # seconds to wait for each server to come up
target="${TARGET:-/font?style=body&category=xl}"
# nginx serves the body as the static file at the target's path (it ignores the query).
target_path="${target%%\?*}"
[[ "$target_path" =~ ^/[a-z-]+$ ]] || { echo "http-load: TARGET must be a fontd path such as /css?category=xl, not '$target'" >&2; exit 1; }
case "$target_path" in
    /css) content_type="text/css; charset=utf-8" ;;
    /tokens) content_type="application/design-tokens+json" ;;
    *) content_type="application/json" ;;
esac

bench_name=http-load
# shellcheck source=Benchmarks/common.sh
. Benchmarks/common.sh
parse_before_option "usage: Benchmarks/http-load.sh [--before [REV]]" "$server_before_default_revision" "$@"
command -v wrk >/dev/null || fail "needs wrk: run scripts/install-dependencies --benchmarks"
[ -x "$nginx" ] || fail "needs nginx ($nginx): run scripts/install-dependencies --benchmarks"
command -v curl >/dev/null || fail "needs curl: run scripts/install-dependencies --benchmarks"
command -v ss >/dev/null || fail "needs ss (apt-get install iproute2)"
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS must be a positive integer, not '$rounds'"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/http-load.XXXXXX")"
fontd_pid=""
before_pid=""
nginx_pid=""
wrk_pid=""

cleanup_pids=(wrk_pid fontd_pid before_pid nginx_pid)
install_cleanup

# --- fontd (and the before build) ---------------------------------------------------------------
servers="fontd nginx"
if [ -n "$before_revision" ]; then
    build_fontd_and_before "$before_revision"
    after_fontd="$fontd"
    fontd="$before_fontd"
    fontd_label=fontd-before start_fontd serve --port 0
    before_pid="$fontd_pid"
    before_url="http://$fontd_host:$fontd_port$target"
    fontd="$after_fontd"
    servers="before fontd nginx"
else
    find_fontd
fi
start_fontd serve --port 0
fontd_url="http://$fontd_host:$fontd_port$target"

mkdir "$tmp/nginx" "$tmp/nginx/www"
chmod 755 "$tmp" "$tmp/nginx" "$tmp/nginx/www" # nginx's workers run as nobody when started as root
curl -fsS --max-time 10 -o "$tmp/nginx/www$target_path" "$fontd_url" ||
    fail_with_log "GET $fontd_url failed" "$tmp/fontd.log"
[ -s "$tmp/nginx/www$target_path" ] || fail "GET $fontd_url answered an empty body"
chmod 644 "$tmp/nginx/www$target_path"
body_bytes="$(wc -c <"$tmp/nginx/www$target_path")"

# --- nginx: the same bytes as a static file at the same path ------------------------------------
nginx_temp_paths

start_nginx() {
    local port="$1"
    cat >"$tmp/nginx/nginx.conf" <<EOF
daemon off;
worker_processes 2;
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    server_tokens off;
    types { }
    default_type "$content_type";
    # Tuned for bodies of a few hundred bytes to a few kilobytes (measured here): sendfile would
    # add a second system call per response; the descriptor cache saves open/fstat/close.
    sendfile off;
    open_file_cache max=16 inactive=60s;
    open_file_cache_valid 60s;
    tcp_nodelay on;
    keepalive_requests 1000000;
    keepalive_timeout 75s;
    $temp_paths
    server {
        listen 127.0.0.1:$port;
        root $tmp/nginx/www;
        location = $target_path { }
        location / { return 404; }
    }
}
EOF
    "$nginx" -p "$tmp/nginx/" -e "$tmp/nginx/error.log" -c "$tmp/nginx/nginx.conf" 2>"$tmp/nginx/stderr.log" &
    nginx_pid=$!
}

nginx_ready() { curl -fsS --max-time 2 -o /dev/null "http://127.0.0.1:$1$target" 2>/dev/null; }
start_nginx_on_free_port
nginx_url="http://127.0.0.1:$nginx_port$target"

# Both must answer the same bytes, or the comparison means nothing.
curl -fsS --max-time 10 -o "$tmp/fontd.body" "$fontd_url" || fail_with_log "GET $fontd_url failed" "$tmp/fontd.log"
curl -fsS --max-time 10 -o "$tmp/nginx.body" "$nginx_url" || fail_with_log "GET $nginx_url failed" "$tmp/nginx/error.log" "$tmp/nginx/stderr.log"
cmp -s "$tmp/fontd.body" "$tmp/nginx.body" ||
    fail "fontd and nginx answer different bodies for $target ($(wc -c <"$tmp/fontd.body") vs $(wc -c <"$tmp/nginx.body") bytes)"
if [ -n "$before_pid" ]; then
    curl -fsS --max-time 10 -o "$tmp/before.body" "$before_url" || fail_with_log "GET $before_url failed" "$tmp/fontd-before.log"
    cmp -s "$tmp/fontd.body" "$tmp/before.body" ||
        fail "this fontd and the before build answer different bodies for $target ($(wc -c <"$tmp/fontd.body") vs $(wc -c <"$tmp/before.body") bytes)"
fi

# --- load -------------------------------------------------------------------------------------
# Fails, with its log, if a server is gone.
check_servers() {
    kill -0 "$fontd_pid" 2>/dev/null || fail_with_log "fontd serve exited during the measurement" "$tmp/fontd.log"
    [ -z "$before_pid" ] || kill -0 "$before_pid" 2>/dev/null ||
        fail_with_log "the before build's fontd serve exited during the measurement" "$tmp/fontd-before.log"
    kill -0 "$nginx_pid" 2>/dev/null ||
        fail_with_log "nginx exited during the measurement" "$tmp/nginx/error.log" "$tmp/nginx/stderr.log"
}

# Runs wrk in the background and waits, so that a signal reaches the trap at once.
run_wrk() {
    local out="$1" url="$2" seconds="$3"
    wrk -t"$threads" -c"$connections" -d"$seconds" --latency "$url" >"$out" 2>&1 &
    wrk_pid=$!
    if ! wait "$wrk_pid"; then
        wrk_pid=""
        cat "$out" >&2
        check_servers
        fail "wrk failed against $url"
    fi
    wrk_pid=""
    check_servers
}

# wrk's output → "req/s p50_ms p99_ms socket_errors non_2xx_3xx". Latencies are printed as
# 812.00us, 1.23ms, 1.02s (or m, h): all converted to milliseconds.
parse_wrk() {
    awk '
        function ms(v,   unit) {
            unit = v; sub(/^[0-9.]+/, "", unit)
            if (unit == "us") return v / 1000
            if (unit == "ms") return v + 0
            if (unit == "s") return v * 1000
            if (unit == "m") return v * 60000
            if (unit == "h") return v * 3600000
            bad = 1
        }
        /^Requests\/sec:/ { rps = $2 }
        $1 == "50%" { p50 = ms($2) }
        $1 == "99%" { p99 = ms($2) }
        /Socket errors:/ { socket = $4 + $6 + $8 + $10 }
        /Non-2xx or 3xx responses:/ { non2xx = $NF }
        END {
            if (bad || rps == "" || p50 == "" || p99 == "") exit 1
            printf "%.2f %.3f %.3f %d %d\n", rps, p50, p99, socket, non2xx
        }
    ' "$1"
}

if [[ ! "$warmup" =~ ^0+[a-z]*$ ]]; then
    echo "warm-up: $warmup each" >&2
    run_wrk "$tmp/warmup" "$fontd_url" "$warmup"
    run_wrk "$tmp/warmup" "$nginx_url" "$warmup"
    [ -z "$before_pid" ] || run_wrk "$tmp/warmup" "$before_url" "$warmup"
fi

results="$tmp/results" # lines: round server req/s p50 p99 socket_errors non_2xx
: >"$results"
for ((round = 1; round <= rounds; round++)); do
    for server in $servers; do
        echo "round $round/$rounds: $server (wrk -t$threads -c$connections -d$duration)" >&2
        case "$server" in
            fontd) url="$fontd_url" ;;
            before) url="$before_url" ;;
            *) url="$nginx_url" ;;
        esac
        out="$tmp/wrk-$server-$round.txt"
        run_wrk "$out" "$url" "$duration"
        figures="$(parse_wrk "$out")" || { cat "$out" >&2; fail "could not read wrk's output above"; }
        echo "$round $server $figures" >>"$results"
    done
done

# --- report -----------------------------------------------------------------------------------
awk -v rounds="$rounds" -v names="$servers" '
    function median(list,   n, a, i, j, t) {
        n = split(list, a, " ")
        for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    {
        rps[$1, $2] = $3; p50[$1, $2] = $4; p99[$1, $2] = $5
        all_rps[$2] = all_rps[$2] " " $3; all_p50[$2] = all_p50[$2] " " $4; all_p99[$2] = all_p99[$2] " " $5
        if ($6 + $7 > 0) warnings = warnings sprintf("warning: round %d %s: %d socket errors, %d non-2xx/3xx responses\n", $1, $2, $6, $7)
    }
    function ratio(a, b) { return b > 0 ? sprintf("%.2fx", a / b) : "n/a" }
    END {
        n = split(names, server, " ")
        line = sprintf("%-5s", "round")
        for (s = 1; s <= n; s++) line = line sprintf("  %12s %9s %9s", server[s] " req/s", "p50 ms", "p99 ms")
        print line "  " sprintf("%12s", "fontd/nginx")
        for (r = 1; r <= rounds; r++) {
            line = sprintf("%-5d", r)
            for (s = 1; s <= n; s++) line = line sprintf("  %12.0f %9.3f %9.3f", rps[r, server[s]], p50[r, server[s]], p99[r, server[s]])
            print line "  " sprintf("%12s", ratio(rps[r, "fontd"], rps[r, "nginx"]))
        }
        printf "%s", warnings
        print ""
        printf "median of %d rounds:\n", rounds
        for (s = 1; s <= n; s++)
            printf "  %-6s  %9.0f req/s   p50 %7.3f ms   p99 %7.3f ms\n", server[s], median(all_rps[server[s]]), median(all_p50[server[s]]), median(all_p99[server[s]])
        printf "  ratio fontd / nginx: %s req/s\n", ratio(median(all_rps["fontd"]), median(all_rps["nginx"]))
        if ("before" in all_rps) {
            printf "  ratio fontd / before: %s req/s, p50 %s, p99 %s\n", ratio(median(all_rps["fontd"]), median(all_rps["before"])),
                ratio(median(all_p50["fontd"]), median(all_p50["before"])), ratio(median(all_p99["fontd"]), median(all_p99["before"]))
        }
    }
' "$results"
echo
echo "GET $target, $body_bytes-byte body; wrk -t$threads -c$connections -d$duration --latency, $rounds rounds alternating fontd / nginx"
echo "fontd: $fontd"
[ -z "$before_pid" ] || echo "before: $before_fontd ($(git rev-parse --short "$before_commit"))"
{ wrk -v 2>&1 || true; } | head -n 1
echo "$("$nginx" -v 2>&1 | head -n 1) (static file, worker_processes 2)"
