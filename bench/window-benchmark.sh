#!/usr/bin/env bash
# The real `kubeglass` window measured from outside its process (issue 18), side by side in the
# same run with the in-process bench_gui and the headless kubeglass-watch on the same simulator.
# Prints a Markdown table.
#
#   bench/window-benchmark.sh [--build DIR] [--sizes "100000 150000"] [--nodes 3]
#                             [--resource pods|nodes] [--runs 2] [--rate 5000] [--seconds 10]
#                             [--listen] [--no-reference] [--keep DIR]
#
# Per size and run: kubeglass-sim --pods N --nodes M started apart; then `kubeglass --kubeconfig
# K --context sim` (a fresh profile; --resource nodes makes it show the nodes) under Xvfb with a
# private D-Bus session, the AT-SPI bus and Qt accessibility on (QT_LINUX_ACCESSIBILITY_ALWAYS_ON),
# driven by bench/window-probe.py (system python3 with pyatspi), which reads the "Objects"
# table's row count through AT-SPI: launch to window, to first row (and after the simulator
# answered the list: issue 33), to all rows; the process's
# VmHWM; the round trip of an AT-SPI row-count query (answered on the GUI thread) idle and under
# --rate events/s of churn. --listen registers for AT-SPI events as a screen reader does, so
# that the Qt bridge sends them. The reference: bench_gui --server (in process, offscreen,
# accessibility off) and kubeglass-watch --exit-after-sync on the same simulator.
# Heavy: run it on a quiet machine; the load average is printed before and after each run.
set -euo pipefail

build=build/release
sizes="100000 150000"
nodes=3
resource=pods
runs=2
rate=5000
seconds=10
listen=()
reference=true
keep=
while (($#)); do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --sizes) sizes=${2//,/ }; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --resource) resource=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --rate) rate=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --listen) listen=(--listen); shift ;;
    --no-reference) reference=false; shift ;;
    --keep) keep=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done
case $resource in
  pods|nodes) ;;
  *) echo "--resource pods or nodes" >&2; exit 2 ;;
esac
[[ -z $keep ]] || { mkdir -p "$keep"; keep=$(cd "$keep" && pwd); }
cd "$(dirname "$0")/.."
sim=$build/app/kubeglass-sim/kubeglass-sim
kubeglass=$build/app/kubeglass/kubeglass
watch=$build/app/kubeglass-watch/kubeglass-watch
bench_gui=$build/bench/gui/bench_gui
for exe in "$sim" "$kubeglass" "$watch" "$bench_gui"; do
  [[ -x $exe ]] || { echo "missing $exe: build first (cmake --build --preset release)" >&2; exit 1; }
done
for tool in xvfb-run dbus-run-session /usr/bin/time /usr/libexec/at-spi-bus-launcher; do
  command -v "$tool" >/dev/null || { echo "missing $tool" >&2; exit 1; }
done
. bench/bench-lib.sh
require_pyatspi
bench_workdir

