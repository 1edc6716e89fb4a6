#!/usr/bin/env bash
# What an instrumented call costs while recording is stopped (a plain `ctl stop`, a delayed start waiting for its
# start) next to recording, in ns per call: the median over rounds of StoppedCost's best-of-15 (see bench/README.md).
#
#   bench/stopped-cost.sh [--agent-dir DIR] [--baseline-dir DIR] [--rounds N]
#
# --agent-dir: the agent directory measured (default modules/cli/target/candor/agent, after `mvn package`);
# --baseline-dir: another one (say, built from an earlier commit) measured in the same rounds, in the
# configurations it knows (no start=delayed); --rounds: 3 by default.
set -euo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
AGENT_DIR="$ROOT/modules/cli/target/candor/agent"
BASELINE_DIR=""
ROUNDS=3
while [ $# -gt 0 ]; do
  case "$1" in
    --agent-dir) AGENT_DIR="$2"; shift 2 ;;
    --baseline-dir) BASELINE_DIR="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    -h|--help) sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "stopped-cost: unknown option '$1'" >&2; exit 2 ;;
  esac
done
for d in "$AGENT_DIR" ${BASELINE_DIR:+"$BASELINE_DIR"}; do
  [ -f "$d/candor-agent.jar" ] && [ -f "$d/candor-probe.jar" ] && [ -f "$d/libcandor.so" ] \
    || { echo "stopped-cost: $d is not an agent directory (mvn -B -o package -DskipTests builds one)" >&2; exit 2; }
done

CLASSES="$BENCH/results/stopped-classes"
mkdir -p "$CLASSES"
"${JAVA}c" -d "$CLASSES" "$BENCH/stopped/StoppedCost.java"
SNAPSHOT="$(mktemp -d)"
trap 'rm -rf "$SNAPSHOT"' EXIT

# name | agent directory ('-' for none) | agent options | program argument
CONFIGS=(
  "no agent|-||"
  "recording|$AGENT_DIR||"
  "recording, calibration=off|$AGENT_DIR|,calibration=off|"
  "ctl stop|$AGENT_DIR||stop"
  "start=delayed, waiting|$AGENT_DIR|,start=delayed|"
  "start=delayed, waiting, calibration=frozen|$AGENT_DIR|,start=delayed,calibration=frozen|"
  "start=delayed, waiting, calibration=off|$AGENT_DIR|,start=delayed,calibration=off|"
)
if [ -n "$BASELINE_DIR" ]; then
  CONFIGS+=("baseline: recording|$BASELINE_DIR||" "baseline: recording, calibration=off|$BASELINE_DIR|,calibration=off|"
            "baseline: ctl stop|$BASELINE_DIR||stop")
fi

measure() {
  local dir="$1" options="$2" arg="$3"
  if [ "$dir" = - ]; then
    "$JAVA" -cp "$CLASSES" StoppedCost $arg
  else
    "$JAVA" -agentpath:"$dir/libcandor.so" \
      -javaagent:"$dir/candor-agent.jar=include=StoppedCost,quiet,output=$SNAPSHOT/run.candor$options" \
      -cp "$CLASSES" StoppedCost $arg
  fi
}

declare -A RESULTS
for ((r = 1; r <= ROUNDS; r++)); do
  for c in "${CONFIGS[@]}"; do
    IFS='|' read -r name dir options arg <<< "$c"
    RESULTS[$name]+="$(measure "$dir" "$options" "$arg") "
  done
done
printf "%-46s %10s   %s\n" "configuration" "ns/call" "(each round)"
for c in "${CONFIGS[@]}"; do
  name="${c%%|*}"
  median=$(echo ${RESULTS[$name]} | tr ' ' '\n' | sort -g | awk '{v[NR]=$1} END {print v[int((NR + 1) / 2)]}')
  printf "%-46s %10s   %s\n" "$name" "$median" "${RESULTS[$name]}"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) CPUs)"
