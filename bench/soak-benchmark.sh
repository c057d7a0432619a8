#!/usr/bin/env bash
# Soak benchmark: kubeglass-watch against kubeglass-sim under steady churn with a fault every
# few seconds, for an hour by default. Samples the watcher's memory, reports its growth per
# hour, then goes quiet and checks that the watcher's store equals the server's.
#
#   bench/soak-benchmark.sh [--build DIR] [--minutes 60] [--pods 5000] [--rate 1000]
#                           [--fault-every 20] [--max-growth-mb-per-hour N]
#
# With --max-growth-mb-per-hour it exits 1 when memory grew faster than that (the CTest
# `soak_short` runs two minutes of it); it always exits 1 when the store diverged.
set -euo pipefail

build=build/release
minutes=60
pods=5000
rate=1000
fault_every=20
max_growth=
while (($#)); do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --minutes) minutes=$2; shift 2 ;;
    --pods) pods=$2; shift 2 ;;
    --rate) rate=$2; shift 2 ;;
    --fault-every) fault_every=$2; shift 2 ;;
    --max-growth-mb-per-hour) max_growth=$2; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done
cd "$(dirname "$0")/.."
sim=$build/app/kubeglass-sim/kubeglass-sim
watch=$build/app/kubeglass-watch/kubeglass-watch
for exe in "$sim" "$watch"; do
  [[ -x $exe ]] || { echo "missing $exe: build first (cmake --build --preset release)" >&2; exit 1; }
done
for tool in curl python3; do
  command -v "$tool" >/dev/null || { echo "$tool is needed" >&2; exit 1; }
done

work=$(mktemp -d)
sim_pid=
watch_pid=
cleanup() {
  [[ -n $watch_pid ]] && kill "$watch_pid" 2>/dev/null
  [[ -n $sim_pid ]] && kill "$sim_pid" 2>/dev/null
  wait 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# The history must outlast a few seconds of refused connections at this churn rate, or every
# reconnect is a relist (still correct, but not what a soak should mostly exercise).
"$sim" --port 0 --pods "$pods" --churn "$rate" --history $((rate * 60)) \
  --bookmark-interval 5000 >"$work/sim.out" 2>"$work/sim.err" &
sim_pid=$!
for _ in $(seq 600); do
  grep -q 'listening on' "$work/sim.out" 2>/dev/null && break
  kill -0 "$sim_pid" 2>/dev/null || { cat "$work/sim.err" >&2; exit 1; }
  sleep 0.1
done
url=$(sed -n 's/.*listening on //p' "$work/sim.out" | head -n 1)
[[ -n $url ]] || { echo "kubeglass-sim did not start" >&2; exit 1; }
control() { curl -sf -X POST "$url/_sim/$1" >/dev/null; }

"$watch" --server "$url" -A pods --snapshot "$work/snapshot.json" \
  >"$work/watch.out" 2>"$work/watch.err" &
watch_pid=$!

# Every fault kind the simulator has, in turn.
faults=(
  "drop-watches"
  "compact"
  "fail?count=3&code=500&watch=true"
  "fail?count=2&code=429&retryAfter=1"
  "fail?count=2&code=503"
  "watch-error?code=410"
  "watch-error?code=500"
  "refuse?seconds=2"
  "stall?seconds=3"
  "garbage"
  "truncate"
)

rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$watch_pid/status"; }
hwm_kb() { awk '/^VmHWM:/ {print $2}' "/proc/$watch_pid/status"; }

duration=$(python3 -c "print(int(float('$minutes') * 60))")
start=$(date +%s)
next_fault=$((start + fault_every))
fault_index=0
: >"$work/samples"
while (($(date +%s) - start < duration)); do
  kill -0 "$watch_pid" 2>/dev/null || { echo "kubeglass-watch died:" >&2; tail "$work/watch.err" >&2; exit 1; }
  now=$(date +%s)
  echo "$((now - start)) $(rss_kb)" >>"$work/samples"
  if ((now >= next_fault)); then
    control "${faults[fault_index % ${#faults[@]}]}" || true
    fault_index=$((fault_index + 1))
    next_fault=$((now + fault_every))
  fi
  sleep 5
done
peak_kb=$(hwm_kb)

# Quiet: no churn, no faults; bookmarks carry the last RV to the watcher.
control "churn?rate=0"
control "reset"
converged=no
for _ in $(seq 60); do
  control "bookmark" || true
  sleep 1
  curl -sf "$url/_sim/state?resource=pods" >"$work/state.json" || continue
  if python3 - "$work/state.json" "$work/snapshot.json" <<'EOF'
import json, sys
try:
    server = json.load(open(sys.argv[1]))
    client = json.load(open(sys.argv[2]))
except (OSError, ValueError):
    sys.exit(1)
sys.exit(0 if server == client else 1)
EOF
  then
    converged=yes
    break
  fi
done

read -r growth first_mb last_mb < <(python3 - "$work/samples" <<'EOF'
import sys
rows = [tuple(map(float, line.split())) for line in open(sys.argv[1]) if len(line.split()) == 2]
# The first fifth is warm-up (the list, the allocator's first growth).
steady = rows[len(rows) // 5:] or rows
n = len(steady)
mean_t = sum(t for t, _ in steady) / n
mean_m = sum(m for _, m in steady) / n
var = sum((t - mean_t) ** 2 for t, _ in steady)
slope = sum((t - mean_t) * (m - mean_m) for t, m in steady) / var if var else 0.0  # KB per s
print(f"{slope * 3600 / 1024:.1f} {steady[0][1] / 1024:.1f} {steady[-1][1] / 1024:.1f}")
EOF
)

stats=$(grep -c '"error"' "$work/watch.out" || true)
printf '# Soak: %s min, %s pods, %s events/s, a fault every %s s\n\n' "$minutes" "$pods" "$rate" "$fault_every"
printf 'Machine: %s, %s cores. Date: %s.\n\n' "$(uname -m)" "$(nproc)" "$(date -u +%Y-%m-%d)"
printf '| faults injected | errors reported | RSS after warm-up MB | RSS at end MB | peak RSS MB | growth MB/hour | store equals server |\n'
printf '| ---: | ---: | ---: | ---: | ---: | ---: | --- |\n'
printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$fault_index" "$stats" "$first_mb" "$last_mb" \
  "$((peak_kb / 1024))" "$growth" "$converged"

status=0
[[ $converged == yes ]] || { echo "FAIL: the watcher's store does not equal the server's" >&2; status=1; }
if [[ -n $max_growth ]] && python3 -c "import sys; sys.exit(0 if $growth > $max_growth else 1)"; then
  echo "FAIL: memory grew $growth MB/hour (limit $max_growth)" >&2
  status=1
fi
exit $status
