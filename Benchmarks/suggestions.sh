#!/usr/bin/env bash
# The server's CPU for a request whose family name names nothing (docs/DESIGN.md §33 (The reading
# font), "Bounded suggestions"), with FAMILIES families installed besides DejaVu (links to DejaVu
# Sans, each renamed by a fontconfig scan rule): `/css?fallbackFor=` with a near miss (the usual
# "did you mean"), with 7,900 characters (the longest a request line lets through), and
# `PUT /preferences {"readingFont": …}` with a near miss and with 60,000 characters — next to
# `/healthz` and a cached `/css` in the same run. Each kind is asked REQUESTS times, one at a time
# on one connection; the figure is the server's user + system CPU (/proc/PID/stat) over them, per
# request. Compare only within one run.
#
# Environment: FAMILIES (320), REQUESTS (200), FONTD_BIN (a build to use instead of a release build).
set -euo pipefail
cd "$(dirname "$0")/.."

families="${FAMILIES:-320}"
requests="${REQUESTS:-200}"
startup_timeout=60

bench_name=suggestions
# shellcheck source=Benchmarks/common.sh
. Benchmarks/common.sh
[[ "$families" =~ ^[1-9][0-9]*$ ]] || fail "FAMILIES must be a positive integer, not '$families'"
[[ "$requests" =~ ^[1-9][0-9]*$ ]] || fail "REQUESTS must be a positive integer, not '$requests'"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/suggestions.XXXXXX")"
fontd_pid=""
cleanup_pids=(fontd_pid)
install_cleanup
find_fontd

mkdir -p "$tmp/fonts"
{
    echo '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
    echo '<include ignore_missing="yes">/etc/fonts/conf.d</include>'
    echo "<dir>/usr/share/fonts/truetype/dejavu</dir><dir>$tmp/fonts</dir><cachedir>$tmp/cache</cachedir>"
    for ((i = 1; i <= families; i++)); do
        ln -s /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf "$tmp/fonts/family-$i.ttf"
        echo "<match target=\"scan\"><test name=\"file\"><string>$tmp/fonts/family-$i.ttf</string></test>"
        echo "<edit name=\"family\" mode=\"assign_replace\"><string>Installed Family Number $i</string></edit></match>"
    done
    echo '</fontconfig>'
} >"$tmp/fonts.conf"
export FONTCONFIG_FILE="$tmp/fonts.conf"
listed="$(fc-list : family | sort -u | wc -l)"

start_fontd serve --port 0
echo "fontd $fontd, pid $fontd_pid, $listed families installed, $requests requests of each kind"

python3 - "$fontd_host" "$fontd_port" "$fontd_pid" "$requests" <<'PY'
import http.client, json, os, sys

host, port, pid, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
ticks = os.sysconf("SC_CLK_TCK")

def cpu_seconds():
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks

connection = http.client.HTTPConnection(host, port)

def ask(method, target, body=None):
    headers = {"Content-Type": "application/json"} if body else {}
    connection.request(method, target, body=body, headers=headers)
    answer = connection.getresponse()
    answer.read()
    return answer.status

kinds = [
    ("GET /healthz (reference)", "GET", "/healthz", None),
    ("GET /css (cached)", "GET", "/css", None),
    ("GET /css?fallbackFor=<near miss>", "GET", "/css?fallbackFor=Installed%20Family%20Numbr%20312", None),
    ("GET /css?fallbackFor=<7,900 chars>", "GET", "/css?fallbackFor=" + "x" * 7900, None),
    ("PUT readingFont <near miss>", "PUT", "/preferences", json.dumps({"readingFont": "Installed Family Numbr 312"})),
    ("PUT readingFont <60,000 chars>", "PUT", "/preferences", json.dumps({"readingFont": "x" * 60000})),
]
print(f"{'request':40} {'status':>6} {'CPU ms/request':>15}")
for label, method, target, body in kinds:
    ask(method, target, body)
    before = cpu_seconds()
    for _ in range(count):
        status = ask(method, target, body)
    spent = cpu_seconds() - before
    print(f"{label:40} {status:>6} {1000 * spent / count:>15.3f}")
PY
