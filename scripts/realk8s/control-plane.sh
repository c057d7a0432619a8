#!/usr/bin/env bash
# Prints the path of a folder holding kube-apiserver and kube-controller-manager 1.20.2, the
# control plane of the realcluster tests (docs/realcluster.md). In this order:
#   1. the cached copy in ${XDG_CACHE_HOME:-$HOME/.cache}/kubeglass/realk8s-1.20.2/bin, when
#      both binaries have the expected sha256 (the README's, or those a build here recorded);
#   2. ../shared/realk8s/kube-control-plane-1.20.2-linux-amd64.tar.xz (beside the clone), when
#      its sha256 matches, unpacked into that cache;
#   3. else built from Debian 12's source package of Kubernetes with Debian's Go, as
#      ../shared/realk8s/README.md describes, into that cache (about 4 minutes on 2 cores).
# Progress goes to stderr; stdout is only the folder. KUBEGLASS_REALK8S_FORCE_BUILD=1 skips
# steps 1 and 2 (to check the recipe itself).
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
version=1.20.2
tarball_sha=50e84113d4fab6533e9faca4fc2b00bceff8b485330ce82e78f19fe773d8e6a1
declare -A binary_sha=(
    [kube-apiserver]=e8280e648fae432f816fa33d7e347950fd7b2b880c7887e614cf335b214717a6
    [kube-controller-manager]=7163c777473a25a280be0169964db55f72b7280d2296e95dbb6f5004ef74a18f
)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/kubeglass/realk8s-$version
tarball=$top/../shared/realk8s/kube-control-plane-$version-linux-amd64.tar.xz

say() { printf 'control-plane: %s\n' "$*" >&2; }
sha_of() { sha256sum "$1" | cut -d' ' -f1; }

# The shared copy's binaries, or ones this recipe built here: a build from source is not
# byte-identical to the shared copy (same /version and OpenAPI, other bytes), so the build records
# its own checksums and the cache keeps serving them instead of building again.
cached_binaries_match() {
    local name built=$cache/bin/SHA256SUMS.built
    if [[ -f "$built" ]]; then
        (cd "$cache/bin" && sha256sum --quiet --strict -c SHA256SUMS.built) >/dev/null 2>&1 &&
            [[ -x "$cache/bin/kube-apiserver" && -x "$cache/bin/kube-controller-manager" ]]
        return
    fi
    for name in "${!binary_sha[@]}"; do
        [[ -x "$cache/bin/$name" && "$(sha_of "$cache/bin/$name")" == "${binary_sha[$name]}" ]] ||
            return 1
    done
}

unpack_shared_copy() {
    [[ -f "$tarball" ]] || return 1
    if [[ "$(sha_of "$tarball")" != "$tarball_sha" ]]; then
        say "$tarball has the wrong sha256; not using it"
        return 1
    fi
    say "unpacking $tarball"
    local staging
    staging=$(mktemp -d "$cache/unpack.XXXXXX")
    tar -C "$staging" -xJf "$tarball"
    rm -rf "$cache/bin"
    mv "$staging/kube-control-plane-$version/bin" "$cache/bin"
    rm -rf "$staging"
    cached_binaries_match || { say "the unpacked binaries have the wrong sha256"; return 1; }
}

mkdir -p "$cache"
# One caller at a time unpacks or builds; the others wait and then find the cache filled.
exec {lock}>"$cache/.lock"
flock "$lock"
if [[ "${KUBEGLASS_REALK8S_FORCE_BUILD:-0}" != 1 ]]; then
    if cached_binaries_match || unpack_shared_copy; then
        echo "$cache/bin"
        exit 0
    fi
fi
"$top/scripts/realk8s/build-from-debian-source.sh" "$cache/bin" >&2
echo "$cache/bin"
