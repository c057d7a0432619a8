#!/usr/bin/env bash
# Fails when a test credential appears in any test's output or in a file the tests left in
# the test home (QSettings included). Checks first that it does catch a planted leak, and
# that enough logs exist, so it cannot pass by scanning nothing.
#   scan-credentials.sh CREDENTIALS_FILE MIN_LOGS LOG_DIR [MORE_DIRS...]
set -uo pipefail
credentials=$1
min_logs=$2
log_dir=$3
shift 2

patterns=$(mktemp)
planted=$(mktemp -d)
trap 'rm -rf "$patterns" "$planted"' EXIT
grep -v -e '^#' -e '^$' "$credentials" >"$patterns"

# Prints "file:line: credential #N" for every hit, never the credential itself.
scan() {
  local found=1 index=0 credential
  while IFS= read -r credential; do
    index=$((index + 1))
    while IFS= read -r hit; do
      echo "${hit}: credential #${index} of $(basename "$credentials")"
      found=0
    done < <(grep -r -n -F -I -o -e "$credential" -- "$@" 2>/dev/null | cut -d: -f1,2)
  done <"$patterns"
  return $found
}

# Self-check: a planted leak must be found.
printf 'QDEBUG : tst_x::y() Authorization: Bearer %s\n' "$(sed -n 1p "$patterns")" \
  >"$planted/tst_planted.log"
if ! scan "$planted" >/dev/null; then
  echo "FAIL: the scan does not find a planted credential" >&2
  exit 2
fi

logs=$(find "$log_dir" -name '*.log' -type f 2>/dev/null | wc -l)
if ((logs < min_logs)); then
  echo "FAIL: only $logs test logs in $log_dir, expected at least $min_logs" >&2
  exit 2
fi

existing=()
for dir in "$@"; do
  [[ -e $dir ]] && existing+=("$dir")
done
if scan "${existing[@]}"; then
  echo "FAIL: test credentials leaked into test output or settings (above)" >&2
  exit 1
fi
echo "PASS: $(wc -l <"$patterns") credentials absent from $logs test logs and ${existing[*]}"
