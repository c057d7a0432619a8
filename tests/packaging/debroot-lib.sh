# shellcheck shell=bash
# Helpers for the tests that run packages inside the debootstrap root (sourced, not run).
# Each test sources this, calls debroot_enter ROOT, and gets every mount and process undone on exit.

debroot_mounts=()
debroot_pids=()
debroot_cleanup_paths=()

debroot_cleanup() {
  set +e # Undo as much as possible even when one step fails.
  local i pid tries
  for ((i = ${#debroot_pids[@]} - 1; i >= 0; i--)); do
    pid=${debroot_pids[i]}
    kill "$pid" 2>/dev/null
    for ((tries = 0; tries < 100; tries++)); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  for ((i = ${#debroot_mounts[@]} - 1; i >= 0; i--)); do
    umount -l "${debroot_mounts[i]}"
  done
  # Only after every mount is gone: never delete through a bind mount into the host.
  for path in "${debroot_cleanup_paths[@]}"; do rm -rf "$path"; done
}
trap debroot_cleanup EXIT

debroot_bind() {
  local root=$1 path=$2
  mkdir -p "$root$path"
  mount --bind "$path" "$root$path"
  debroot_mounts+=("$root$path")
}

# Mounts /proc, /sys, /dev (for FUSE) and /dev/pts (for apt) into ROOT.
debroot_enter() {
  local root=$1
  [[ -e "$root/.kubeglass-debroot-ok" ]] || { echo "FAIL: $root is not a prepared debootstrap root" >&2; exit 1; }
  ((EUID == 0)) || { echo "FAIL: chroot needs root" >&2; exit 1; }
  debroot_bind "$root" /proc
  debroot_bind "$root" /sys
  debroot_bind "$root" /dev
  debroot_bind "$root" /dev/pts
}

# Runs a command inside ROOT with a clean environment plus the given NAME=VALUE assignments.
#   debroot_run ROOT [NAME=VALUE...] -- COMMAND...
debroot_run() {
  local root=$1
  shift
  local env=(PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 XDG_RUNTIME_DIR=/tmp/runtime-root)
  while [[ "$1" != -- ]]; do env+=("$1"); shift; done
  shift
  chroot "$root" /usr/bin/env -i "${env[@]}" "$@"
}

# Starts a command inside ROOT in the background (like debroot_run, output to OUTFILE); it is
# stopped on exit. Sets DEBROOT_SPAWNED to its pid.
#   debroot_spawn ROOT OUTFILE [NAME=VALUE...] -- COMMAND...
debroot_spawn() {
  local root=$1 outfile=$2
  shift 2
  local env=(PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 XDG_RUNTIME_DIR=/tmp/runtime-root)
  while [[ "$1" != -- ]]; do env+=("$1"); shift; done
  shift
  # Started directly (not through a function in a subshell) so that the pid is chroot's, which
  # execs the command: stopping it stops the command.
  : >"$outfile" # Exists at once, for callers that poll it.
  chroot "$root" /usr/bin/env -i "${env[@]}" "$@" >>"$outfile" 2>&1 &
  DEBROOT_SPAWNED=$!
  debroot_pids+=("$DEBROOT_SPAWNED")
}

# Starts Xvfb on the host with its socket visible in ROOT; sets DEBROOT_DISPLAY (":N") for the caller.
# shellcheck disable=SC2034
debroot_start_xvfb() {
  local root=$1 fdfile
  command -v Xvfb >/dev/null || { echo "FAIL: Xvfb missing (apt-get install xvfb)" >&2; exit 1; }
  fdfile=$(mktemp)
  debroot_cleanup_paths+=("$fdfile")
  mkdir -p /tmp/.X11-unix
  Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$fdfile" 2>/dev/null &
  debroot_pids+=($!)
  local i
  for ((i = 0; i < 100; i++)); do
    [[ -s "$fdfile" ]] && break
    sleep 0.1
  done
  [[ -s "$fdfile" ]] || { echo "FAIL: Xvfb did not start" >&2; exit 1; }
  DEBROOT_DISPLAY=":$(head -n1 "$fdfile")"
  mkdir -p "$root/tmp/.X11-unix"
  debroot_bind "$root" /tmp/.X11-unix
}

# How the AppImage runs in the root: through FUSE where /dev/fuse exists, else extracted.
debroot_appimage_env() {
  if [[ -c /dev/fuse ]]; then
    echo "APPIMAGE_EXTRACT_AND_RUN=0"
  else
    echo "NOTE: no /dev/fuse; running the AppImage with APPIMAGE_EXTRACT_AND_RUN=1" >&2
    echo "APPIMAGE_EXTRACT_AND_RUN=1"
  fi
}

# Fails if Qt is installed in ROOT: the point of the root is that only the AppImage brings it.
debroot_assert_no_qt() {
  local root=$1
  if compgen -G "$root/usr/lib/x86_64-linux-gnu/libQt6Core.so*" >/dev/null; then
    echo "FAIL: Qt is installed in $root" >&2
    exit 1
  fi
}
