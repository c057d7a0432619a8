#!/usr/bin/env bash
# Builds kube-apiserver and kube-controller-manager 1.20.2 from Debian 12's source package of
# Kubernetes with Debian's Go (../shared/realk8s/README.md), into the folder given as $1.
# Everything apt does here uses a private sources/lists/cache folder: a deb-src line for
# bookworm is added there when the system's sources have none, and the system's apt state is
# not changed. Only golang-go is installed (as root or through sudo) when it is missing.
# About 4 minutes on 2 cores (docs/realcluster.md); the work folder is removed after a successful
# build.
set -euo pipefail

out=${1:?usage: build-from-debian-source.sh OUTPUT-FOLDER}
version=1.20.2
# Fixed, the upstream release's commit and date, so that two builds give the same binaries and
# /version says what the shared copy's says.
build_date=2021-01-13T13:20:00Z
git_commit=faecb196815e248d3ecfb03c680a4507229c2a56
work=${KUBEGLASS_REALK8S_WORK:-$(dirname "$out")/build}
step_started=$SECONDS

say() { printf 'build-from-debian-source: [%4d s] %s\n' $((SECONDS - step_started)) "$*" >&2; }
as_root() { if ((EUID == 0)); then "$@"; else sudo "$@"; fi; }
trap 'say "failed at line $LINENO: $BASH_COMMAND"' ERR

if ! command -v go >/dev/null; then
    say "installing Debian's golang-go"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends golang-go
fi

rm -rf "$work"
mkdir -p "$work"/{apt/lists/partial,apt/cache/archives/partial,apt/sources.list.d,src,reflect2}
apt=$work/apt

