#!/usr/bin/env bash
# Initial sync of every pod from a real kube-apiserver 1.20.2 (scripts/realk8s/plane.py, TLS and
# a bearer token), in one run: curl downloading the list (resourceVersion=0, served whole from
# the watch cache as a reflector's first list is, and the paged list of 500 a page from etcd),
# kubeglass-watch --exit-after-sync and kubectl get pods -A -o json (--chunk-size=0 and its
# default chunking), each with and without gzip. Prints a Markdown table: median wall time,
# median CPU time (user + system), largest peak RSS, and for curl the bytes on the wire.
#
#   bench/realcluster-sync-benchmark.sh [--build DIR] [--pods 20000] [--runs 3]
#
# The plane is seeded with --pods pods over its four namespaces (plus the Deployment's three):
# about 150 pods/s on an idle machine, far fewer under load, and the apiserver needs about 2 GB
# at 20,000. Without gzip: a copy of the admin's kubeconfig with disable-compression: true,
# which both kubectl and Kubeglass read (Kubeglass then sends Accept-Encoding: identity; by
# default Qt's network stack asks for gzip itself and inflates the body).
set -euo pipefail

build=build/release
pods=20000
runs=3
while (($#)); do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --pods) pods=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done
cd "$(dirname "$0")/.."
watch=$build/app/kubeglass-watch/kubeglass-watch
[[ -x $watch ]] || { echo "missing $watch: build first (cmake --build --preset release)" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "GNU time is needed: apt-get install time" >&2; exit 1; }
command -v kubectl >/dev/null || { echo "kubectl is needed on PATH" >&2; exit 1; }

. bench/bench-lib.sh
bench_workdir
plane=$work/plane
# The plane goes before the scratch folder that holds it.
trap 'python3 scripts/realk8s/plane.py stop "$plane" || true; bench_cleanup' EXIT

seed_started=$(date +%s)
KUBEGLASS_REALK8S_PODS_PER_NAMESPACE=$((pods / 4)) python3 scripts/realk8s/plane.py start "$plane" >&2
seed_seconds=$(($(date +%s) - seed_started))
field() { sed -n "s/^KUBEGLASS_REALK8S_$1=//p" "$plane/env"; }
server=$(field SERVER)
ca=$(field CA)
admin=$(field ADMIN_KUBECONFIG)
# The token reaches curl through a file (-H @file), never through its command line.
printf 'Authorization: Bearer %s\n' "$(field ADMIN_TOKEN)" >"$work/auth"
chmod 600 "$work/auth"
plain=$work/plain.kubeconfig
python3 - "$admin" "$plain" <<'PY'
import json, sys
config = json.load(open(sys.argv[1]))
for cluster in config["clusters"]:
    cluster["cluster"]["disable-compression"] = True
json.dump(config, open(sys.argv[2], "w"))
PY
chmod 600 "$plain"
count=$(kubectl --kubeconfig "$admin" get pods -A --no-headers | wc -l)

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

# A user agent other than curl's: the apiserver indents its JSON for curl (a third more bytes).
curl_list() { # [curl options...] QUERY
  local query=${*: -1}
  curl -sf -A kubeglass-bench --cacert "$ca" -H @"$work/auth" "${@:1:$#-1}" "$server/api/v1/pods?$query"
}
# The paged list as kubectl pages it: 500 a page, each next page asked with the continue token.
# Prints the bytes on the wire.
paged_list() { # [curl options...]
  local token='' total=0 bytes
  while :; do
    bytes=$(curl_list "$@" -o "$work/page.json" -w '%{size_download}' \
      "limit=500${token:+&continue=$token}")
    total=$((total + bytes))
    token=$(head -c 2000 "$work/page.json" | grep -o '"continue": *"[^"]*"' | cut -d'"' -f4 || true)
    [[ -n $token ]] || break
  done
  echo "$total"
}
export -f curl_list paged_list
export ca server work

printf '# Initial sync from kube-apiserver 1.20.2, %s pods, %s runs each\n\n' "$count" "$runs"
printf 'Machine: %s, %s cores, %s, load average %s. Date: %s. Seeding took %s s.\n\n' \
  "$(uname -m)" "$(nproc)" "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)" \
  "$(cut -d' ' -f1 /proc/loadavg)" "$(date -u +%Y-%m-%d)" "$seed_seconds"
printf '| client | gzip | seconds | CPU seconds | peak RSS MB | bytes on the wire |\n'
printf '| --- | --- | ---: | ---: | ---: | ---: |\n'
row() { # client gzip seconds rss_kb failures cpu_seconds bytes
  local note=""; (($5 == 0)) || note=" ($5 failed)"
  printf '| %s%s | %s | %s | %s | %.0f | %s |\n' "$1" "$note" "$2" "$3" "$6" \
    "$(awk -v k="$4" 'BEGIN {print k / 1024}')" "$7"
}

for gzip in no yes; do
  compressed=() config=$plain
  [[ $gzip == no ]] || { compressed=(--compressed); config=$admin; }
  bytes=$(curl_list "${compressed[@]}" -o /dev/null -w '%{size_download}' resourceVersion=0)
  read -r t m f c < <(bench_client bash -c 'curl_list "$@" -o /dev/null resourceVersion=0' _ \
    "${compressed[@]}")
  row "curl /api/v1/pods?resourceVersion=0" "$gzip" "$t" "$m" "$f" "$c" "$bytes"
  bytes=$(paged_list "${compressed[@]}")
  read -r t m f c < <(bench_client bash -c 'paged_list "$@"' _ "${compressed[@]}")
  row "curl /api/v1/pods?limit=500, every page" "$gzip" "$t" "$m" "$f" "$c" "$bytes"
  read -r t m f c < <(bench_client "$watch" --kubeconfig "$config" -A --exit-after-sync pods)
  row "kubeglass-watch -A --exit-after-sync pods" "$gzip" "$t" "$m" "$f" "$c" ""
  read -r t m f c < <(bench_client kubectl --kubeconfig "$config" get pods -A --chunk-size=0 -o json)
  row "kubectl get pods -A --chunk-size=0 -o json" "$gzip" "$t" "$m" "$f" "$c" ""
  read -r t m f c < <(bench_client kubectl --kubeconfig "$config" get pods -A -o json)
  row "kubectl get pods -A -o json (500 a page)" "$gzip" "$t" "$m" "$f" "$c" ""
done
