#!/usr/bin/env bash
# Sampling truth on real programs (issue 14): Candor's sampler and async-profiler 4.5, cpu mode at the same interval,
# on javac compiling all of Guava and on H2 running h2-bench.sql, alternating run by run. Prints whole-stack, one-frame
# and failed-walk shares, the top self methods side by side, and run-to-run stability for both, with the goals.
#
#   bench/sampling-agreement.sh [--workloads javac,h2] [--runs N] [--interval 1ms] [--top N] [--keep] [--java JAVA]
#                               [--resummarize bench/results/sampling-agreement-*/runs.jsonl]
#
# Needs the distribution (mvn -B install -DskipTests). Fetches the workloads and async-profiler from Maven Central into
# the workload cache (never committed). Raw results (runs.jsonl, collapsed stacks, logs) go to
# bench/results/sampling-agreement-<time>/ (not tracked), the summary also to
# bench/results/sampling-agreement-latest-summary.txt. 10 runs of both workloads take ~35 minutes on 2 cores.
set -euo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
SHARED_WORKLOADS="${CANDOR_SHARED_WORKLOADS:-$(cd "$ROOT/.." && pwd)/shared/workloads}"
CACHE="${CANDOR_WORKLOADS:-$HOME/.cache/candor-workloads}"

case "${1:-}" in -h|--help) sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
command -v python3 >/dev/null || { echo "sampling-agreement: needs python3" >&2; exit 2; }

. "$BENCH/java-tools.sh"
bench_java_tools "$@"

CLI_LIB="$ROOT/modules/cli/target/candor/lib"
[ -f "$CLI_LIB/candor-cli.jar" ] || { echo "sampling-agreement: build the distribution first (mvn -B install -DskipTests)" >&2; exit 2; }

# javac runs in-process from JavacMain (bench/fullsize), as the full-size benchmark runs it
CLASSES="$BENCH/target/fullsize-classes"
if [ ! -f "$CLASSES/JavacMain.class" ] || [ "$BENCH/fullsize/JavacMain.java" -nt "$CLASSES/JavacMain.class" ]; then
  mkdir -p "$CLASSES"
  "$JAVAC" -d "$CLASSES" -cp "$CLI_LIB/*" "$BENCH"/fullsize/*.java
fi

. "$BENCH/async-profiler.sh"
bench_async_profiler sampling-agreement

"$SHARED_WORKLOADS/javac.sh" prepare >/dev/null
"$SHARED_WORKLOADS/h2.sh" prepare >/dev/null
mkdir -p "$BENCH/results"
exec python3 "$BENCH/sampling/sampling_agreement.py" --java "$JAVA" --candor "$ROOT/candor" --async-lib "$AP_LIB" \
  --javac-dir "$CACHE/javac" --javac-classes "$CLASSES" --h2-dir "$CACHE/h2" --h2-script "$SHARED_WORKLOADS/h2-bench.sql" \
  --results "$BENCH/results" ${BENCH_ARGS[@]+"${BENCH_ARGS[@]}"}
