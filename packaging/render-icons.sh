#!/usr/bin/env bash
# Renders resources/kubeglass.svg into the committed PNG icons (resources/icons/<size>/kubeglass.png).
# Run after changing the SVG; needs rsvg-convert (librsvg2-bin) and convert (imagemagick).
set -euo pipefail
resources="$(cd "$(dirname "$0")/../resources" && pwd)"
for size in 16 22 24 32 48 64 128 256 512; do
  mkdir -p "$resources/icons/$size"
  rsvg-convert -w "$size" -h "$size" -o "$resources/icons/$size/kubeglass.png" "$resources/kubeglass.svg"
done
# Windows icon for the MSI, the Start-menu shortcut and the executable resource (needs ImageMagick).
convert "$resources"/icons/{16,24,32,48,64,256}/kubeglass.png "$resources/kubeglass.ico"