# ---- Private apt configuration: the system's sources if they have deb-src for bookworm, else
# the system's Debian mirror with deb and deb-src lines of our own (a second entry for the same
# mirror beside the system's would clash over Signed-By).
cp /etc/apt/sources.list "$apt/sources.list" 2>/dev/null || : >"$apt/sources.list"
cp /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources "$apt/sources.list.d/" 2>/dev/null || true
if ! grep -Eqs '^[[:space:]]*(deb-src[[:space:]].*bookworm|Types:.*deb-src)' \
    "$apt/sources.list" "$apt"/sources.list.d/*; then
    # `|| true`: a debootstrap root's sources.list.d is empty, the glob stays unmatched and cat
    # fails, which pipefail would make the script's end, without a word.
    mirror=$({ cat "$apt/sources.list" "$apt"/sources.list.d/* 2>/dev/null || true; } |
        sed -n -e 's/^URIs:[[:space:]]*//p' \
            -e 's/^deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]*\).*/\2/p' |
        tr ' ' '\n' | awk '/\/debian\/?$/ && !found { print; found = 1 }')
    mirror=${mirror:-http://deb.debian.org/debian}
    say "no deb-src for bookworm: private apt sources with deb and deb-src ${mirror%/} bookworm main"
    rm -f "$apt"/sources.list.d/*
    printf 'deb %s bookworm main\ndeb-src %s bookworm main\n' "${mirror%/}" "${mirror%/}" >"$apt/sources.list"
fi
apt_get() {
    apt-get -q -o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts="$apt/sources.list.d" \
        -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -o APT::Sandbox::User="$(id -un)" \
        -o Debug::NoLocking=true "$@"
}
say "apt-get update (private lists)"
apt_get update >&2

# ---- Sources: Debian's orig tarball (with vendor/), unpacked as GOPATH/src/k8s.io/kubernetes -------
say "apt-get source --download-only kubernetes"
(cd "$work/src" && apt_get source --download-only kubernetes >&2)
orig=$(ls "$work"/src/kubernetes_*.orig.tar.gz)
gopath=$work/gopath
tree=$gopath/src/k8s.io/kubernetes
mkdir -p "$tree"
say "unpacking $(basename "$orig")"
tar -C "$tree" --strip-components=1 -xzf "$orig"

# Go 1.18+ crashes in the vendored reflect2 v1.0.1 (fatal error: fault while encoding JSON);
# Debian's v1.0.2 laid over it fixes that.
say "putting Debian's golang-github-modern-go-reflect2-dev in vendor/github.com/modern-go/reflect2"
(cd "$work/reflect2" && apt_get download golang-github-modern-go-reflect2-dev >&2)
dpkg-deb -x "$work"/reflect2/golang-github-modern-go-reflect2-dev_*.deb "$work/reflect2/root"
# In place of the old files, not on top: v1.0.2 renamed some (go_above_17.go is go_above_19.go).
rm -rf "$tree/vendor/github.com/modern-go/reflect2"
cp -a "$work"/reflect2/root/usr/share/gocode/src/github.com/modern-go/reflect2 \
    "$tree/vendor/github.com/modern-go/reflect2"

# ---- Go in GOPATH mode, as hack/lib/init.sh builds Kubernetes 1.20 ---------------------------------
export GOPATH=$gopath GO111MODULE=off GOFLAGS= CGO_ENABLED=0 GOCACHE=$work/gocache GOTOOLCHAIN=local
cd "$tree"

# The orig tarball lacks pkg/generated/openapi/zz_generated.openapi.go: openapi-gen makes it from
# every package tagged +k8s:openapi-gen=, found as build/root/Makefile.generated_files finds them
# for its KUBE openapi target (Go dirs from cache_go_dirs.sh, staging named as vendor/, files with
# a +k8s: tag, without code-generator and sample-apiserver).
say "building openapi-gen"
go build -o "$work/openapi-gen" ./vendor/k8s.io/kube-openapi/cmd/openapi-gen
say "listing the packages tagged +k8s:openapi-gen="
packages=$(hack/make-rules/helpers/cache_go_dirs.sh "$work/all_go_dirs.txt" |
    xargs -I{} find {} -maxdepth 1 -type f -name '*.go' | xargs grep --color=never -l '^// *+k8s:' |
    grep -v -e '^vendor/k8s.io/code-generator/' -e '^vendor/k8s.io/sample-apiserver/' |
    xargs grep --color=never -l '+k8s:openapi-gen=' | xargs -n1 dirname | LC_ALL=C sort -u |
    sed 's|^|k8s.io/kubernetes/|' | paste -sd, -)
say "running openapi-gen over $(tr ',' '\n' <<<"$packages" | wc -l) packages"
"$work/openapi-gen" --logtostderr -v 1 \
    -i "$packages" \
    -p k8s.io/kubernetes/pkg/generated/openapi \
    -O zz_generated.openapi \
    -h vendor/k8s.io/code-generator/hack/boilerplate.go.txt \
    -r "$work/openapi-violations.report" >&2
[[ -s pkg/generated/openapi/zz_generated.openapi.go ]] || { say "openapi-gen wrote nothing"; exit 1; }

ldflags="-s -w"
for pkg in k8s.io/kubernetes/vendor/k8s.io/component-base/version \
    k8s.io/kubernetes/vendor/k8s.io/client-go/pkg/version; do
    ldflags+=" -X '$pkg.gitVersion=v$version' -X '$pkg.gitMajor=1' -X '$pkg.gitMinor=20'"
    ldflags+=" -X '$pkg.gitTreeState=clean' -X '$pkg.gitCommit=$git_commit' -X '$pkg.buildDate=$build_date'"
done
mkdir -p "$work/bin"
for cmd in kube-apiserver kube-controller-manager; do
    say "building $cmd"
    go build -trimpath -ldflags "$ldflags" -o "$work/bin/$cmd" "k8s.io/kubernetes/cmd/$cmd"
done
"$work/bin/kube-apiserver" --version >&2
(cd "$work/bin" && sha256sum kube-apiserver kube-controller-manager >SHA256SUMS.built)
rm -rf "$out"
mv "$work/bin" "$out"
cd /
chmod -R u+w "$work" # Go's module cache is read-only
rm -rf "$work"
say "built into $out"
