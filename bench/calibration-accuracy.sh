#!/usr/bin/env bash
# Calibration accuracy: true self costs (no instrumentation) vs Candor's raw and calibrated instrumented times.
#
#   bench/calibration-accuracy.sh [--rounds N] [--calls N] [--java JAVA] [--no-calibrate] [--kernel alu|memory]
#
# Compiles org.candor.bench.accuracy (javac, into bench/target/accuracy-classes), runs `candor calibrate` once (the
# trainer's minima go to ~/.cache/candor/calibration/), then N rounds of: the uninstrumented timing run, a profiled
# run reading the trainer's minima, a profiled run calibrating from itself alone. Needs a built command line
# (mvn -B install -DskipTests) and python3. About a minute at the defaults.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
case "${1:-}" in -h|--help) sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
[ -f "$ROOT/modules/cli/target/candor/lib/candor-cli.jar" ] || { echo "calibration-accuracy: build first: mvn -B install -DskipTests" >&2; exit 2; }
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
JAVAC="$(dirname "$(readlink -f "$(command -v "$JAVA")")")/javac"
CLASSES="$BENCH/target/accuracy-classes"
mkdir -p "$CLASSES"
"$JAVAC" --release 17 -d "$CLASSES" "$BENCH"/src/main/java/org/candor/bench/accuracy/*.java
exec python3 "$BENCH/accuracy/calibration_accuracy.py" --classes "$CLASSES" --java "$JAVA" "$@"
