#!/usr/bin/env bash
# Opening a snapshot of tens of millions of call paths in the app's snapshot window (issue 13): generates one through
# SnapshotStreamWriter (bench/scale/GenerateSnapshot.java, the snapshot bench/report-scale.sh reports, kept in
# bench/target/report-scale/) and a small one as the floor, then opens each in the real window (the app's
# SnapshotTopComponent and its views, found by lookup, from the assembled app's jars, on an X display: Xvfb when
# there is none) as File > Open Snapshot does, with a probe on the event queue (an event every 10 ms, the longest
# wait recorded). Prints for each: the time to the window, to the first rows and to all views ready, the longest
# event-thread stall while loading, then a row opened, the largest thread chosen, the flame graph and a find through
# the whole tree, each timed with its longest stall, and the peak heap (in use after a collection); then the goals
# (first rows < 2 s, no stall over 100 ms while loading) for the large snapshot in an app that has shown a snapshot
# window before, beside the small one's figures (the floor) and the large one's in a fresh JVM, from the same run.
#
#   bench/app-open.sh [--paths N] [--heap SIZE] [--regenerate]
#
# --paths: 40000000 by default; --heap: the window's -Xmx, 1g by default (the app's own heap is the JVM's default, a
# quarter of the machine's memory: 1 GB is what a small machine gives it); --regenerate: write the snapshot again.
# Needs the app assembled (mvn -B -o package -DskipTests: application/target/candor), javac, and xvfb-run without a display.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
APP="$ROOT/application/target/candor"
PATHS=40000000
SMALL=20000
HEAP=1g
REGENERATE=0
ARGS=("$@")
while [ $# -gt 0 ]; do
  case "$1" in
    --paths) PATHS="$2"; shift 2 ;;
    --heap) HEAP="$2"; shift 2 ;;
    --regenerate) REGENERATE=1; shift ;;
    -h|--help) sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "app-open: unknown option '$1'" >&2; exit 2 ;;
  esac
done
[ -f "$APP/candor/modules/org-candor-ui-calltree.jar" ] || {
  echo "app-open: assemble the app first: mvn -B -o package -DskipTests (application/target/candor)" >&2; exit 2; }
if [ -z "${DISPLAY:-}" ]; then
  command -v xvfb-run > /dev/null || { echo "app-open: no X display and no xvfb-run (apt-get install xvfb)" >&2; exit 2; }
  exec xvfb-run -a -s "-screen 0 1280x1024x24" "${BASH_SOURCE[0]}" "${ARGS[@]}"
fi

# the window's classes as the app has them: Candor's modules and libraries, the platform's APIs (not its window
# system: the window is shown in a frame of its own)
CP=$(ls "$APP"/candor/modules/org-candor-ui-*.jar "$APP"/candor/modules/ext/org.candor.libs/*/*.jar \
  "$APP"/platform/lib/*.jar "$APP"/platform/core/org-openide-filesystems.jar \
  "$APP"/platform/modules/org-openide-*.jar "$APP"/platform/modules/org-netbeans-api-*.jar \
  "$APP"/platform/modules/org-netbeans-swing-outline.jar "$APP"/platform/modules/ext/flatlaf-*.jar 2>/dev/null \
  | grep -v -- '-compat8\|api-progress-nb\|util-ui-svg' | tr '\n' ':')
CORE="$APP/candor/modules/ext/org.candor.libs/org-candor/candor-core.jar"

OUT="$BENCH/target/report-scale"
CLASSES="$BENCH/target/app-open/classes"
LARGE="$OUT/scale-$PATHS.candor"
FLOOR="$BENCH/target/app-open/scale-$SMALL.candor"
mkdir -p "$OUT" "$CLASSES"
"${JAVA}c" --release 17 -cp "$CORE" -d "$CLASSES" "$BENCH/scale/GenerateSnapshot.java"
"${JAVA}c" --release 17 -cp "$CP" -d "$CLASSES" "$BENCH/appopen/AppOpen.java"
if [ "$REGENERATE" = 1 ] || [ ! -f "$LARGE" ]; then
  "$JAVA" -Xmx$((PATHS / 1000000 * 30 + 512))m -cp "$CORE:$CLASSES" org.candor.bench.scale.GenerateSnapshot "$LARGE" "$PATHS"
fi
[ -f "$FLOOR" ] || "$JAVA" -Xmx512m -cp "$CORE:$CLASSES" org.candor.bench.scale.GenerateSnapshot "$FLOOR" "$SMALL" > /dev/null
echo "large: $LARGE ($(du -h "$LARGE" | cut -f1), $PATHS paths); floor: $SMALL paths; window heap -Xmx$HEAP; $(nproc) CPUs"

open_in_window() { "$JAVA" -Xmx"$HEAP" -cp "$CP:$CLASSES" org.candor.bench.appopen.AppOpen "$@"; }
# one JVM as an app that has shown a snapshot before: the floor twice (the first pays for loading the window's
# classes), then the large file; then the large file in a fresh JVM, the first window of an app's session
open_in_window "$FLOOR" "floor, cold" "$FLOOR" "floor" "$LARGE" "large" | tee "$BENCH/target/app-open/warm.txt"
open_in_window "$LARGE" "large, cold" | tee "$BENCH/target/app-open/cold.txt"

result() { sed -n "s/^$2: RESULT .*$3=\([0-9.]*\).*/\1/p" "$BENCH/target/app-open/$1.txt"; }
first=$(result warm large first_rows_s); stall=$(result warm large open_stall_ms)
floor_first=$(result warm floor first_rows_s); floor_stall=$(result warm floor open_stall_ms)
cold_first=$(result cold "large, cold" first_rows_s); cold_stall=$(result cold "large, cold" open_stall_ms)
pass_first=$([ "$(echo "$first < 2" | bc)" = 1 ] && echo PASS || echo FAIL)
pass_stall=$([ "$(echo "$stall <= 100" | bc)" = 1 ] && echo PASS || echo FAIL)
printf "first rows: %.3f s (floor %.3f s, %.2fx; in a fresh JVM %.3f s) %s\n" "$first" "$floor_first" \
  "$(echo "scale=2; $first / $floor_first" | bc)" "$cold_first" "$pass_first"
printf "longest stall while loading: %.1f ms (floor %.1f ms; in a fresh JVM %.1f ms) %s\n" "$stall" "$floor_stall" \
  "$cold_stall" "$pass_stall"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) CPUs)"
case "$pass_first $pass_stall" in *FAIL*) echo "goals: FAIL"; exit 1 ;; *) echo "goals: PASS" ;; esac
