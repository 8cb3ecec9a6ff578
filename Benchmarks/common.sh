# shellcheck shell=bash disable=SC2154,SC2034 # variables are set by the sourcing script, results are read by it
# Shared by the benchmark scripts (sourced, not run): failing with a server's log, stopping
# children on exit, building and starting fontd, building an earlier revision in a cached
# worktree, and nginx's temporary paths.
#
# The sourcing script sets `bench_name` (prefix of error messages), `startup_timeout` (seconds),
# `tmp` (its temporary directory) and `cleanup_pids` (names of the variables holding the PIDs to
# stop on exit), then calls `install_cleanup`.

fail() { echo "$bench_name: $*" >&2; exit 1; }

# Prints the last lines of a server's logs and fails.
fail_with_log() {
    local message="$1" log
    shift
    for log in "$@"; do
        if [ -s "$log" ]; then
            echo "--- last lines of $log:" >&2
            tail -n 20 "$log" >&2
        fi
    done
    fail "$message"
}

# Stops one of our children: SIGTERM, then SIGKILL if it is still there after 5 s.
stop() {
    local pid="$1" i
    [ -n "$pid" ] || return 0
    kill -TERM "$pid" 2>/dev/null || return 0
    for ((i = 0; i < 50; i++)); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

cleanup() {
    trap - EXIT INT TERM
    local name
    for name in "${cleanup_pids[@]}"; do stop "${!name}"; done
    rm -rf "$tmp"
}

install_cleanup() {
    trap cleanup EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
}

# Sets `fontd`: FONTD_BIN, or a release build of this checkout.
find_fontd() {
    if [ -n "${FONTD_BIN:-}" ]; then
        fontd="$FONTD_BIN"
    else
        swift build -c release --product fontd >&2
        fontd="$(swift build -c release --show-bin-path)/fontd"
    fi
    [ -x "$fontd" ] || fail "no fontd executable at $fontd"
}

# Starts `$fontd <arguments…>` and waits for its ready line; sets `fontd_pid`, `fontd_host`
# and `fontd_port`. Its stdout goes to $tmp/fontd.out, its log to $tmp/fontd.log.
# With `fontd_label` set (default: fontd), the files are $tmp/<label>.out and $tmp/<label>.log.
start_fontd() {
    local label="${fontd_label:-fontd}"
    # The fontd child has SIGINT ignored (background job of a script); the EXIT trap stops it with SIGTERM.
    : >"$tmp/$label.out" # exists before the child opens it, for the wait below
    # Each server keeps its preferences in the run's directory unless told where: two servers on
    # the default store would meet its lock, and a run must not touch the user's own preferences.
    # --state (which every revision takes; later ones keep their store beside it) rather than --store.
    local arguments=("$@")
    if [ "${1:-}" = serve ] && [[ " $* " != *" --state "* && " $* " != *" --store "* ]]; then
        arguments+=(--state "$tmp/$label.state.json")
    fi
    "$fontd" "${arguments[@]}" >"$tmp/$label.out" 2>"$tmp/$label.log" &
    fontd_pid=$!

    # fontd prints exactly one line on stdout once it listens: wait for that whole line (ends in \n).
    local ready="" deadline=$((SECONDS + startup_timeout))
    while :; do
        if [ "$(wc -l <"$tmp/$label.out")" -ge 1 ]; then
            IFS= read -r ready <"$tmp/$label.out"
            break
        fi
        kill -0 "$fontd_pid" 2>/dev/null || fail_with_log "fontd serve exited before it was ready" "$tmp/$label.log"
        ((SECONDS < deadline)) || fail_with_log "fontd serve not ready after ${startup_timeout}s" "$tmp/$label.log"
        sleep 0.05
    done
    [[ "$ready" =~ ^fontd\ listening\ on\ http://([0-9.]+):([0-9]+)$ ]] ||
        fail "unexpected first line from fontd serve: '$ready'"
    fontd_host="${BASH_REMATCH[1]}"
    fontd_port="${BASH_REMATCH[2]}"
}

# Starts nginx on a free port below the loopback ephemeral range (32768–60999), so that no client
# connection holds it, with another try (5 in all) if something binds it between the check and
# nginx's start. The sourcing script defines `start_nginx PORT` (starts nginx, sets `nginx_pid`)
# and `nginx_ready PORT` (true once nginx answers there). Sets `nginx_port`.
start_nginx_on_free_port() {
    local attempt port deadline
    for attempt in 1 2 3 4 5; do
        port=$((20000 + RANDOM % 12000))
        [ -z "$(ss -Hltn "sport = :$port")" ] || continue
        start_nginx "$port"
        deadline=$((SECONDS + startup_timeout))
        until nginx_ready "$port"; do
            if ! kill -0 "$nginx_pid" 2>/dev/null; then
                wait "$nginx_pid" 2>/dev/null || true
                nginx_pid=""
                break
            fi
            ((SECONDS < deadline)) || fail_with_log "nginx not ready after ${startup_timeout}s" "$tmp/nginx/error.log" "$tmp/nginx/stderr.log"
            sleep 0.05
        done
        if [ -n "$nginx_pid" ]; then
            nginx_port="$port"
            return 0
        fi
    done
    fail_with_log "nginx did not start ($attempt tries)" "$tmp/nginx/error.log" "$tmp/nginx/stderr.log"
}

# Sets `temp_paths`: nginx's temporary directories inside $tmp/nginx (the defaults are under
# /var/lib/nginx), for the modules built into `$nginx`.
nginx_temp_paths() {
    temp_paths="client_body_temp_path $tmp/nginx/client_body;"
    local build module
    build="$("$nginx" -V 2>&1)"
    for module in proxy fastcgi uwsgi scgi; do
        if [[ "$build" != *"--without-http_${module}_module"* ]]; then
            temp_paths+=" ${module}_temp_path $tmp/nginx/$module;"
        fi
    done
}

# The revision `--before` builds by default: the last commit whose FontdClient is URLSession-based.
before_default_revision=5f1ad05b8fff3b0916058d71f3c86f97b5784b61
# The revision the server benchmarks' `--before` builds by default: the last commit before the
# event loop was cut by concern and its connections got explicit states.
server_before_default_revision=e351709e2b253a46fb728b6047cca6928ec9defa
# How scripts/install and the Dockerfile build fontd; the benchmarks build both sides so with --before.
install_build_options=(--static-swift-stdlib -Xlinker -no-pie -Xlinker --no-export-dynamic --disable-local-rpath
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)

# Reads the arguments of a benchmark whose only option is `--before [REV]`: sets `before_revision`
# (REV, or DEFAULT when --before comes alone; empty without --before). Usage: USAGE DEFAULT ARGS…
parse_before_option() {
    local usage="$1" default="$2"
    shift 2
    before_revision=""
    while (($#)); do
        case "$1" in
            --before)
                if [ $# -ge 2 ] && [[ "$2" != -* ]]; then before_revision="$2"; shift 2; else before_revision="$default"; shift; fi
                ;;
            --before=*) before_revision="${1#*=}"; shift ;;
            -h | --help) echo "$usage"; exit 0 ;;
            *) fail "unknown argument '$1' ($usage)" ;;
        esac
    done
}

# Release-builds this checkout's fontd (or takes FONTD_BIN) and revision $1's (or takes
# FONTD_BEFORE_BIN, a build of it kept from before), both as scripts/install builds them. Sets
# `fontd`, `before_fontd` and `before_commit`.
build_fontd_and_before() {
    swift_build_options=("${install_build_options[@]}")
    if [ -n "${FONTD_BIN:-}" ]; then
        find_fontd
    else
        build_release . "" fontd
        fontd="$bin_path/fontd"
    fi
    if [ -n "${FONTD_BEFORE_BIN:-}" ]; then
        [ -x "$FONTD_BEFORE_BIN" ] || fail "no fontd executable at $FONTD_BEFORE_BIN (FONTD_BEFORE_BIN)"
        before_commit="$(git rev-parse --verify --quiet "$1^{commit}")" || fail "no commit '$1' in this repository"
        before_fontd="$FONTD_BEFORE_BIN"
        return
    fi
    local after="$fontd"
    build_revision "$1" fontd
    before_fontd="$bin_path/fontd"
    fontd="$after"
}

# Release-builds `--product` PRODUCT… of the package at $1 (scratch path $2; empty: the package's
# own .build) with the extra `swift build` options in the array `swift_build_options` (may be
# empty), one product at a time. A PRODUCT ending in `?` is built only if the package declares it
# (`fontd-remote?`: the separate executable that `fontd` execs for the commands that talk to a
# server, in the layouts that still have one). Sets `bin_path`.
build_release() {
    local package="$1" scratch="$2" product
    shift 2
    local options=(-c release --package-path "$package" ${swift_build_options[@]+"${swift_build_options[@]}"})
    [ -z "$scratch" ] || options+=(--scratch-path "$scratch")
    for product in "$@"; do
        if [[ "$product" == *\? ]]; then
            product="${product%\?}"
            grep -q "\.executable(name: \"$product\"" "$package/Package.swift" || continue
        fi
        swift build "${options[@]}" --product "$product" >&2
    done
    bin_path="$(swift build "${options[@]}" --show-bin-path)"
}

# Release-builds PRODUCT… (as build_release) of revision $1 of this repository, in a detached
# git worktree of its own, .build/bench-before/source, with the scratch path
# .build/bench-before/build beside it (build-static-swift-stdlib etc. with swift_build_options:
# a change of options recompiles everything, so each set keeps its own). They stay for the next
# run: the worktree is checked out again only when it is at another commit, and SwiftPM rebuilds
# only what changed. Nothing is ever committed there. Sets `bin_path` and `before_commit`.
build_revision() {
    local revision="$1" base=.build/bench-before current="" scratch=.build/bench-before/build
    shift
    if [ -n "${swift_build_options[*]:-}" ]; then
        scratch+="$(printf '%s' "${swift_build_options[*]}" | tr -cs 'A-Za-z0-9' -)"
    fi
    before_commit="$(git rev-parse --verify --quiet "$revision^{commit}")" || fail "no commit '$revision' in this repository"
    if [ -e "$base/source/.git" ]; then
        current="$(git -C "$base/source" rev-parse HEAD)"
    else
        mkdir -p "$base"
        # --force: also when git still lists the worktree but its directory was deleted.
        git worktree add --force --detach --quiet "$base/source" "$before_commit" >&2
        current="$before_commit"
    fi
    if [ "$current" != "$before_commit" ]; then
        git -C "$base/source" checkout --detach --quiet "$before_commit" >&2
    fi
    echo "$bench_name: building $(git -C "$base/source" log -1 --format='%h %s' | cut -c1-72) in $base" >&2
    build_release "$base/source" "$scratch" "$@"
}

# Prints this checkout's commit (short), with "+changes" when what the build reads (Package.swift,
# Sources/, Examples/) differs from it.
checkout_label() {
    local label
    label="$(git rev-parse --short HEAD)"
    if [ -n "$(git status --porcelain -- Package.swift Sources Examples)" ]; then label+="+changes"; fi
    echo "$label"
}
