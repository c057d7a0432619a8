#!/usr/bin/env bash
# Runs the README's two set-up commands the way a new user would: in a fresh Debian 12 root made
# by `debootstrap --variant=minbase bookworm`, on a clean clone of this commit with ../shared
# beside it, as root, with CI=true. First the test command (scripts/test.sh), then the demo
# command (scripts/demo.sh) under Xvfb for 10 s with a screenshot kept in the log folder.
#
# Only the bare minbase root is cached between runs (a tarball under $KUBEGLASS_CI_CACHE); every
# run unpacks it anew, so nothing a previous run installed can hide a missing install step.
# Without root (or where chroot and mounts are not allowed) it says so and runs in place.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
shared=$(cd "$top/.." && pwd)/shared
cache=${KUBEGLASS_CI_CACHE:-/var/cache/kubeglass-ci}
logs=${KUBEGLASS_CI_LOGS:-$top/ci-logs}
mkdir -p "$logs"
timings="$logs/timings.txt"
: >"$timings"

say() { printf '\n== ci: %s\n' "$*" >&2; }
record() { printf '%-34s %5d s\n' "$1" "$2" | tee -a "$timings" >&2; }

run_in_place() {
    say "$1; running the test command in place (no fresh root)"
    exec "$top/scripts/test.sh"
}

((EUID == 0)) || run_in_place "not root: debootstrap and chroot need root"
if ! command -v debootstrap >/dev/null; then
    say "installing debootstrap on the host"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap >&2 ||
        run_in_place "debootstrap could not be installed"
fi
probe=$(mktemp -d)
if ! mount -t tmpfs none "$probe" 2>/dev/null; then
    rmdir "$probe"
    run_in_place "mounts are not allowed here (no CAP_SYS_ADMIN)"
fi
umount "$probe" && rmdir "$probe"

# The mirror this machine's own apt uses (deb822 or one-line sources), and its security mirror.
apt_uris() {
    cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
        sed -n -e 's/^URIs:[[:space:]]*//p' -e 's/^deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]*\).*/\2/p' |
        tr ' ' '\n' || true # some of these files need not exist
}
uris=$(apt_uris)
mirror=$(awk '/\/debian\/?$/ { print; exit }' <<<"$uris")
security=$(awk '/\/debian-security\/?$/ { print; exit }' <<<"$uris")
mirror=${mirror:-http://deb.debian.org/debian}
security=${security:-http://deb.debian.org/debian-security}
mirror=${mirror%/}
security=${security%/}

# ---- The bare base root: made once per machine and mirror, never changed afterwards --------------
started=$SECONDS
base="$cache/bookworm-minbase-$(printf '%s' "$mirror" | md5sum | cut -c1-8).tar"
mkdir -p "$cache"
exec {lock}>"$cache/lock"
flock "$lock"
if [[ ! -s "$base" ]]; then
    say "making the minbase root from $mirror (cached as $base)"
    staging=$(mktemp -d "$cache/staging.XXXXXX")
    debootstrap --variant=minbase bookworm "$staging" "$mirror" >"$logs/debootstrap.log" 2>&1 {lock}>&- ||
        { tail -20 "$logs/debootstrap.log" >&2; rm -rf "$staging"; exit 1; }
    chroot "$staging" apt-get clean
    tar -C "$staging" -cf "$base.tmp" .
    mv "$base.tmp" "$base"
    rm -rf "$staging"
fi
exec {lock}>&-

work=$(mktemp -d /var/tmp/kubeglass-ci.XXXXXX)
root="$work/root"
mounts=()
cleanup() {
    set +e
    # Whatever still runs inside the root (Xvfb, the demo, a test) goes first, then the mounts.
    local link pid
    for link in /proc/[0-9]*/root; do
        [[ "$(readlink "$link" 2>/dev/null)" == "$root" ]] || continue
        pid=${link#/proc/}
        kill -KILL "${pid%/root}" 2>/dev/null
    done
    sleep 0.5
    local i
    for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount -l "${mounts[i]}"; done
    # Only after every mount is gone: never delete through a bind mount into the host.
    rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$root"
tar -C "$root" -xf "$base"
cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb $security bookworm-security main
EOF
cp /etc/resolv.conf "$root/etc/resolv.conf"
# What the Debian installer writes and debootstrap does not: without it "localhost" resolves nowhere.
printf '127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n' >"$root/etc/hosts"
for fs in proc:/proc sysfs:/sys; do
    mount -t "${fs%%:*}" none "$root${fs#*:}"
    mounts+=("$root${fs#*:}")
done
for dir in /dev /dev/pts; do
    mount --bind "$dir" "$root$dir"
    mounts+=("$root$dir")
done
mount -t tmpfs -o mode=1777 none "$root/dev/shm"
mounts+=("$root/dev/shm")

# As CI lays it out: a clean clone of this commit, and shared/ beside it without write bits
# (the toolchains, and realk8s/ with the control plane of the realcluster tests).
mkdir -p "$root/ci"
git clone -q --no-hardlinks "$top" "$root/ci/kubeglass"
git -C "$root/ci/kubeglass" checkout -q "$(git -C "$top" rev-parse HEAD)"
if [[ -d "$shared" ]]; then
    cp -a "$shared" "$root/ci/shared"
    chmod -R a-w "$root/ci/shared"
fi
record "fresh root (unpack, clone)" $((SECONDS - started))

in_root() {
    chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 TERM=dumb CI=true KUBEGLASS_TIMINGS=/ci/timings.txt "$@"
}

say "test command in the fresh root: ./scripts/test.sh"
started=$SECONDS
status=0
in_root bash -c 'cd /ci/kubeglass && ./scripts/test.sh' 2>&1 | tee "$logs/test.log" || status=$?
[[ -f "$root/ci/timings.txt" ]] && tee -a "$timings" <"$root/ci/timings.txt" >&2
record "test command in all" $((SECONDS - started))
((status == 0)) || { say "the test command failed ($status)"; exit "$status"; }

say "demo command in the fresh root: ./scripts/demo.sh under Xvfb"
started=$SECONDS
cp "$top/.ci/demo-screenshot.sh" "$root/ci/demo-screenshot.sh"
in_root bash /ci/demo-screenshot.sh /ci/kubeglass /ci/demo.png 2>&1 | tee "$logs/demo.log"
cp "$root/ci/demo.png" "$logs/demo.png"
record "demo command" $((SECONDS - started))
say "done; timings, logs and the demo screenshot are in $logs"
cat "$timings" >&2
