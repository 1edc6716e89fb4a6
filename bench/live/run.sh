#!/usr/bin/env bash
# Shared by bench/live-refresh.sh and bench/sampling-stopped.sh: compiles the target and the refresher against the
# assembled command line's lib/, then runs live_bench.py EXPERIMENT with the rest of the arguments.
set -euo pipefail
LIVE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BENCH="$(dirname "$LIVE")"
ROOT="$(dirname "$BENCH")"
EXPERIMENT="$1"
shift
command -v python3 >/dev/null || { echo "live bench: needs python3" >&2; exit 2; }
. "$BENCH/java-tools.sh"
bench_java_tools "$@"
AGENT_DIR="$ROOT/modules/cli/target/candor/agent"
ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --agent-dir) AGENT_DIR="$2"; shift 2 ;;
    --java) shift 2 ;;
    *) ARGS+=("$1"); shift ;;
  esac
done
LIB="$ROOT/modules/cli/target/candor/lib"
for f in "$AGENT_DIR/candor-agent.jar" "$AGENT_DIR/libcandor.so" "$LIB/candor-cli.jar"; do
  [ -f "$f" ] || { echo "live bench: $f is missing: build first (mvn -B -o package -DskipTests)" >&2; exit 2; }
done
# the refresher paces itself as the app does (ui-model's RefreshPace, --period paced)
UI_MODEL="$(ls "$ROOT"/modules/ui-model/target/candor-ui-model-*.jar 2>/dev/null | grep -v -- '-tests.jar' | head -1 || true)"
[ -n "$UI_MODEL" ] || { echo "live bench: modules/ui-model/target/candor-ui-model-*.jar is missing: build first (mvn -B -o package -DskipTests)" >&2; exit 2; }
CLASSES="$BENCH/target/live-classes"
SRC="$LIVE/java/org/candor/bench/live"
STAMP="$CLASSES/org/candor/bench/live/LiveTarget.class"
if [ ! -f "$STAMP" ] || [ -n "$(find "$SRC" -newer "$STAMP" -print -quit)" ]; then
  rm -rf "$CLASSES" && mkdir -p "$CLASSES"
  "$JAVAC" --release 17 -Xlint:all -d "$CLASSES" -cp "$LIB/*:$UI_MODEL" "$SRC"/*.java
fi
exec python3 "$LIVE/live_bench.py" "$EXPERIMENT" --java "$JAVA" --agent-dir "$AGENT_DIR" --lib "$LIB" \
  --classes "$CLASSES:$UI_MODEL" --results "$BENCH/results" ${ARGS[@]+"${ARGS[@]}"}
