#!/usr/bin/env bash
# Wall time of `fontd query body --category xl --json` against `fc-match 'sans-serif:size=19'`,
# both as whole processes, alternating in one hyperfine run (release build, static Swift stdlib).
# Prints each command's mean and median and the ratio fontd / fc-match (target ≤ 1.5).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "needs python3" >&2; exit 1; }

swift build -c release --static-swift-stdlib --product fontd >&2
fontd="$(swift build -c release --static-swift-stdlib --show-bin-path)/fontd"
runs="${RUNS:-200}"
results="$(mktemp)"
trap 'rm -f "$results"' EXIT

hyperfine --shell=none --warmup 20 --runs "$runs" --export-json "$results" \
    "$fontd query body --category xl --json" \
    "fc-match sans-serif:size=19" >&2

python3 - "$results" <<'PY'
import json, statistics, sys
fontd, fcmatch = json.load(open(sys.argv[1]))["results"]
for r in (fontd, fcmatch):
    print(f"{r['command']:60s} mean {r['mean']*1e3:6.2f} ms  median {r['median']*1e3:6.2f} ms  (n={len(r['times'])})")
print(f"ratio fontd / fc-match: mean {fontd['mean']/fcmatch['mean']:.2f}x, median {fontd['median']/fcmatch['median']:.2f}x (target <= 1.5x)")
PY
