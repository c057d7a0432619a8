#!/usr/bin/env bash
# Makes (once) a minimal Debian 12 root with what every desktop has (glibc, libstdc++, X11/xcb core,
# OpenGL, fontconfig/freetype/harfbuzz, fonts) and NO Qt, to prove packages run on a machine that
# only has the host libraries the AppImage excludelist assumes.
#   make-debroot.sh ROOT
# The root is reused when ROOT/.kubeglass-debroot-ok exists; delete ROOT to make it again.
set -euo pipefail
root=${1:?usage: make-debroot.sh ROOT}
mirror=${KUBEGLASS_DEBIAN_MIRROR:-http://deb.debian.org/debian}
stamp="$root/.kubeglass-debroot-ok"
[[ -e "$stamp" ]] && exit 0
command -v debootstrap >/dev/null || { echo "make-debroot: install debootstrap (apt-get install debootstrap)" >&2; exit 1; }
((EUID == 0)) || { echo "make-debroot: debootstrap and chroot need root" >&2; exit 1; }

# Host libraries on packaging/appimage/excludelist, as a desktop provides them.
desktop_base=(
  libstdc++6 libgcc-s1 zlib1g libexpat1 libuuid1 libgmp10 libgpg-error0 libcom-err2
  libgl1 libegl1 libglx0 libopengl0 libgbm1 libdrm2
  libx11-6 libx11-xcb1 libxcb1 libxcb-dri2-0 libxcb-dri3-0 libice6 libsm6 libwayland-client0
  libfontconfig1 libfreetype6 libharfbuzz0b libfribidi0 fonts-dejavu-core
  ca-certificates
)
rm -rf "$root"
mkdir -p "$(dirname "$root")"
include=$(IFS=,; echo "${desktop_base[*]}")
debootstrap --variant=minbase --include="$include" bookworm "$root" "$mirror"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
chroot "$root" apt-get clean
touch "$stamp"
