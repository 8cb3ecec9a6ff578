#!/usr/bin/env bash
# The latency of a preference change: `PUT /category` answered only once the change is durable (the
# SQLite store's commit, or before it the state file's fsync-rename-fsync), measured with wrk on one
# connection, one request at a time, the category alternating so that every PUT is a change.
# `--before [REV]` (default: the last commit before the SQLite store, 3ab7bbf) builds REV too and
# alternates the two servers round by round; the report gives each one's p50, p99 and changes per
# second, and the ratios. Compare only within one run.
#
# Environment: DURATION (10s), ROUNDS (3), FONTD_BIN, FONTD_BEFORE_BIN (builds to use instead).
set -euo pipefail
cd "$(dirname "$0")/.."

duration="${DURATION:-10s}"
rounds="${ROUNDS:-3}"
startup_timeout=30
token=put-latency-token

bench_name=put-latency
# shellcheck source=Benchmarks/common.sh
. Benchmarks/common.sh
parse_before_option "usage: Benchmarks/put-latency.sh [--before [REV]]" 3ab7bbf "$@"
command -v wrk >/dev/null || fail "needs wrk: run scripts/install-dependencies --benchmarks"
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS must be a positive integer, not '$rounds'"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/put-latency.XXXXXX")"
fontd_pid=""
before_pid=""
wrk_pid=""
cleanup_pids=(wrk_pid fontd_pid before_pid)
install_cleanup

servers="fontd"
if [ -n "$before_revision" ]; then
    build_fontd_and_before "$before_revision"
    after_fontd="$fontd"
    fontd="$before_fontd"
    fontd_label=fontd-before start_fontd serve --port 0 --token "$token" --state "$tmp/before/state.json"
    before_pid="$fontd_pid"
    before_url="http://$fontd_host:$fontd_port/category"
    fontd="$after_fontd"
    servers="before fontd"
else
    find_fontd
fi
start_fontd serve --port 0 --token "$token" --state "$tmp/fontd/state.json"
fontd_url="http://$fontd_host:$fontd_port/category"

# Every request is a change: the category alternates between xl and l.
cat >"$tmp/put.lua" <<LUA
local i = 0
request = function()
  i = i + 1
  local body = (i % 2 == 0) and '{"category":"l"}' or '{"category":"xl"}'
  return wrk.format("PUT", nil, { ["Authorization"] = "Bearer $token", ["Content-Type"] = "application/json" }, body)
end
LUA

results="$tmp/results"
: >"$results"
for ((round = 1; round <= rounds; round++)); do
    for server in $servers; do
        url="$fontd_url"
        [ "$server" = before ] && url="$before_url"
        echo "round $round/$rounds: $server (wrk -t1 -c1 -d$duration, PUT /category)" >&2
        wrk -t1 -c1 -d"$duration" --latency -s "$tmp/put.lua" "$url" >"$tmp/wrk-$server-$round.txt" 2>&1 &
        wrk_pid=$!
        wait "$wrk_pid" || { cat "$tmp/wrk-$server-$round.txt" >&2; fail "wrk failed against $url"; }
        wrk_pid=""
        awk -v round="$round" -v server="$server" '
            function ms(v,   unit) {
                unit = v; sub(/^[0-9.]+/, "", unit)
                if (unit == "us") return v / 1000
                if (unit == "ms") return v + 0
                if (unit == "s") return v * 1000
            }
            /^Requests\/sec:/ { rps = $2 }
            $1 == "50%" { p50 = ms($2) }
            $1 == "99%" { p99 = ms($2) }
            /Non-2xx or 3xx responses:/ { bad = $NF }
            END { printf "%d %s %.1f %.3f %.3f %d\n", round, server, rps, p50, p99, bad }
        ' "$tmp/wrk-$server-$round.txt" >>"$results"
    done
done

awk -v names="$servers" '
    function median(list,   n, a, i, j, t) {
        n = split(list, a, " ")
        for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    { printf "round %d %-6s %8.1f changes/s   p50 %7.3f ms   p99 %7.3f ms%s\n", $1, $2, $3, $4, $5, ($6 > 0 ? "   " $6 " non-2xx!" : "")
      rps[$2] = rps[$2] " " $3; p50[$2] = p50[$2] " " $4; p99[$2] = p99[$2] " " $5 }
    END {
        n = split(names, server, " ")
        print ""
        for (s = 1; s <= n; s++) printf "median %-6s %8.1f changes/s   p50 %7.3f ms   p99 %7.3f ms\n", server[s], median(rps[server[s]]), median(p50[server[s]]), median(p99[server[s]])
        if (n == 2) printf "ratio fontd / before: p50 %.2fx, p99 %.2fx, changes/s %.2fx\n", median(p50["fontd"]) / median(p50["before"]), median(p99["fontd"]) / median(p99["before"]), median(rps["fontd"]) / median(rps["before"])
    }
' "$results"
echo
echo "PUT /category on one connection, one at a time, wrk -t1 -c1 -d$duration, $rounds rounds"
echo "fontd: $fontd"
[ -z "$before_pid" ] || echo "before: $before_fontd ($(git rev-parse --short "$before_commit"))"
