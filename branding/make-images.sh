#!/usr/bin/env bash
# Redraws the branding images (splash, about box, window icons) with ImageMagick. The images are committed; run this
# only to change them: bash branding/make-images.sh
set -euo pipefail
out="$(cd "$(dirname "$0")" && pwd)/src/main/nbm-branding/core.jar/org/netbeans/core/startup"
mkdir -p "$out"
font=DejaVu-Sans-Bold
light=DejaVu-Sans

# The mark: three bars narrowing downwards, like a call tree's hottest path, on a slate tile.
mark() { # size file
  local s=$1 r=$(( $1 / 6 ))
  convert -size "${s}x${s}" xc:none \
    -fill '#263545' -draw "roundrectangle 0,0 $((s-1)),$((s-1)) $r,$r" \
    -fill '#f08c28' -draw "rectangle $((s*3/16)),$((s*4/16)) $((s*13/16)),$((s*6/16))" \
    -fill '#f5a94f' -draw "rectangle $((s*3/16)),$((s*7/16)) $((s*10/16)),$((s*9/16))" \
    -fill '#f9c98a' -draw "rectangle $((s*3/16)),$((s*10/16)) $((s*7/16)),$((s*12/16))" \
    "$2"
}
mark 16 "$out/frame.gif"
mark 32 "$out/frame32.gif"
mark 48 "$out/frame48.gif"
mark 256 "PNG32:$out/frame256.png"
mark 512 "PNG32:$out/frame512.png"
for f in frame frame32 frame48; do cp "$out/$f.gif" "$out/${f}_dark.gif"; done

# Splash (480x300; the bottom strip holds the platform's progress text and bar, see Bundle.properties there).
mark 96 /tmp/candor-mark.png
convert -size 480x300 gradient:'#2b3d50'-'#17212b' \
  /tmp/candor-mark.png -geometry +40+78 -composite \
  -font "$font" -pointsize 52 -fill white -annotate +156+136 'Candor' \
  -font "$light" -pointsize 16 -fill '#c3cfdb' -annotate +159+166 'A Java profiler that tells the truth' \
  -fill '#f08c28' -draw 'rectangle 0,296 480,300' \
  "$out/splash.gif"
cp "$out/splash.gif" "$out/splash_dark.gif"
rm -f /tmp/candor-mark.png
