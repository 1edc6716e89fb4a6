#!/usr/bin/env bash
# Measures what one instrumented call costs (JMH; see bench/README.md).
#
#   bench/probe-cost.sh [--agent-dir DIR] [--rebuild-agent] [--no-nanotime] [--no-calibration-modes]
#                       [--investigate | --only-investigate] [--ffm | --only-ffm  (with --jvm JDK22+/bin/java)]
#                       [--forks N] [--warmup N] [--iterations N] [--time S] [--jvm JAVA] [--jvm-arg ARG]
#                       [--goal NS] [--goal-uncalibrated NS]
#
# Builds what is missing (the agent directory with `mvn install -DskipTests` of the agent and the modules it needs;
# bench/target/benchmarks.jar when a source is newer), runs the benchmarks with the agent in every forked JVM and
# prints the summary. Raw JMH results (JSON) and the summary go to bench/results/ (not tracked).
set -euo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"

AGENT_DIR="${CANDOR_AGENT_DIR:-$ROOT/modules/agent/target}"
REBUILD_AGENT=0
ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --agent-dir) [ $# -ge 2 ] || { echo "probe-cost: --agent-dir needs a value" >&2; exit 2; }
                 AGENT_DIR="$(cd "$2" 2>/dev/null && pwd || echo "$2")"; shift 2 ;;
    --rebuild-agent) REBUILD_AGENT=1; shift ;;
    -h|--help) sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) ARGS+=("$1"); shift ;;
  esac
done

agent_complete() {
  [ -f "$AGENT_DIR/candor-agent.jar" ] && [ -f "$AGENT_DIR/candor-probe.jar" ] && [ -f "$AGENT_DIR/libcandor.so" ]
}

if [ "$REBUILD_AGENT" = 1 ] || ! agent_complete; then
  if [ "$AGENT_DIR" != "$ROOT/modules/agent/target" ]; then
    agent_complete || { echo "probe-cost: $AGENT_DIR is not an agent directory (candor-agent.jar, candor-probe.jar, libcandor.so)" >&2; exit 2; }
  else
    echo "probe-cost: building the agent (mvn -pl modules/agent -am install -DskipTests)"
    (cd "$ROOT" && mvn -B -q -pl modules/agent -am install -DskipTests)
    agent_complete || { echo "probe-cost: the agent build did not produce $AGENT_DIR/{candor-agent.jar,candor-probe.jar,libcandor.so}" >&2; exit 1; }
  fi
fi

# The bench compiles against candor-probe from the local Maven repository.
M2="${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}"
if ! ls "$M2"/org/candor/candor-probe/*/candor-probe-*.jar >/dev/null 2>&1; then
  echo "probe-cost: installing candor-probe (mvn -pl modules/probe install -DskipTests)"
  (cd "$ROOT" && mvn -B -q -pl modules/probe install -DskipTests)
fi

JAR="$BENCH/target/benchmarks.jar"
if [ ! -f "$JAR" ] || [ -n "$(find "$BENCH/src" "$BENCH/pom.xml" -newer "$JAR" -print -quit)" ]; then
  echo "probe-cost: building bench/target/benchmarks.jar (mvn -pl bench package)"
  (cd "$ROOT" && mvn -B -q -pl bench package)
fi

cd "$BENCH"
exec "$JAVA" -cp "$JAR" org.candor.bench.ProbeCostMain --agent-dir "$AGENT_DIR" --results "$BENCH/results" "${ARGS[@]}"
