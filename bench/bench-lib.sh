# Sourced by the benchmark scripts: a scratch directory that goes on exit with the simulator
# started in it, a simulator started apart with a kubeconfig naming it, and the checks the
# AT-SPI scripts need.

# Sets $work (a fresh directory), $sim_pid and $memory_dir (empty); they go when the script
# exits.
bench_workdir() {
  work=$(mktemp -d)
  sim_pid=
  memory_dir=
  trap bench_cleanup EXIT
}
bench_cleanup() {
  [[ -z $sim_pid ]] || { kill "$sim_pid" 2>/dev/null; wait "$sim_pid" 2>/dev/null; } || true
  rm -rf "$work" ${memory_dir:+"$memory_dir"}
}

# Sets $memory_dir to a fresh directory in memory (tmpfs), or to nothing when /dev/shm is not
# one; it goes with $work when the script exits.
bench_memory_dir() {
  memory_dir=
  if [[ $(stat -f -c %T /dev/shm 2>/dev/null) == tmpfs && -w /dev/shm ]]; then
    memory_dir=$(mktemp -d /dev/shm/kubeglass-bench.XXXXXX)
  fi
}

# start_sim SIM [ARGS...]: starts kubeglass-sim on a free port with ARGS (no churn unless
# asked), waits until it listens, sets $sim_pid and $url, and writes $work/kubeconfig whose
# context "sim" names it.
start_sim() {
  local sim=$1
  shift
  "$sim" --port 0 "$@" >"$work/sim.out" 2>"$work/sim.err" &
  sim_pid=$!
  for _ in $(seq 3000); do grep -qs listening "$work/sim.out" && break; sleep 0.1; done
  url=$(grep -o 'http://[0-9.:]*' "$work/sim.out" | head -n 1)
  [[ -n $url ]] || { echo "kubeglass-sim did not start:" >&2; cat "$work/sim.err" >&2; exit 1; }
  cat >"$work/kubeconfig" <<KC
apiVersion: v1
kind: Config
clusters: [{name: sim, cluster: {server: "$url"}}]
users: [{name: sim, user: {}}]
contexts: [{name: sim, context: {cluster: sim, user: sim}}]
current-context: sim
KC
}
stop_sim() { kill "$sim_pid"; wait "$sim_pid" 2>/dev/null || true; sim_pid=; }

require_pyatspi() {
  /usr/bin/python3 -c 'import pyatspi' 2>/dev/null ||
    { echo "the system python3 lacks pyatspi: apt-get install python3-pyatspi" >&2; exit 1; }
}
