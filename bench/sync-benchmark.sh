#!/usr/bin/env bash
# Initial-sync benchmark: kubeglass-watch against kubeglass-sim, side by side with curl (the
# download alone, and the download kept in memory), Qt's network stack alone (bench_qt_download)
# and kubectl in the same run. Prints a Markdown table of median wall time, median CPU time
# (user + system), peak RSS and ratios for each cluster size.
#
#   bench/sync-benchmark.sh [--build DIR] [--baseline DIR] [--sizes "1000 10000 100000"] [--runs 3]
#                           [--kubectl-paged] [--nodes 5000] [--resources "pods nodes"]
#
# --baseline DIR adds the rows of another build's kubeglass-watch (e.g. main's) in the same run.
# kubectl's paged mode (the default, 500 a page with client-side printing) takes about 40 s at
# 100,000 pods; it runs only with --kubectl-paged. Its fastest mode, --chunk-size=0, always runs.
# --nodes N gives the simulator N nodes (its default otherwise); --resources lists which of its
# lists are synced at each size (pods, nodes, or both; default pods).
set -euo pipefail

build=build/release
baseline=
sizes="1000 10000 100000"
runs=3
kubectl_paged=false
nodes=
resources=pods
while (($#)); do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --baseline) baseline=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --kubectl-paged) kubectl_paged=true; shift ;;
    --nodes) nodes=$2; shift 2 ;;
    --resources) resources=${2//,/ }; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done
cd "$(dirname "$0")/.."
sim=$build/app/kubeglass-sim/kubeglass-sim
watch=$build/app/kubeglass-watch/kubeglass-watch
base_watch=${baseline:+$baseline/app/kubeglass-watch/kubeglass-watch}
qt_download=$build/bench/download/bench_qt_download # absent when benchmarks are not built
for exe in "$sim" "$watch" $base_watch; do
  [[ -x $exe ]] || { echo "missing $exe: build first (cmake --build --preset release)" >&2; exit 1; }
done
[[ -x /usr/bin/time ]] || { echo "GNU time is needed: apt-get install time" >&2; exit 1; }

. bench/bench-lib.sh
bench_workdir

# Runs a command under GNU time; prints "seconds peak_rss_kb cpu_seconds exit_code".
measure() {
  local rc=0
  /usr/bin/time -f '%e %M %U %S' -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || rc=$?
  echo "$(tail -n 1 "$work/time" | awk '{printf "%s %s %.2f", $1, $2, $3 + $4}') $rc"
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
max() { sort -n | tail -n 1; }

# Runs one client $runs times; prints "median_seconds max_rss_kb failures median_cpu_seconds".
bench_client() {
  local times=() rss=() cpu=() failures=0 t m c rc
  for ((i = 0; i < runs; i++)); do
    read -r t m c rc < <(measure "$@")
    ((rc == 0)) || { failures=$((failures + 1)); sed -n '1,3p' "$work/stderr" >&2; }
    times+=("$t"); rss+=("$m"); cpu+=("$c")
  done
  echo "$(printf '%s\n' "${times[@]}" | median) $(printf '%s\n' "${rss[@]}" | max) $failures" \
    "$(printf '%s\n' "${cpu[@]}" | median)"
}

bench_memory_dir # for "the download kept in memory"

printf '# Initial sync, %s runs each (median wall time and CPU time, largest peak RSS)\n\n' "$runs"
printf 'Machine: %s, %s cores, %s. Date: %s.\n\n' "$(uname -m)" "$(nproc)" \
  "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)" "$(date -u +%Y-%m-%d)"
printf '| pods | nodes | list | list bytes | client | seconds | CPU seconds | peak RSS MB | vs download | RSS / wire bytes |\n'
printf '| ---: | ---: | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |\n'

summary=
for n in $sizes; do
  start_sim "$sim" --pods "$n" ${nodes:+--nodes "$nodes"} --namespaces 20 --churn 0
  node_count=$(curl -s "$url/_sim/state?resource=nodes" |
    python3 -c 'import json, sys; print(len(json.load(sys.stdin)["objects"]))')
  for resource in $resources; do
    bytes=$(curl -s -o /dev/null -w '%{size_download}' "$url/api/v1/$resource")
    mb() { awk -v k="$1" 'BEGIN {printf "%.0f", k / 1024}'; }

    # The reference is the bare download (to /dev/null). Two more show what keeping the list
    # costs before any parsing: curl writing it to a file on disk, and to a file in memory
    # (tmpfs), where the kernel must provide and clear a fresh page for every 4 KB, as for a
    # store that holds the objects.
    read -r dl_t dl_m _ dl_c < <(bench_client curl -s -o /dev/null "$url/api/v1/$resource")
    read -r file_t file_m _ file_c < <(bench_client curl -s -o "$work/list.json" "$url/api/v1/$resource")
    rm -f "$work/list.json"
    kept_t=
    if [[ -n $memory_dir ]]; then
      read -r kept_t kept_m _ kept_c < <(bench_client curl -s -o "$memory_dir/list.json" "$url/api/v1/$resource")
      rm -f "$memory_dir/list.json"
    fi
    row() { # client seconds rss_kb failures cpu_seconds
      local ratio per
      ratio=$(awk -v a="$2" -v b="$dl_t" 'BEGIN {printf (b > 0) ? "%.1fx" : "-", a / b}')
      per=$(awk -v k="$3" -v b="$bytes" 'BEGIN {printf "%.2f", k * 1024 / b}')
      local note=""; (($4 == 0)) || note=" ($4 failed)"
      printf '| %s | %s | %s | %s | %s%s | %s | %s | %s | %s | %s |\n' "$n" "$node_count" "$resource" \
        "$bytes" "$1" "$note" "$2" "$5" "$(mb "$3")" "$ratio" "$per"
    }
    row "curl to /dev/null (download only)" "$dl_t" "$dl_m" 0 "$dl_c"
    row "curl to a file" "$file_t" "$file_m" 0 "$file_c"
    [[ -z $kept_t ]] || row "curl to a file in memory (tmpfs)" "$kept_t" "$kept_m" 0 "$kept_c"
    if [[ -x $qt_download ]]; then
      read -r t m f c < <(bench_client "$qt_download" "$url/api/v1/$resource")
      row "Qt's network stack alone (bench_qt_download, body dropped)" "$t" "$m" "$f" "$c"
    fi
    read -r t m f c < <(bench_client "$watch" --server "$url" -A --exit-after-sync "$resource")
    row "kubeglass-watch --exit-after-sync" "$t" "$m" "$f" "$c"
    kg_t=$t
    if [[ -n $base_watch ]]; then
      read -r t m f c < <(bench_client "$base_watch" --server "$url" -A --exit-after-sync "$resource")
      row "kubeglass-watch --exit-after-sync (baseline)" "$t" "$m" "$f" "$c"
    fi
    read -r t m f c < <(bench_client "$watch" --server "$url" -A --exit-after-sync --watch-list "$resource")
    row "kubeglass-watch --watch-list --exit-after-sync" "$t" "$m" "$f" "$c"
    kept=${kept_t:+$(awk -v k="$kg_t" -v m="$kept_t" -v d="$dl_t" 'BEGIN {
      if (d > 0 && m > 0) printf " (the download kept in memory alone is %.1fx; kubeglass-watch is %.1fx that)", m / d, k / m }')}
    if command -v kubectl >/dev/null; then
      read -r t m f c < <(bench_client kubectl --kubeconfig "$work/kubeconfig" get "$resource" -A --chunk-size=0)
      row "kubectl get $resource -A --chunk-size=0" "$t" "$m" "$f" "$c"
      summary+=$(awk -v n="$n" -v r="$resource" -v k="$kg_t" -v c="$t" -v d="$dl_t" -v kept="$kept" 'BEGIN {
        printf "- %s pods, %s: kubeglass-watch %.2f s = %.1fx the download%s, kubectl --chunk-size=0 is %.1fx slower\n",
          n, r, k, (d > 0) ? k / d : 0, kept, (k > 0) ? c / k : 0 }')$'\n'
      if $kubectl_paged; then
        read -r t m f c < <(bench_client kubectl --kubeconfig "$work/kubeconfig" get "$resource" -A)
        row "kubectl get $resource -A" "$t" "$m" "$f" "$c"
      fi
    else
      echo "| $n | $node_count | $resource | | kubectl not installed | | | | | |"
    fi
  done
  stop_sim
done
[[ -z $summary ]] || printf '\n%s' "$summary"
