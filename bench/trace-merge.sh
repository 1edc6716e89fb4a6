#!/usr/bin/env bash
# How fast a trace merges (issue 15's goal: >= 5 M records/s), against copying the same bytes in the same run (the
# floor any merge has): a generated trace as the agent writes one (per CPU, records in the order periods end), merged
# by core's TraceMerge, alternating with the copy, median of the rounds (see bench/README.md, "Trace merge").
#
#   bench/trace-merge.sh [--records N] [--cpus N] [--rounds N] [--heap SIZE] [--baseline CORE_JAR]
#
# Defaults: 5,000,000 records on 4 CPU files, 5 rounds, 1g heap. --baseline: another build's candor-core.jar (e.g. one
# built before a change, copied aside) merges too in each round, alternating, with the ratio of the two and a check
# that both wrote the same bytes. BENCH_JAVA_OPTS: more options for the JVM (a profiler's agent, GC logging). Needs the assembled command line
# (mvn -B -o package -DskipTests: modules/cli/target/candor). The generated trace stays in bench/target/trace-merge/.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
LIB="$ROOT/modules/cli/target/candor/lib"
RECORDS=5000000
CPUS=4
ROUNDS=5
HEAP=1g
BASELINE=
while [ $# -gt 0 ]; do
  case "$1" in
    --records) RECORDS="$2"; shift 2 ;;
    --cpus) CPUS="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --heap) HEAP="$2"; shift 2 ;;
    --baseline) BASELINE="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"; shift 2 ;;
    -h|--help) sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "trace-merge: unknown option '$1'" >&2; exit 2 ;;
  esac
done
[ -f "$LIB/candor-core.jar" ] || { echo "trace-merge: build the command line first: mvn -B -o package -DskipTests" >&2; exit 2; }
OUT="$BENCH/target/trace-merge"
mkdir -p "$OUT/classes"
"${JAVA}c" --release 17 -cp "$LIB/candor-core.jar" -d "$OUT/classes" "$BENCH/trace/MergeRate.java"
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $("$JAVA" -version 2>&1 | head -1)"
exec "$JAVA" ${BENCH_JAVA_OPTS:-} -Xmx"$HEAP" -cp "$LIB/candor-core.jar:$OUT/classes" MergeRate "$RECORDS" "$CPUS" "$ROUNDS" "$OUT" ${BASELINE:+"$BASELINE"}
