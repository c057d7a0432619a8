#!/usr/bin/env bash
# Installs the Debian 12 packages Kubeglass needs to build, run and test; does nothing when
# they are all present. Root uses apt-get directly, anyone else through sudo.
set -euo pipefail

packages=(
  cmake ninja-build g++ clang pkg-config git
  qt6-base-dev qt6-base-dev-tools qt6-qpa-plugins
  libsimdjson-dev libyaml-cpp-dev libssl-dev openssl
  python3 python3-kubernetes
  # The realcluster tests' control plane (docs/realcluster.md): etcd run as a process of their
  # own; kube-apiserver 1.20.2 comes from ../shared/realk8s or is built by
  # scripts/realk8s/control-plane.sh, which installs golang-go itself only when it must build.
  etcd-server
  xvfb xauth fonts-dejavu-core imagemagick x11-utils time curl
  # Packaging: the AppImage runtime (static) and AppDir tools, .deb, MSI (wixl) and their checks
  libsquashfuse-dev libfuse3-dev fuse3 libzstd-dev liblz4-dev liblzma-dev liblzo2-dev zlib1g-dev
  squashfs-tools patchelf binutils file desktop-file-utils appstream zsync dpkg-dev
  wixl msitools debootstrap librsvg2-bin
  # Windows: the MinGW-w64 cross compiler for the toolchain in ../shared/toolchains, Wine to run
  # the Windows build's tests and to install its MSI, xz to unpack the toolchain
  g++-mingw-w64-x86-64-posix wine64 wine xz-utils
  # Building that toolchain from Debian's sources when it is not there
  # (scripts/mingw-toolchain/build-qt6-mingw.sh; dpkg-source is in dpkg-dev): MinGW tools as
  # its README lists them, Perl for qtbase's syncqt.pl
  mingw-w64-tools perl
)
# kubectl is preinstalled on our machines; Debian's kubernetes-client provides it elsewhere.
command -v kubectl >/dev/null 2>&1 || packages+=(kubernetes-client)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
((${#missing[@]} == 0)) && exit 0

echo "Installing: ${missing[*]}" >&2
sudo=()
((EUID == 0)) || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
# No package may start its service (etcd-server's would, on the default ports; in a chroot or CI
# container it must not run at all): policy-rc.d says "not allowed" for the install's duration,
# unless the system has a policy of its own.
policy=/usr/sbin/policy-rc.d
if [[ ! -e "$policy" ]]; then
  printf '#!/bin/sh\n# kubeglass install-deps.sh: no service starts during the install\nexit 101\n' |
    "${sudo[@]}" tee "$policy" >/dev/null
  "${sudo[@]}" chmod 755 "$policy"
  trap '"${sudo[@]}" rm -f "$policy"' EXIT
fi
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
