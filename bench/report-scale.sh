#!/usr/bin/env bash
# `candor report` on a snapshot of tens of millions of call paths (issue 12): generates one through
# SnapshotStreamWriter (bench/scale/GenerateSnapshot.java, into bench/target/report-scale/, kept for later runs),
# then times the text report and the folded stacks (--format collapsed), both to /dev/null, in a small heap: time to
# the first line, total time, paths per second, peak RSS, each judged against the goals (first lines within 10 s,
# at least 5 M paths/s, within 1 GB: the heap limit held and the peak RSS under it).
#
#   bench/report-scale.sh [--paths N] [--heap SIZE] [--formats "text collapsed"] [--regenerate]
#
# --paths: 40000000 by default; --heap: the report's -Xmx, 1g by default; --regenerate: write the snapshot again.
# Needs the command line built (mvn -B -o package -DskipTests: modules/cli/target/candor/lib) and /usr/bin/time.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
LIB="$ROOT/modules/cli/target/candor/lib"
PATHS=40000000
HEAP=1g
FORMATS="text collapsed"
REGENERATE=0
while [ $# -gt 0 ]; do
  case "$1" in
    --paths) PATHS="$2"; shift 2 ;;
    --heap) HEAP="$2"; shift 2 ;;
    --formats) FORMATS="$2"; shift 2 ;;
    --regenerate) REGENERATE=1; shift ;;
    -h|--help) sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "report-scale: unknown option '$1'" >&2; exit 2 ;;
  esac
done
[ -f "$LIB/candor-cli.jar" ] || { echo "report-scale: build the command line first: mvn -B -o package -DskipTests" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "report-scale: needs /usr/bin/time (GNU time) for the peak RSS" >&2; exit 2; }

OUT="$BENCH/target/report-scale"
CLASSES="$OUT/classes"
SNAPSHOT="$OUT/scale-$PATHS.candor"
mkdir -p "$CLASSES"
if [ "$REGENERATE" = 1 ] || [ ! -f "$SNAPSHOT" ]; then
  "${JAVA}c" --release 17 -cp "$LIB/candor-core.jar" -d "$CLASSES" "$BENCH/scale/GenerateSnapshot.java"
  # the generator holds the trees in arrays (24 bytes a path), as an agent does
  "$JAVA" -Xmx$((PATHS / 1000000 * 30 + 512))m -cp "$LIB/candor-core.jar:$CLASSES" \
    org.candor.bench.scale.GenerateSnapshot "$SNAPSHOT" "$PATHS"
fi
echo "snapshot: $SNAPSHOT ($(du -h "$SNAPSHOT" | cut -f1), $PATHS paths); report heap -Xmx$HEAP"
heap_bytes=$(numfmt --from=iec "${HEAP^^}")

now() { date +%s.%N; }
candor() { "$JAVA" -Xmx"$HEAP" -cp "$LIB/*" org.candor.cli.Main "$@"; }

verdicts=()
for format in $FORMATS; do
  # time to the first line: until `head` has it (the report then stops on the closed pipe)
  t0=$(now)
  candor report "$SNAPSHOT" --format "$format" 2>/dev/null | head -n 1 > /dev/null || true
  first=$(echo "$(now) - $t0" | bc)
  # the whole report, to /dev/null, with GNU time's wall clock and peak RSS
  stats="$OUT/time-$format.txt"
  /usr/bin/time -v -o "$stats" "$JAVA" -Xmx"$HEAP" -cp "$LIB/*" org.candor.cli.Main report "$SNAPSHOT" --format "$format" > /dev/null
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s}' "$stats")
  rss_kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$stats")
  rate=$(echo "$PATHS / $wall" | bc)
  pass_first=$([ "$(echo "$first <= 10" | bc)" = 1 ] && echo PASS || echo FAIL)
  pass_rate=$([ "$rate" -ge 5000000 ] && echo PASS || echo FAIL)
  pass_mem=$([ $((rss_kb * 1024)) -le $((1 << 30)) ] && [ "$heap_bytes" -le $((1 << 30)) ] && echo PASS || echo FAIL)
  printf "%-10s first line %6.2f s %s   total %7.2f s   %5.2f M paths/s %s   peak RSS %5d MB %s\n" "$format" \
    "$first" "$pass_first" "$wall" "$(echo "scale=2; $rate / 1000000" | bc)" "$pass_rate" $((rss_kb / 1024)) "$pass_mem"
  verdicts+=("$pass_first" "$pass_rate" "$pass_mem")
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) CPUs)"
case " ${verdicts[*]} " in *" FAIL "*) echo "goals: FAIL"; exit 1 ;; *) echo "goals: PASS" ;; esac
