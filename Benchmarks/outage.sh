#!/usr/bin/env bash
# How soon fontd's replicas on PostgreSQL (docs/DESIGN.md §24 (Replicas on PostgreSQL)) notice what
# the tests only await: the figures the tests used to bound with the test's own clock, measured here
# with a release build, on a throwaway cluster, in the same run as a reference.
#
#   reference    a change (PUT /category) through replica A, until replica B answers it: the path
#                through PostgreSQL's NOTIFY that the other figures are compared with.
#   revocation   PUT /revocations through A, until B refuses a token both had verified
#                (TokenRevocationTests; it was bounded at 2 s there).
#   degraded     `pg_ctl stop -m fast` returned, until A's /healthz says degraded (PostgresOutageTests;
#                it was bounded at 2 s there).
#   refused      a change through A while the database is stopped, until A's 503: at most --store-timeout
#                (PostgresOutageTests; it was bounded at the timeout + 1 s there).
#   back         `pg_ctl start` returned, until A's /healthz says ok again (the same; 2 s there).
#
# Each "until" is a curl poll every 10 ms (a poll costs a few ms: the figures are that coarse).
# ROUNDS rounds, a new database and two new replicas each; the medians are printed, with each round.
#
# Environment: ROUNDS (5), STORE_TIMEOUT (1, fontd's --store-timeout in seconds), FONTD_BIN (a fontd to
# use instead of building one), PG_BIN (/usr/lib/postgresql/15/bin).
set -euo pipefail
cd "$(dirname "$0")/.."

rounds="${ROUNDS:-5}"
store_timeout="${STORE_TIMEOUT:-1}"
pg_bin="${PG_BIN:-/usr/lib/postgresql/15/bin}"
startup_timeout=60 # seconds to wait for each server to come up
poll_limit=60      # seconds a poll waits before the run fails

bench_name=outage
# shellcheck source=Benchmarks/common.sh
. Benchmarks/common.sh
# shellcheck source=Benchmarks/postgres-cluster.sh
. Benchmarks/postgres-cluster.sh
usage="usage: Benchmarks/outage.sh   (settings in the environment: ROUNDS, STORE_TIMEOUT, FONTD_BIN, PG_BIN)"
case "${1:-}" in
    "") ;;
    -h | --help) echo "$usage"; exit 0 ;;
    *) fail "unknown argument '$1' ($usage)" ;;
esac
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS must be a positive integer, not '$rounds'"
[[ "$store_timeout" =~ ^[0-9]+(\.[0-9]+)?$ ]] || fail "STORE_TIMEOUT must be a number of seconds, not '$store_timeout'"
command -v curl >/dev/null || fail "needs curl"
[ -n "${FONTD_BIN:-}" ] || command -v swift >/dev/null || fail "needs swift to build fontd (or FONTD_BIN=path/to/fontd)"
check_pg_cluster_needs

tmp="$(mktemp -d "${TMPDIR:-/tmp}/outage.XXXXXX")"
fontd_pid=""
replica_a_pid=""
replica_b_pid=""
cleanup_pids=(fontd_pid replica_a_pid replica_b_pid)

# shellcheck disable=SC2317 # called by the traps
outage_cleanup() {
    trap - EXIT INT TERM
    local name
    for name in "${cleanup_pids[@]}"; do stop "${!name}"; done
    stop_pg_cluster
    rm -rf "$tmp"
}
trap outage_cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

start_pg_cluster
if [ -n "${FONTD_BIN:-}" ]; then
    find_fontd
else
    swift_build_options=("${install_build_options[@]}")
    build_release . "" fontd
    fontd="$bin_path/fontd"
fi

admin=bench-admin
secret="outage-benchmark-secret-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
serve_options=(--port 0 --token "$admin" --jwt-secret "$secret" --store-timeout "$store_timeout")

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# Polls `curl ARGS…` every 10 ms until its output matches PATTERN; prints the milliseconds since START_MS.
poll_until() {
    local start_ms="$1" pattern="$2" answer=""
    shift 2
    local deadline=$((SECONDS + poll_limit))
    while ((SECONDS < deadline)); do
        answer="$(curl -s --max-time 5 "$@" || true)"
        if [[ "$answer" =~ $pattern ]]; then
            echo $(($(now_ms) - start_ms))
            return 0
        fi
        sleep 0.01
    done
    fail_with_log "no answer matching /$pattern/ within ${poll_limit}s (last: $answer)" "$tmp"/replica-*.log "$tmp/pg/server.log"
}

