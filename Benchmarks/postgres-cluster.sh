# shellcheck shell=bash disable=SC2154,SC2034 # variables are set by the sourcing script, results are read by it
# A throwaway PostgreSQL cluster for a benchmark (sourced, after Benchmarks/common.sh): initdb as the
# `postgres` user (so run as root), SCRAM password auth on 127.0.0.1, a free port, fsync off, its data
# directory, unix socket and log in $tmp/pg. The sourcing script sets `tmp` and `pg_bin`, checks
# `check_pg_cluster_needs`, calls `start_pg_cluster`, and `stop_pg_cluster` on exit. Sets `pg_user`,
# `pg_password`, `pg_port`, `pg_running` and `pg_version`; `pg_sql SQL` runs SQL on it.

pg_running=false

# Fails unless the machine can make the cluster.
check_pg_cluster_needs() {
    [ -x "$pg_bin/initdb" ] || fail "needs PostgreSQL 15 ($pg_bin/initdb): run scripts/install-dependencies"
    [ "$(id -u)" = 0 ] || fail "run as root: the throwaway cluster is made as the postgres user (runuser)"
    id postgres >/dev/null 2>&1 || fail "needs the postgres user (Debian's postgresql package makes it)"
    command -v ss >/dev/null || fail "needs ss (apt-get install iproute2)"
}

# Runs a PostgreSQL program as the postgres user, from / (it cannot enter the caller's directory).
as_postgres() { runuser -u postgres -- env -C / LC_ALL=C "$@"; }

start_pg_cluster() {
    chmod 711 "$tmp"
    mkdir -m 700 "$tmp/pg"
    pg_user=fontd
    pg_password="pw-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
    printf '%s\n' "$pg_password" >"$tmp/pg/password"
    chown -R postgres:postgres "$tmp/pg"
    as_postgres "$pg_bin/initdb" --pgdata="$tmp/pg/data" --username="$pg_user" --pwfile="$tmp/pg/password" \
        --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 --locale=C --no-sync >"$tmp/pg-initdb.log" 2>&1 ||
        fail_with_log "initdb failed" "$tmp/pg-initdb.log"
    rm -f "$tmp/pg/password"

    # A free port below the loopback ephemeral range (32768–60999), so that no client connection holds
    # it; another try (5 in all) if something takes it between the check and the start. fsync off: a
    # benchmark's database need not survive the machine; synchronous_commit stays on, as in production.
    local attempt
    for attempt in 1 2 3 4 5; do
        pg_port=$((20000 + RANDOM % 12000))
        [ -z "$(ss -Hltn "sport = :$pg_port")" ] || continue
        pg_options="-c listen_addresses=127.0.0.1 -p $pg_port -c unix_socket_directories='$tmp/pg' -c fsync=off"
        pg_options+=" -c full_page_writes=off -c max_connections=100"
        if pg_cluster_ctl start; then
            pg_running=true
            break
        fi
    done
    $pg_running || fail_with_log "PostgreSQL did not start ($attempt tries)" "$tmp/pg-start.log" "$tmp/pg/server.log"
    pg_version="$(pg_sql 'SHOW server_version' | head -n 1)"
}

# `pg_ctl start` (with the cluster's options) or `pg_ctl stop -m MODE`, waiting for it.
pg_cluster_ctl() {
    case "$1" in
        start) as_postgres "$pg_bin/pg_ctl" start -w -t 60 -D "$tmp/pg/data" -l "$tmp/pg/server.log" -o "$pg_options" \
            >"$tmp/pg-start.log" 2>&1 ;;
        stop) as_postgres "$pg_bin/pg_ctl" stop -w -t 60 -D "$tmp/pg/data" -m "${2:-immediate}" >/dev/null 2>&1 ;;
    esac
}

# Stops the cluster at once (nothing in it is kept), if it runs.
stop_pg_cluster() {
    if $pg_running; then pg_cluster_ctl stop immediate || true; fi
    pg_running=false
}

pg_sql() {
    as_postgres "$pg_bin/psql" --no-psqlrc -X -q -A -t -v ON_ERROR_STOP=1 -h "$tmp/pg" -p "$pg_port" -U "$pg_user" \
        -d postgres -c "$1"
}
