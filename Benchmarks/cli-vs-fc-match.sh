#!/usr/bin/env bash
# Wall time of `fontd query body --category xl --json` against `fc-match 'sans-serif:size=19'`,
# both as whole processes, in one hyperfine run (release build, static Swift stdlib): fontd with a
# warm answer cache (docs/DESIGN.md §18 (The command line)), fc-match, and fontd with a cold one (hyperfine's --prepare
# removes the cache before each run: a miss that resolves through fontconfig and FreeType and keeps
# the answer). The cache is a private XDG_CACHE_HOME under a temporary directory (fc-match looks
# there too, for its own user cache, and finds none: it reads the system's, as it does anyway).
# Prints each command's mean and median and the ratios to fc-match (target for the warm cache <= 0.5).
#
# With --before [REV] (REV: by default the last commit whose FontdClient is URLSession-based),
# the same run also times a release build of REV (built in a worktree under .build/bench-before/,
# kept across runs), and `fontd categories` of both builds: five commands, `fontd query` and
# `fontd categories` before and after, and fc-match. Prints each one's mean and median, the
# differences after − before (criterion: at most +1 ms mean) and the ratios to fc-match; then the
# same four commands again, alternating run by run (hyperfine runs one command at a time). This
# mode measures start-up, so it runs with FONTD_NO_CACHE=1: every `fontd query` resolves.
#
# Environment: RUNS (200 per command), FONTD_BIN (a release fontd built as above to use instead of
# building this checkout's).
set -euo pipefail
cd "$(dirname "$0")/.."
bench_name=cli-vs-fc-match
# shellcheck source=Benchmarks/common.sh
. Benchmarks/common.sh
parse_before_option "usage: Benchmarks/cli-vs-fc-match.sh [--before [REV]]" "$before_default_revision" "$@"
command -v hyperfine >/dev/null || { echo "needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "needs python3" >&2; exit 1; }

# This checkout as scripts/install and the Dockerfile build it, and REV (below) with the same
# options: they are linker options that any revision builds with, and a difference in them (PIE,
# an exported dynamic symbol table) is worth ~3 ms of start-up, more than the criterion.
swift_build_options=("${install_build_options[@]}")
if [ -n "${FONTD_BIN:-}" ]; then
    find_fontd
else
    build_release . "" fontd
    fontd="$bin_path/fontd"
fi
runs="${RUNS:-200}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
results="$scratch/results.json"
export XDG_CACHE_HOME="$scratch/cache"
unset FONTD_NO_CACHE

if [ -z "$before_revision" ]; then
    query="$fontd query body --category xl --json"
    # Kept by the first run, unless that run saw a file it read change (fontconfig writing its own
    # cache, say): then by the second.
    $query >/dev/null
    $query >/dev/null
    [ -n "$(ls "$XDG_CACHE_HOME/fontd/answers")" ] || fail "fontd kept no answer in $XDG_CACHE_HOME/fontd/answers"
    hyperfine --shell=none --warmup 20 --runs "$runs" --export-json "$results" \
        -n "fontd query body --category xl --json, warm cache" --prepare true "$query" \
        -n "fc-match sans-serif:size=19" --prepare true "fc-match sans-serif:size=19" \
        -n "fontd query body --category xl --json, cold cache" --prepare "rm -rf $XDG_CACHE_HOME/fontd" "$query" >&2

    python3 - "$results" <<'PY'
import json, sys
warm, fcmatch, cold = json.load(open(sys.argv[1]))["results"]
for r in (warm, fcmatch, cold):
    print(f"{r['command']:60s} mean {r['mean']*1e3:6.2f} ms  median {r['median']*1e3:6.2f} ms  (n={len(r['times'])})")
for name, r, target in (("warm cache", warm, " (target <= 0.5x)"), ("cold cache", cold, "")):
    print(f"ratio fontd / fc-match, {name}: mean {r['mean']/fcmatch['mean']:.2f}x, median {r['median']/fcmatch['median']:.2f}x{target}")
PY
    exit 0
fi

# Start-up, before and after: every run resolves.
export FONTD_NO_CACHE=1

build_revision "$before_revision" fontd
before_fontd="$bin_path/fontd"
before="$(git rev-parse --short "$before_commit")"
after="$(checkout_label)"

query="query body --category xl --json"
hyperfine --shell=none --warmup 20 --runs "$runs" --export-json "$results" \
    -n "before ($before): fontd $query" "$before_fontd $query" \
    -n "after ($after): fontd $query" "$fontd $query" \
    -n "before ($before): fontd categories" "$before_fontd categories" \
    -n "after ($after): fontd categories" "$fontd categories" \
    -n "fc-match sans-serif:size=19" "fc-match sans-serif:size=19" >&2

python3 - "$results" <<'PY'
import json, sys
query_before, query_after, categories_before, categories_after, fcmatch = json.load(open(sys.argv[1]))["results"]
for r in (query_before, query_after, categories_before, categories_after, fcmatch):
    print(f"{r['command']:60s} mean {r['mean']*1e3:6.2f} ms  median {r['median']*1e3:6.2f} ms  (n={len(r['times'])})")
for name, before, after in (("fontd query", query_before, query_after), ("fontd categories", categories_before, categories_after)):
    mean = (after["mean"] - before["mean"]) * 1e3
    median = (after["median"] - before["median"]) * 1e3
    verdict = "met" if mean <= 1 else "not met"
    print(f"after - before, {name:16s}: mean {mean:+6.2f} ms, median {median:+6.2f} ms (criterion: mean <= +1 ms: {verdict})")
for name, r in (("before", query_before), ("after", query_after)):
    print(f"ratio fontd query / fc-match, {name:6s}: mean {r['mean']/fcmatch['mean']:.2f}x, median {r['median']/fcmatch['median']:.2f}x (target <= 1.5x)")
PY

# hyperfine runs each command's runs one after another, so a machine whose speed drifts (these are
# shared machines) biases the differences above; the same four commands again, alternating run by run.
python3 - "$runs" "$before_fontd" "$fontd" <<'PY'
import statistics, subprocess, sys, time
runs, before, after = int(sys.argv[1]), sys.argv[2], sys.argv[3]
commands = {(name, side): [binary] + arguments
            for name, arguments in (("fontd query", "query body --category xl --json".split()), ("fontd categories", ["categories"]))
            for side, binary in (("before", before), ("after", after))}
times = {key: [] for key in commands}
for round_ in range(runs + 20):
    for key, command in commands.items():
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        if round_ >= 20:  # the first 20 rounds warm the caches
            times[key].append(time.perf_counter() - start)
print(f"alternating run by run ({runs} rounds, wall time of each process from python3):")
for name in ("fontd query", "fontd categories"):
    b, a = statistics.mean(times[(name, "before")]) * 1e3, statistics.mean(times[(name, "after")]) * 1e3
    verdict = "met" if a - b <= 1 else "not met"
    print(f"  {name:16s}: before mean {b:6.2f} ms, after {a:6.2f} ms, after - before {a - b:+6.2f} ms (criterion: mean <= +1 ms: {verdict})")
PY
