#!/usr/bin/env bash
# Server throughput under Candor's schemes (issue 5): Jetty 12 serving org.candor.bench.server.StoreHandler on
# 127.0.0.1, loaded by LoadGenerator (fixed keep-alive connections, warm-up + measured window), with no agent,
# `--scheme lazy --root StoreHandler.handle`, `--scheme eager --root ...` and `--scheme total`, interleaved over rounds
# (see bench/README.md, "Server throughput").
#
#   bench/server-throughput.sh [--quick] [--rounds N] [--warmup S] [--duration S] [--connections N]
#                              [--configs none,lazy,eager,total] [--root METHOD] [--java JAVA] [--keep-snapshots]
#
# Jetty's jars come from the local Maven repository (~/.m2, or $M2_REPO); they are not a Maven dependency of the bench
# module because Jetty's parent POM (jetty-project) is not in the offline repository, so Maven cannot resolve them.
# The classes are compiled here with javac into bench/target/server-classes, the jars copied to
# bench/target/server-lib. It never builds the reactor: build Candor first (mvn -B -o install -DskipTests).
# Results: bench/results/server-<time>/ (runs.jsonl, logs, summary.txt), bench/results/server-latest-summary.txt.
set -euo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
M2="${M2_REPO:-$HOME/.m2/repository}"
JETTY=12.1.13
SLF4J=2.0.17

case "${1:-}" in -h|--help) sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
command -v python3 >/dev/null || { echo "server-throughput: needs python3" >&2; exit 2; }
[ -f "$ROOT/modules/cli/target/candor/lib/candor-cli.jar" ] \
  || { echo "server-throughput: build Candor first: (cd $ROOT && mvn -B -o install -DskipTests)" >&2; exit 2; }

. "$BENCH/java-tools.sh"
bench_java_tools "$@"

LIB="$BENCH/target/server-lib"
mkdir -p "$LIB"
for a in "org/eclipse/jetty/jetty-server/$JETTY/jetty-server-$JETTY.jar" "org/eclipse/jetty/jetty-http/$JETTY/jetty-http-$JETTY.jar" \
         "org/eclipse/jetty/jetty-io/$JETTY/jetty-io-$JETTY.jar" "org/eclipse/jetty/jetty-util/$JETTY/jetty-util-$JETTY.jar" \
         "org/slf4j/slf4j-api/$SLF4J/slf4j-api-$SLF4J.jar" "org/slf4j/slf4j-nop/$SLF4J/slf4j-nop-$SLF4J.jar"; do
  if [ ! -f "$LIB/$(basename "$a")" ]; then
    [ -f "$M2/$a" ] || { echo "server-throughput: $M2/$a is missing (online: mvn dependency:get -Dartifact=...)" >&2; exit 2; }
    cp "$M2/$a" "$LIB/"
  fi
done

CLASSES="$BENCH/target/server-classes"
SRC="$BENCH/server/java/org/candor/bench/server"
STAMP="$CLASSES/org/candor/bench/server/ServerWorkload.class"
if [ ! -f "$STAMP" ] || [ -n "$(find "$SRC" -newer "$STAMP" -print -quit)" ]; then
  echo "server-throughput: compiling the server and load generator into $CLASSES"
  rm -rf "$CLASSES" && mkdir -p "$CLASSES"
  "$JAVAC" --release 17 -Xlint:all -d "$CLASSES" -cp "$LIB/*" "$SRC"/*.java
fi

exec python3 "$BENCH/server/server_throughput.py" --java "$JAVA" --candor "$ROOT/candor" \
  --server-cp "$CLASSES:$LIB/*" --load-cp "$CLASSES" --results "$BENCH/results" "$@"
