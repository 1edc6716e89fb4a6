#!/usr/bin/env bash
# What Candor does to a real program at full size (issue 12): javac compiling all of Guava (shared/workloads/javac.sh),
# plain, under Candor's Total and Lazy (root JavaCompiler.compile) schemes, and under async-profiler 4.5 (cpu, 1 ms),
# side by side in one run (see bench/README.md, "Full size").
#
#   bench/full-size.sh [--configs plain,total,lazy,async] [--rounds N] [--top N] [--java JAVA]
#                      [--only com/google/common/base,...] (a quick run) [--agent-option K=V ...]
#   bench/full-size.sh --steady N [--only ...]   javac N times (2-5) in one JVM, plain and under Total: each round's
#                      calibrated total against its plain time, the warm-up apart from the steady state
#
# Needs the distribution (mvn -B install -DskipTests), python3 and /usr/bin/time. Compiles bench/fullsize/*.java into
# bench/target/fullsize-classes, fetches async-profiler 4.5 from Maven Central into the workload cache (never committed)
# and prepares the javac workload there. Raw results (runs.jsonl, logs, snapshots) and the summary go to
# bench/results/full-size-<time>/ (not tracked), the summary also to bench/results/full-size-latest-summary.txt.
# One round takes ~10 minutes on 2 cores; run it on a quiet machine.
set -euo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
SHARED_WORKLOADS="${CANDOR_SHARED_WORKLOADS:-$(cd "$ROOT/.." && pwd)/shared/workloads}"
CACHE="${CANDOR_WORKLOADS:-$HOME/.cache/candor-workloads}"

case "${1:-}" in -h|--help) sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
command -v python3 >/dev/null || { echo "full-size: needs python3" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "full-size: needs /usr/bin/time (Debian package time)" >&2; exit 2; }

. "$BENCH/java-tools.sh"
bench_java_tools "$@"

CLI_LIB="$ROOT/modules/cli/target/candor/lib"
[ -f "$CLI_LIB/candor-cli.jar" ] || { echo "full-size: build the distribution first (mvn -B install -DskipTests)" >&2; exit 2; }

CLASSES="$BENCH/target/fullsize-classes"
if [ ! -f "$CLASSES/SnapshotFigures.class" ] || [ -n "$(find "$BENCH/fullsize" -name '*.java' -newer "$CLASSES/SnapshotFigures.class" -print -quit)" ]; then
  mkdir -p "$CLASSES"
  "$JAVAC" -d "$CLASSES" -cp "$CLI_LIB/*" "$BENCH"/fullsize/*.java
fi

. "$BENCH/async-profiler.sh"
bench_async_profiler full-size

"$SHARED_WORKLOADS/javac.sh" prepare >/dev/null
mkdir -p "$BENCH/results"
exec python3 "$BENCH/fullsize/full_size.py" --java "$JAVA" --candor "$ROOT/candor" --cli-lib "$CLI_LIB" \
  --classes "$CLASSES" --async-lib "$AP_LIB" --workload "$CACHE/javac" --results "$BENCH/results" ${BENCH_ARGS[@]+"${BENCH_ARGS[@]}"}
