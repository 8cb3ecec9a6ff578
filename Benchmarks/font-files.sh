#!/usr/bin/env bash
# Memory of `fontd serve` while many clients download one large font file at once, against the same
# server idle: font files are sent from disk (sendfile), so the server's resident memory must not
# grow with the file's size times the clients. fontd sees only a copy of DejaVu Sans padded to SIZE
# bytes (zeros no table points at); the stylesheet names it, then CLIENTS curl processes fetch it
# together, ROUNDS times. Prints each round's wall time, throughput and the server's peak VmRSS over
# its idle VmRSS (sampled every 10 ms from /proc), and checks every download's SHA-256.
#
# Environment: SIZE (20 MiB), CLIENTS (50), ROUNDS (3), FONTD_BIN (a fontd to use instead of building one).
set -euo pipefail
cd "$(dirname "$0")/.."

size="${SIZE:-$((20 << 20))}"
clients="${CLIENTS:-50}"
rounds="${ROUNDS:-3}"
startup_timeout=30

bench_name=font-files
# shellcheck source=Benchmarks/common.sh
. Benchmarks/common.sh
command -v curl >/dev/null || fail "needs curl: run scripts/install-dependencies --benchmarks"
[[ "$size" =~ ^[1-9][0-9]*$ ]] || fail "SIZE must be a number of bytes, not '$size'"
[[ "$clients" =~ ^[1-9][0-9]*$ ]] || fail "CLIENTS must be a positive integer, not '$clients'"
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS must be a positive integer, not '$rounds'"
original=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
[ -r "$original" ] || fail "needs $original (apt-get install fonts-dejavu-core)"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/font-files.XXXXXX")"
fontd_pid=""
sampler_pid=""
cleanup_pids=(sampler_pid fontd_pid)
install_cleanup

mkdir "$tmp/fonts" "$tmp/cache" "$tmp/downloads"
cp "$original" "$tmp/fonts/Large.ttf"
truncate -s "$size" "$tmp/fonts/Large.ttf"
expected="$(sha256sum "$tmp/fonts/Large.ttf" | cut -d' ' -f1)"
cat >"$tmp/fonts.conf" <<CONF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig><dir>$tmp/fonts</dir><cachedir>$tmp/cache</cachedir></fontconfig>
CONF

find_fontd
export FONTCONFIG_FILE="$tmp/fonts.conf"
start_fontd serve --port 0 --state "$tmp/state.json"
base="http://$fontd_host:$fontd_port"
curl -fsS --max-time 10 "$base/css?category=xl" -o "$tmp/css" || fail_with_log "GET /css failed" "$tmp/fontd.log"
grep -q "url(\"/font-files/$expected\")" "$tmp/css" || fail "the stylesheet does not name the padded file ($expected)"

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$fontd_pid/status"; }
idle_kib="$(rss_kib)"

printf "%-5s %10s %12s %14s %14s\n" round seconds "MiB/s" "peak RSS MiB" "over idle MiB"
for ((round = 1; round <= rounds; round++)); do
    : >"$tmp/samples"
    (while :; do rss_kib >>"$tmp/samples" 2>/dev/null || exit 0; sleep 0.01; done) &
    sampler_pid=$!
    start="$(date +%s.%N)"
    pids=()
    for ((client = 1; client <= clients; client++)); do
        curl -fsS --max-time 120 "$base/font-files/$expected" -o "$tmp/downloads/$client" &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid" || fail_with_log "a download failed" "$tmp/fontd.log"; done
    end="$(date +%s.%N)"
    stop "$sampler_pid"
    sampler_pid=""
    for ((client = 1; client <= clients; client++)); do
        [ "$(sha256sum "$tmp/downloads/$client" | cut -d' ' -f1)" = "$expected" ] || fail "download $client is not the file"
    done
    rm -f "$tmp/downloads/"*
    peak_kib="$(sort -n "$tmp/samples" | tail -n 1)"
    awk -v r="$round" -v s="$start" -v e="$end" -v n="$clients" -v b="$size" -v p="$peak_kib" -v i="$idle_kib" \
        'BEGIN { t = e - s; printf "%-5d %10.2f %12.0f %14.1f %14.1f\n", r, t, n * b / t / 1048576, p / 1024, (p - i) / 1024 }'
done
echo
echo "$clients clients at once, one $((size >> 20)) MiB font file each, $rounds rounds; idle RSS $((idle_kib / 1024)) MiB"
echo "held in memory, the copies alone would be $((clients * size >> 20)) MiB"
echo "fontd: $fontd"