load() { cut -d' ' -f1-3 /proc/loadavg; }
mb() { awk -v k="$1" 'BEGIN {if (k == "") print "-"; else printf "%.0f", k / 1024}'; }
s() { awk -v m="$1" 'BEGIN {if (m == "" || m == "n/a") print "-"; else printf "%.2f", m / 1000}'; }
json() { /usr/bin/python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for k in sys.argv[2].split("."):
    d = d.get(k) if isinstance(d, dict) else None
print("" if d is None else d)' "$1" "$2"; }

start_cluster() {
  start_sim "$sim" --pods "$1" --nodes "$nodes" --namespaces 20 --churn 0
  # The rows the table must reach: the objects the simulator holds.
  rows=$(curl -s "$url/_sim/state?resource=$resource" |
    /usr/bin/python3 -c 'import json, sys; print(len(json.load(sys.stdin)["objects"]))')
}

# A fresh profile for the window; with nodes, the type it shows for context "sim" at start.
fresh_profile() {
  rm -rf "$work/config"
  mkdir -p "$work/config/kubeglass"
  if [[ $resource == nodes ]]; then
    printf '[contexts]\nsim\\type\\group=\nsim\\type\\version=v1\nsim\\type\\resource=nodes\n%s\n%s\n' \
      'sim\type\kind=Node' 'sim\type\namespaced=false' >"$work/config/kubeglass/kubeglass.conf"
  fi
}

measure_outside() {
  fresh_profile
  local churn=(--sim "$url" --rate "$rate" --churn-seconds "$seconds")
  [[ $resource == pods ]] || churn=(--sim "$url") # no churn: the simulator for the list's start
  XDG_CONFIG_HOME=$work/config PROBE_APP_LOG=$work/kubeglass.log \
    xvfb-run -a -n $((200 + RANDOM % 600)) -s "-screen 0 1600x1000x24" dbus-run-session -- \
    /usr/bin/python3 bench/window-probe.py --rows "$rows" "${churn[@]}" "${listen[@]}" \
    ${keep:+--screenshot "$keep/window-$1.png"} -- \
    "$kubeglass" --kubeconfig "$work/kubeconfig" --context sim >"$work/outside.json" 2>"$work/outside.err" ||
    { echo "window-probe failed:" >&2; tail "$work/outside.err" "$work/kubeglass.log" >&2; return 1; }
  [[ -z $keep ]] || cp "$work/outside.json" "$keep/outside-$1.json"
}

measure_gui() {
  local churn=(--rate "$rate" --churn-seconds "$seconds")
  [[ $resource == pods ]] || churn=(--rate 0)
  "$bench_gui" --server "$url" --pods "$rows" --resource "$resource" "${churn[@]}" \
    >"$work/gui.out" 2>"$work/gui.err" ||
    echo "note: bench_gui reported a failure or a missed target (see --keep)" >&2
  [[ -z $keep ]] || cp "$work/gui.out" "$keep/gui-$1.out"
}
# The first word of a bench_gui row's value.
gui_value() { awk -F' [|] ' -v m="$1" '$1 ~ "^ *" m {split($2, v, " "); print v[1]; exit}' "$work/gui.out"; }

measure_watch() {
  /usr/bin/time -f '%e %M' -o "$work/watch.time" "$watch" --server "$url" -A --exit-after-sync \
    "$resource" >/dev/null 2>"$work/watch.err" || echo "note: kubeglass-watch failed" >&2
  read -r w_s w_kb < <(tail -n 1 "$work/watch.time")
}

printf '# The window from outside (AT-SPI) next to bench_gui and kubeglass-watch: %s\n\n' "$resource"
printf 'Machine: %s, %s cores, %s. Date: %s. Simulator: --nodes %s --namespaces 20. ' \
  "$(uname -m)" "$(nproc)" "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)" \
  "$(date -u +%Y-%m-%d)" "$nodes"
[[ $resource == pods ]] && printf 'Churn: %s events/s for %s s%s.' "$rate" "$seconds" \
  "${listen:+, AT-SPI events listened to as by a screen reader}"
printf '\n\n'
printf '| rows | run | load before / after | kubeglass (outside): window / first row / all rows s | peak RSS MB | AT-SPI query idle p99 / max ms | under churn p99 / max ms |'
printf ' bench_gui: first / all rows s | peak RSS MB | longest stall under churn ms | kubeglass-watch sync s | RSS MB |\n'
printf '| ---: | ---: | --- | --- | ---: | --- | --- | --- | ---: | ---: | ---: | ---: |\n'
for n in $sizes; do
  for ((run = 1; run <= runs; run++)); do
    before=$(load)
    start_cluster "$n"
    tag=$n-$run
    if measure_outside "$tag"; then
      o_times="$(s "$(json "$work/outside.json" window_ms)") / $(s "$(json "$work/outside.json" first_row_ms)") / $(s "$(json "$work/outside.json" all_rows_ms)")"
      o_rss=$(mb "$(json "$work/outside.json" vmhwm_kb)")
      o_idle="$(json "$work/outside.json" idle_query_ms.p99) / $(json "$work/outside.json" idle_query_ms.max)"
      o_churn="$(json "$work/outside.json" churn_query_ms.p99) / $(json "$work/outside.json" churn_query_ms.max)"
      [[ $o_churn != " / " ]] || o_churn=-
      o_after=$(json "$work/outside.json" first_row_after_list_ms)
      [[ -z $o_after ]] || o_times+=" (first row $o_after ms after the list's first bytes)"
      o_seen=$(json "$work/outside.json" rows_seen)
      ((o_seen >= rows)) || o_times+=" (only $o_seen rows)"
    else
      o_times=failed o_rss=- o_idle=- o_churn=-
    fi
    g_times=- g_rss=- g_stall=- w_s=- w_kb=
    if $reference; then
      measure_gui "$tag"
      g_times="$(s "$(gui_value 'start to first rows')") / $(s "$(gui_value 'initial sync')")"
      g_rss=$(gui_value "peak RSS of the window")
      g_stall=$(gui_value "longest stall during churn")
      measure_watch
    fi
    stop_sim
    printf '| %s | %s | %s / %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$rows" "$run" \
      "$before" "$(load)" "$o_times" "$o_rss" "$o_idle" "$o_churn" "$g_times" "${g_rss:--}" \
      "${g_stall:--}" "$w_s" "$(mb "$w_kb")"
    [[ -z $keep ]] || { cp "$work/outside.err" "$keep/outside-$tag.err"; cp "$work/kubeglass.log" "$keep/kubeglass-$tag.log"; } 2>/dev/null || true
  done
done
if [[ ${#listen[@]} -gt 0 && -f $work/outside.json ]]; then
  printf '\nAT-SPI events per second received under churn (last run): %s\n' \
    "$(json "$work/outside.json" events_per_s)"
fi
