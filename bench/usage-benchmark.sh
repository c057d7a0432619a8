#!/usr/bin/env bash
# What polling the usage (metrics.k8s.io) costs the window (issue 31): bench_usage against a
# kubeglass-sim started apart, so that its CPU time is the window's alone; once showing the pods
# of a cluster of --pods pods, once the nodes of one of --nodes nodes. Each run prints the
# process's CPU over --windows polls beside the same span with polling stopped, the GUI
# thread's stalls, and what one poll fetches, decodes and keeps.
#
#   bench/usage-benchmark.sh [--build DIR] [--pods 100000] [--nodes 5000] [--window 15]
#                            [--windows 4] [--sort CPU] [--only pods|nodes]
#
# --window is the simulator's metrics window in seconds (one new sample per window; the window
# polls at it, at least every 10 s): the issue's figures are at 15.
set -euo pipefail

build=build/release
pods=100000
nodes=5000
window=15
windows=4
sort=CPU
only=
while (($#)); do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --pods) pods=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --window) window=$2; shift 2 ;;
    --windows) windows=$2; shift 2 ;;
    --sort) sort=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done
case $only in
  ''|pods|nodes) ;;
  *) echo "--only pods or nodes" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
sim=$build/app/kubeglass-sim/kubeglass-sim
bench_usage=$build/bench/usage/bench_usage
for exe in "$sim" "$bench_usage"; do
  [[ -x $exe ]] || { echo "missing $exe: build first (cmake --build --preset release)" >&2; exit 1; }
done
. bench/bench-lib.sh
bench_workdir

echo "commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' (modified)'), $(nproc) cores"
# resource, then the simulator's size
run() {
  echo
  echo "== $1: kubeglass-sim ${*:2} --churn 0 --metrics-window $window; bench_usage --windows $windows --sort '$sort'"
  start_sim "$sim" "${@:2}" --churn 0 --metrics-window "$window"
  "$bench_usage" --server "$url" --resource "$1" --windows "$windows" --sort "$sort"
  stop_sim
}
[[ $only == nodes ]] || run pods --pods "$pods"
[[ $only == pods ]] || run nodes --pods 1000 --nodes "$nodes"