measure() {
    local round="$1" database="fontd_outage_$1" url a b token start
    pg_sql "CREATE DATABASE $database" >/dev/null || fail_with_log "could not create the database" "$tmp/pg/server.log"
    url="postgres://$pg_user:$pg_password@127.0.0.1:$pg_port/$database?sslmode=disable"
    fontd_label="replica-a-$round" start_fontd serve "${serve_options[@]}" --store "$url"
    replica_a_pid="$fontd_pid" a="http://127.0.0.1:$fontd_port"
    fontd_label="replica-b-$round" start_fontd serve "${serve_options[@]}" --store "$url"
    replica_b_pid="$fontd_pid" b="http://127.0.0.1:$fontd_port"
    fontd_pid=""

    # reference: a change through A, answered by B.
    start=$(now_ms)
    curl -sf -X PUT -H "Authorization: Bearer $admin" --data '{"category":"xl"}' "$a/category" >/dev/null ||
        fail_with_log "the change was refused" "$tmp/replica-a-$round.log"
    echo "reference $(poll_until "$start" '"category":"xl"' "$b/category")" >>"$tmp/round-$round"

    # revocation: a token issued a second before (revocations count whole seconds), verified by both.
    token="$("$fontd" token issue --scope alice --ttl 1h --jwt-secret "$secret")"
    sleep 1.1
    for server in "$a" "$b"; do
        [ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $token" "$server/preferences?scope=alice")" = 200 ] ||
            fail "the token was refused before its revocation"
    done
    start=$(now_ms)
    curl -sf -X PUT -H "Authorization: Bearer $admin" --data '' "$a/revocations?scope=alice" >/dev/null ||
        fail_with_log "the revocation was refused" "$tmp/replica-a-$round.log"
    echo "revocation $(poll_until "$start" '^401$' -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $token" \
        "$b/preferences?scope=alice")" >>"$tmp/round-$round"

    # degraded and back: the database stopped and started under A.
    pg_cluster_ctl stop fast || fail_with_log "pg_ctl stop failed" "$tmp/pg/server.log"
    pg_running=false
    start=$(now_ms)
    echo "degraded $(poll_until "$start" '"status":"degraded"' "$a/healthz")" >>"$tmp/round-$round"
    # refused: a change while the database is stopped, until A's 503 (PostgresOutageTests; it was bounded at
    # --store-timeout + 1 s there): at most the store's timeout.
    start=$(now_ms)
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 -X PUT -H "Authorization: Bearer $admin" --data '{"category":"s"}' "$a/category")
    [ "$code" = 503 ] || fail_with_log "a change while the database was stopped was answered $code, not 503" "$tmp/replica-a-$round.log"
    echo "refused $(($(now_ms) - start))" >>"$tmp/round-$round"
    pg_cluster_ctl start || fail_with_log "pg_ctl start failed" "$tmp/pg-start.log" "$tmp/pg/server.log"
    pg_running=true
    start=$(now_ms)
    echo "back $(poll_until "$start" '"status":"ok"' "$a/healthz")" >>"$tmp/round-$round"

    stop "$replica_a_pid"
    stop "$replica_b_pid"
    replica_a_pid="" replica_b_pid=""
}

for ((round = 1; round <= rounds; round++)); do
    echo "round $round of $rounds" >&2
    measure "$round"
done

for ((round = 1; round <= rounds; round++)); do sed "s/^/$round /" "$tmp/round-$round"; done | awk -v rounds="$rounds" \
    -v timeout="$store_timeout" -v version="$pg_version" '
    { ms[$2, $1] = $3 }
    function median(name,   i, j, t, n, s) {
        n = rounds
        for (i = 1; i <= n; i++) s[i] = ms[name, i]
        for (i = 2; i <= n; i++)
            for (j = i; j > 1 && s[j - 1] > s[j]; j--) { t = s[j]; s[j] = s[j - 1]; s[j - 1] = t }
        return n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
    }
    function row(label, name,   k, text) {
        text = ""
        for (k = 1; k <= rounds; k++) text = text sprintf(" %d", ms[name, k])
        printf "%-58s%8d ms   rounds:%s\n", label, median(name), text
    }
    END {
        printf "Replicas on PostgreSQL %s, --store-timeout %s s: how soon each thing is noticed (%d rounds, medians)\n\n",
            version, timeout, rounds
        row("reference: a change through A, answered by B", "reference")
        row("revocation through A, the token refused by B", "revocation")
        row("database stopped, A'"'"'s /healthz degraded", "degraded")
        row("a change while it is stopped, A'"'"'s 503", "refused")
        row("database started, A'"'"'s /healthz ok", "back")
        printf "\nrevocation / reference: %.2fx (the same NOTIFY path: near 1x)\n", median("revocation") / (median("reference") > 0 ? median("reference") : 1)
    }'
