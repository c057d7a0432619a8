#!/usr/bin/env bash
# Several clusters at once (issue 20): C clusters of P pods under R events/s each, one
# kubeglass-sim process each, side by side in the same run with one cluster of C*P pods under
# C*R events/s (the reference). Prints a Markdown table.
#
#   bench/multicluster-benchmark.sh [--build DIR] [--clusters 4] [--pods 25000] [--rate 1000]
#                                   [--seconds 20] [--no-gui] [--keep DIR] [--sort TITLE]
#
# For each side, headless kubeglass-watch with every context at once (-A --events pods): time
# until every context has synced, CPU spent to get there, CPU and events applied per second
# while synced under churn, peak RSS. Then the window (bench_gui, offscreen) with every context
# in one table, as `kubeglass --context sim-1 .. --context sim-C` opens them: first rows, all
# rows, GUI-thread stalls (longest and p99 of a 1 ms timer's gaps) during sync and under churn,
# event-to-row latency (probes to every cluster), the merged table's structural signals per
# second, the window process's peak RSS (--keep DIR keeps bench_gui's whole tables there,
# gui-many.out and gui-one.out; --sort Namespace sorts both windows by that column under churn,
# as the one-cluster window is by default; the several-cluster one's default is Cluster).
# Heavy: run it on a quiet machine (load under 2).
set -euo pipefail

build=build/release
clusters=4
pods=25000
rate=1000
seconds=20
gui=true
keep=
sort_args=()
while (($#)); do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --clusters) clusters=$2; shift 2 ;;
    --pods) pods=$2; shift 2 ;;
    --rate) rate=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --no-gui) gui=false; shift ;;
    --keep) keep=$2; shift 2 ;;
    --sort) sort_args=(--sort "$2"); shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done
[[ -z $keep ]] || { mkdir -p "$keep"; keep=$(cd "$keep" && pwd); }
cd "$(dirname "$0")/.."
sim=$build/app/kubeglass-sim/kubeglass-sim
watch=$build/app/kubeglass-watch/kubeglass-watch
bench_gui=$build/bench/gui/bench_gui
for exe in "$sim" "$watch"; do
  [[ -x $exe ]] || { echo "missing $exe: build first (cmake --build --preset release)" >&2; exit 1; }
done
if $gui && [[ ! -x $bench_gui ]]; then
  echo "missing $bench_gui: build it, or pass --no-gui" >&2; exit 1
fi

work=$(mktemp -d)
sim_pids=()
watch_pid=
stop_sims() {
  local pid
  for pid in "${sim_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${sim_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  sim_pids=()
}
cleanup() {
  [[ -z $watch_pid ]] || kill "$watch_pid" 2>/dev/null || true
  stop_sims
  rm -rf "$work"
}
trap cleanup EXIT

ticks=$(getconf CLK_TCK)
cpu_seconds() { awk -v t="$ticks" '{printf "%.2f", ($14 + $15) / t}' "/proc/$1/stat"; }
status_kb() { awk -v k="$2:" '$1 == k {print $2}' "/proc/$1/status"; }
mb() { awk -v k="$1" 'BEGIN {printf "%.0f", k / 1024}'; }
event_lines() { grep -v '"BOOKMARK"' "$1" | grep -c '"type":' || true; }

