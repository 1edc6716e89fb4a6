#!/usr/bin/env bash
# A thread storm's memory: the peak RSS of a program that starts short threads one after another (each makes five
# calls), with no agent and under the Total scheme, and what the snapshot kept (see bench/README.md).
#
#   bench/thread-storm.sh [--agent-dir DIR] [--baseline-dir DIR] [--threads N,...] [--java JAVA]
#
# --agent-dir: the agent directory measured (default modules/cli/target/candor/agent, after `mvn package`);
# --baseline-dir: another one (say, built from an earlier commit) measured beside it; --threads: 5000,20000 by default.
set -euo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
# shellcheck source=java-tools.sh
. "$BENCH/java-tools.sh"
bench_java_tools "$@"
set -- ${BENCH_ARGS[@]+"${BENCH_ARGS[@]}"}
AGENT_DIR="$ROOT/modules/cli/target/candor/agent"
BASELINE_DIR=""
THREADS="5000,20000"
while [ $# -gt 0 ]; do
  case "$1" in
    --agent-dir) AGENT_DIR="$2"; shift 2 ;;
    --baseline-dir) BASELINE_DIR="$2"; shift 2 ;;
    --threads) THREADS="$2"; shift 2 ;;
    -h|--help) sed -n '2,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "thread-storm: unknown option '$1'" >&2; exit 2 ;;
  esac
done
for d in "$AGENT_DIR" ${BASELINE_DIR:+"$BASELINE_DIR"}; do
  [ -f "$d/candor-agent.jar" ] && [ -f "$d/candor-probe.jar" ] && [ -f "$d/libcandor.so" ] \
    || { echo "thread-storm: $d is not an agent directory (mvn -B -o package -DskipTests builds one)" >&2; exit 2; }
done

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
"$JAVAC" -d "$WORK" "$BENCH/storm/ThreadStorm.java"

# Prints: peak RSS (MB), work calls the program counted; and for a profiled run, what its snapshot says.
run() {
  local label="$1" dir="$2" n="$3" out
  if [ "$dir" = - ]; then
    out="$("$JAVA" -cp "$WORK" ThreadStorm "$n")"
  else
    out="$("$JAVA" -agentpath:"$dir/libcandor.so" \
      -javaagent:"$dir/candor-agent.jar=include=ThreadStorm,quiet,output=$WORK/run.candor" -cp "$WORK" ThreadStorm "$n")"
  fi
  local rss work
  rss="$(sed -n 's/^peak_rss_kb //p' <<<"$out")"
  work="$(sed -n 's/^work //p' <<<"$out")"
  printf '%-9s %6d threads: peak RSS %6.1f MB (work %s)\n' "$label" "$n" "$(echo "$rss / 1024" | bc -l)" "$work"
  if [ "$dir" != - ]; then
    "$JAVA" -cp "$ROOT/modules/cli/target/candor/lib/*" org.candor.cli.Main report "$WORK/run.candor" --hot-spots 0 \
      | grep -E '^Threads: |threads\.(not_recorded|folded) |WARNING: .*thread' | sed 's/^/    /' || true
  fi
}

for n in ${THREADS//,/ }; do
  run "plain" - "$n"
  run "Total" "$AGENT_DIR" "$n"
  [ -n "$BASELINE_DIR" ] && run "baseline" "$BASELINE_DIR" "$n"
done
