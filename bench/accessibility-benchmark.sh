#!/usr/bin/env bash
# The window under churn with Qt accessibility on, as with a screen reader attached (issue 18,
# target 4), next to the same window with it off, in one run. Prints a Markdown table.
#
#   bench/accessibility-benchmark.sh [--build DIR] [--pods 100000] [--rate 5000] [--seconds 10]
#                                    [--runs 2] [--keep DIR]
#
# Each run starts kubeglass-sim --pods N apart three times and runs bench_gui --server on it:
#   offscreen      the usual bench_gui (the offscreen platform has no accessibility bridge)
#   xcb, a11y off  under Xvfb, no D-Bus session: Qt's AT-SPI bridge stays inactive
#   xcb, a11y on   under Xvfb in a private D-Bus session with the AT-SPI bus, bench_gui
#                  --accessibility (QAccessible::isActive() must be true, or it fails), and
#                  bench/window-probe.py --follow --listen registered for AT-SPI events as a
#                  screen reader is, so that the bridge sends them
# The figures are bench_gui's: first rows, all rows, the longest GUI-thread stall during sync
# and under churn (a 1 ms timer's longest gap), the CPU the GUI thread and the whole process
# spent under churn (what accessibility adds, without the preemption that inflates stalls on a
# shared machine), event-to-visible p99, the longest stall of a sort, peak RSS.
set -euo pipefail

build=build/release
pods=100000
rate=5000
seconds=10
runs=2
keep=
while (($#)); do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --pods) pods=$2; shift 2 ;;
    --rate) rate=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done
[[ -z $keep ]] || { mkdir -p "$keep"; keep=$(cd "$keep" && pwd); }
cd "$(dirname "$0")/.."
sim=$build/app/kubeglass-sim/kubeglass-sim
bench_gui=$build/bench/gui/bench_gui
for exe in "$sim" "$bench_gui"; do
  [[ -x $exe ]] || { echo "missing $exe: build first (cmake --build --preset release)" >&2; exit 1; }
done
. bench/bench-lib.sh
require_pyatspi
bench_workdir


value() { awk -F' [|] ' -v m="$1" '$1 ~ "^ *" m {split($2, v, " "); print v[1]; exit}' "$work/gui.out"; }
xvfb=(xvfb-run -a -n $((200 + RANDOM % 600)) -s "-screen 0 1600x1000x24")

# Runs bench_gui one way ($1 the label, then the command's prefix); prints a table row.
measure() {
  local label=$1 before
  shift
  before=$(cut -d' ' -f1-3 /proc/loadavg)
  start_sim "$sim" --pods "$pods" --namespaces 20 --churn 0
  "$@" "$bench_gui" --server "$url" --pods "$pods" --rate "$rate" --churn-seconds "$seconds" \
    "${a11y[@]}" >"$work/gui.out" 2>"$work/gui.err" || true
  stop_sim
  local events
  events=$(grep -o 'AT-SPI events received.*' "$work/gui.err" || true)
  [[ -z $keep ]] || { cp "$work/gui.out" "$keep/gui-$run-${label// /_}.out"; cp "$work/gui.err" "$keep/gui-$run-${label// /_}.err"; }
  if ! grep -q 'longest stall during churn' "$work/gui.out"; then
    echo "bench_gui ($label) did not finish:" >&2; tail -n 5 "$work/gui.err" "$work/gui.out" >&2
  fi
  printf '| %s | %s | %s / %s | %s | %s | %s | %s / %s | %s / %s | %s | %s | %s | %s |\n' "$run" \
    "$label" "$before" "$(cut -d' ' -f1-3 /proc/loadavg)" "$(value 'Qt accessibility active')" \
    "$(value 'start to first rows') / $(value 'initial sync')" "$(value 'longest stall during sync')" \
    "$(value 'longest stall during churn')" "$(value 'stall p99 during churn')" \
    "$(value 'GUI thread CPU under churn')" "$(value 'process CPU under churn')" \
    "$(value 'event-to-visible p99')" "$(value 'sort, longest stall')" \
    "$(value 'peak RSS of the window')" "${events:+${events#AT-SPI events received }}"
}

printf '# Accessibility on and off: %s pods, %s events/s for %s s\n\n' "$pods" "$rate" "$seconds"
printf 'Machine: %s, %s cores, %s. Date: %s.\n\n' "$(uname -m)" "$(nproc)" \
  "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)" "$(date -u +%Y-%m-%d)"
printf '| run | window | load before / after | a11y active | first / all rows ms | longest stall, sync ms | longest stall / p99, churn ms | CPU under churn, GUI thread / process, %% of a core | event-to-visible p99 ms | sort, longest stall ms | peak RSS MiB | AT-SPI events received |\n'
printf '| ---: | --- | --- | --- | --- | ---: | --- | --- | ---: | ---: | ---: | --- |\n'
for ((run = 1; run <= runs; run++)); do
  a11y=()
  measure "offscreen" env
  measure "xcb, a11y off" env -u DBUS_SESSION_BUS_ADDRESS QT_QPA_PLATFORM=xcb "${xvfb[@]}"
  a11y=(--accessibility)
  measure "xcb, a11y on + listener" "${xvfb[@]}" dbus-run-session -- /usr/bin/python3 bench/window-probe.py \
    --follow --listen --
done
