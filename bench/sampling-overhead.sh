#!/usr/bin/env bash
# What sampling costs: each workload with no agent, Candor (cpu mode), async-profiler 4.5 (cpu) and JFR (profile
# settings), side by side in one run, at 10 ms, 1 ms and 100 us (see bench/README.md, "Sampling overhead").
#
#   bench/sampling-overhead.sh [--quick] [--workload cpu|cpu1|cpu2|javac|startup|all] [--intervals 10ms,1ms,100us]
#                              [--runs N] [--profilers candor,async,jfr] [--units N] [--keep-profiles]
#                              [--java JAVA] [--timeout S] [--no-warmup] [--startup-runs N] [--floor-rounds N]
#                              [--resummarize bench/results/sampling-*/runs.jsonl]
#
# Compiles the CPU workload (javac, into bench/target/sampling-classes; no Maven), fetches async-profiler from Maven
# Central into the workload cache (never committed), runs everything through bench/sampling/sampling_overhead.py and
# prints the summary. Raw results (runs.jsonl, logs) and the summary go to bench/results/sampling-<time>/ (not tracked);
# the last summary also to bench/results/sampling-latest-summary.txt. The full default run takes ~25-35 minutes.
set -euo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
SHARED_WORKLOADS="${CANDOR_SHARED_WORKLOADS:-$(cd "$ROOT/.." && pwd)/shared/workloads}"
CACHE="${CANDOR_WORKLOADS:-$HOME/.cache/candor-workloads}"

case "${1:-}" in -h|--help) sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
command -v python3 >/dev/null || { echo "sampling-overhead: needs python3" >&2; exit 2; }

. "$BENCH/java-tools.sh"
bench_java_tools "$@"

# The CPU workload: plain javac, no dependencies (it is also part of the bench module's normal build).
CLASSES="$BENCH/target/sampling-classes"
SRC="$BENCH/src/main/java/org/candor/bench/sampling"
if [ ! -f "$CLASSES/org/candor/bench/sampling/CpuWorkload.class" ] || [ -n "$(find "$SRC" -newer "$CLASSES/org/candor/bench/sampling/CpuWorkload.class" -print -quit)" ]; then
  echo "sampling-overhead: compiling the CPU workload into $CLASSES"
  mkdir -p "$CLASSES"
  "$JAVAC" --release 17 -d "$CLASSES" "$SRC"/*.java
fi

# The timer floor: what an empty per-thread CPU timer costs here (plain C; without a compiler it is not measured).
FLOOR="$BENCH/target/timer-floor"
if [ ! -x "$FLOOR" ] || [ "$BENCH/sampling/timer_floor.c" -nt "$FLOOR" ]; then
  mkdir -p "$BENCH/target"
  ${CC:-cc} -O2 -Wall -Wextra -o "$FLOOR" "$BENCH/sampling/timer_floor.c" || echo "sampling-overhead: cannot compile the timer floor" >&2
fi

# async-profiler from Maven Central (tools.profiler:async-profiler, linux-x64/libasyncProfiler.so inside the jar).
. "$BENCH/async-profiler.sh"
if ! bench_async_profiler sampling-overhead; then
  echo "sampling-overhead: could not fetch async-profiler; its configurations will be reported as not available" >&2
fi

exec python3 "$BENCH/sampling/sampling_overhead.py" --classes "$CLASSES" --async-lib "$AP_LIB" --java "$JAVA" \
  --shared-workloads "$SHARED_WORKLOADS" --results "$BENCH/results" "$@"