# Starts one kubeglass-sim per argument pair (pods, events/s), writes a kubeconfig with one
# context each (sim-1, sim-2, ...) to $work/kubeconfig.
start_sims() {
  local i=0 n r url
  local clusters_yaml="" users_yaml="" contexts_yaml=""
  while (($#)); do
    n=$1; r=$2; shift 2; i=$((i + 1))
    "$sim" --port 0 --pods "$n" --namespaces 20 --churn "$r" --seed "$i" \
      >"$work/sim-$i.out" 2>"$work/sim-$i.err" &
    sim_pids+=($!)
  done
  for ((i = 1; i <= ${#sim_pids[@]}; i++)); do
    for _ in $(seq 3000); do grep -qs listening "$work/sim-$i.out" && break; sleep 0.1; done
    url=$(grep -o 'http://[0-9.:]*' "$work/sim-$i.out" | head -n 1)
    [[ -n $url ]] || { echo "kubeglass-sim $i did not start:" >&2; cat "$work/sim-$i.err" >&2; exit 1; }
    clusters_yaml+="- {name: sim-$i, cluster: {server: \"$url\"}}"$'\n'
    users_yaml+="- {name: sim-$i, user: {}}"$'\n'
    contexts_yaml+="- {name: sim-$i, context: {cluster: sim-$i, user: sim-$i}}"$'\n'
  done
  printf 'apiVersion: v1\nkind: Config\nclusters:\n%susers:\n%scontexts:\n%scurrent-context: sim-1\n' \
    "$clusters_yaml" "$users_yaml" "$contexts_yaml" >"$work/kubeconfig"
}

# kubeglass-watch on every context; sets w_sync_ms w_sync_cpu w_churn_cpu w_events w_peak_kb.
measure_watch() {
  local count=${#sim_pids[@]} args=() i
  for ((i = 1; i <= count; i++)); do args+=(--context "sim-$i"); done
  "$watch" --kubeconfig "$work/kubeconfig" "${args[@]}" -A --events pods \
    >"$work/watch.out" 2>"$work/watch.err" &
  watch_pid=$!
  local waited=0
  until (($(grep -c '"synced"' "$work/watch.out" || true) >= count)); do
    kill -0 "$watch_pid" 2>/dev/null || { echo "kubeglass-watch ended:" >&2; tail "$work/watch.err" >&2; exit 1; }
    ((waited++ < 3000)) || { echo "no sync of all $count contexts in 300 s" >&2; exit 1; }
    sleep 0.1
  done
  w_sync_ms=$(grep '"synced"' "$work/watch.out" | head -n "$count" | grep -o '"ts":[0-9]*' |
    cut -d: -f2 | sort -n | tail -n 1)
  w_sync_cpu=$(cpu_seconds "$watch_pid")
  local events_before cpu_before
  events_before=$(event_lines "$work/watch.out")
  cpu_before=$w_sync_cpu
  sleep "$seconds"
  local cpu_after events_after
  cpu_after=$(cpu_seconds "$watch_pid")
  events_after=$(event_lines "$work/watch.out")
  w_peak_kb=$(status_kb "$watch_pid" VmHWM)
  w_churn_cpu=$(awk -v a="$cpu_before" -v b="$cpu_after" -v s="$seconds" 'BEGIN {printf "%.0f", 100 * (b - a) / s}')
  w_events=$(awk -v a="$events_before" -v b="$events_after" -v s="$seconds" 'BEGIN {printf "%.0f", (b - a) / s}')
  kill "$watch_pid"; wait "$watch_pid" 2>/dev/null || true; watch_pid=
  if grep -q '"error"' "$work/watch.out"; then
    echo "note: kubeglass-watch reported errors:" >&2
    grep '"error"' "$work/watch.out" | head -n 3 >&2
  fi
}

# bench_gui on every context at once (side, pods and events/s per cluster); sets g_* from
# its table.
measure_gui() {
  local per_cluster_pods=$2 per_cluster_rate=$3 args=() i
  for ((i = 1; i <= ${#sim_pids[@]}; i++)); do args+=(--context "sim-$i"); done
  "$bench_gui" --kubeconfig "$work/kubeconfig" "${args[@]}" --pods "$per_cluster_pods" \
    --rate "$per_cluster_rate" --churn-seconds "$seconds" "${sort_args[@]}" >"$work/gui.out" 2>"$work/gui.err" ||
    { echo "bench_gui failed:" >&2; tail "$work/gui.err" "$work/gui.out" >&2; }
  # The first word of a row's value, or (whole) the whole value.
  value() { awk -F' [|] ' -v m="$1" '$1 ~ "^ *" m {split($2, v, " "); print v[1]; exit}' "$work/gui.out"; }
  whole() { awk -F' [|] ' -v m="$1" '$1 ~ "^ *" m {sub(/ +$/, "", $2); print $2; exit}' "$work/gui.out"; }
  g_first=$(value "start to first rows")
  g_sync=$(value "initial sync")
  g_sync_each=$(whole "all rows shown, per cluster")
  g_sync_stall=$(value "longest stall during sync")
  g_sync_p99=$(value "stall p99 during sync")
  g_churn_stall=$(value "longest stall during churn")
  g_churn_p99=$(value "stall p99 during churn")
  g_p50=$(value "event-to-visible p50")
  g_p99=$(value "event-to-visible p99")
  g_max=$(value "event-to-visible max")
  g_p99_each=$(whole "event-to-visible p99, per cluster")
  g_signals=$(whole "table model signals per second under churn")
  g_peak=$(value "peak RSS of the window")
  g_wide=$(value "Wide on")
  g_wide_resets=$(value "table model signals for both")
  [[ -z $keep ]] || cp "$work/gui.out" "$keep/gui-$1.out"
}

declare -A result
# Runs both measurements on the simulators now running; stores them under $1.
measure_side() {
  local side=$1 per_cluster_pods=$2 per_cluster_rate=$3
  measure_watch
  result[$side,sync]=$w_sync_ms
  result[$side,synccpu]=$w_sync_cpu
  result[$side,churncpu]=$w_churn_cpu
  result[$side,events]=$w_events
  result[$side,peak]=$(mb "$w_peak_kb")
  if $gui; then
    measure_gui "$side" "$per_cluster_pods" "$per_cluster_rate"
    result[$side,gcontexts]=${#sim_pids[@]}
    result[$side,gfirst]=$g_first
    result[$side,gsync]=$g_sync
    result[$side,gsynceach]=$g_sync_each
    result[$side,gsyncstall]=$g_sync_stall
    result[$side,gsyncp99]=$g_sync_p99
    result[$side,gchurnstall]=$g_churn_stall
    result[$side,gchurnp99]=$g_churn_p99
    result[$side,gp50]=$g_p50
    result[$side,gp99]=$g_p99
    result[$side,gp99each]=$g_p99_each
    result[$side,gmax]=$g_max
    result[$side,gpeak]=$g_peak
    result[$side,gsignals]=$g_signals
    result[$side,gwide]=$g_wide
    result[$side,gwideresets]=$g_wide_resets
  fi
}

total_pods=$((clusters * pods))
total_rate=$((clusters * rate))
printf '# %s clusters of %s pods at %s events/s each, next to 1 cluster of %s at %s events/s\n\n' \
  "$clusters" "$pods" "$rate" "$total_pods" "$total_rate"
printf 'Machine: %s, %s cores, %s. Load before: %s. Date: %s. %s s under churn per measurement.\n\n' \
  "$(uname -m)" "$(nproc)" "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)" \
  "$(cut -d' ' -f1-3 /proc/loadavg)" "$(date -u +%Y-%m-%d)" "$seconds"

sim_args=()
for ((i = 0; i < clusters; i++)); do sim_args+=("$pods" "$rate"); done
start_sims "${sim_args[@]}"
measure_side many "$pods" "$rate"
stop_sims

start_sims "$total_pods" "$total_rate"
measure_side one "$total_pods" "$total_rate"
stop_sims

many="$clusters x $pods pods, $rate ev/s each"
one="1 x $total_pods pods, $total_rate ev/s"
row() { printf '| %s | %s | %s |\n' "$1" "${result[many,$2]:--}" "${result[one,$2]:--}"; }
printf '| metric | %s | %s |\n| --- | ---: | ---: |\n' "$many" "$one"
row "kubeglass-watch: start to every context synced (ms)" sync
row "kubeglass-watch: CPU until synced (s)" synccpu
row "kubeglass-watch: CPU while synced under churn (% of a core)" churncpu
row "kubeglass-watch: events applied per second" events
row "kubeglass-watch: peak RSS (MiB)" peak
if $gui; then
  row "window: contexts in the one table" gcontexts
  row "window: start to first rows (ms)" gfirst
  row "window: start to all rows shown (ms)" gsync
  row "window: all rows shown, per cluster (ms)" gsynceach
  row "window: longest stall during sync (ms)" gsyncstall
  row "window: stall p99 during sync (ms)" gsyncp99
  row "window: longest stall during churn (ms)" gchurnstall
  row "window: stall p99 during churn (ms)" gchurnp99
  row "window: event-to-row p50 (ms)" gp50
  row "window: event-to-row p99 (ms)" gp99
  row "window: event-to-row p99, per cluster (ms)" gp99each
  row "window: event-to-row max (ms)" gmax
  row "window: peak RSS of its process (MiB)" gpeak
  row "window: Wide on, no churn (ms)" gwide
  row "window: merged-table resets for Wide on and off" gwideresets
fi
printf '\nLoad after: %s (other work on the machine during the run shows here).\n' \
  "$(cut -d' ' -f1-3 /proc/loadavg)"
if $gui; then
  # Long rows, under the table: what the merged table model sent the proxy and view.
  printf '\nWindow, table model signals per second under churn (count, ms spent in the handlers):\n'
  printf -- '- %s: %s\n' "$many" "${result[many,gsignals]:--}" "$one" "${result[one,gsignals]:--}"
fi
