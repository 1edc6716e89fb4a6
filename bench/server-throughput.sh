#!/usr/bin/env bash
# Server throughput under Candor's schemes (issue 5): Jetty 12 on 127.0.0.1 serving one of two handlers,
# org.candor.bench.server.ShopHandler (H2 in memory over JDBC, Jackson: a REST service as usually written) and
# StoreHandler (in-memory maps, a hand-written JSON writer: the call-dense stress case), loaded by LoadGenerator (fixed
# keep-alive connections, warm-up + measured window), with no agent, `--scheme lazy|eager --root <handler>.handle` and
# `--scheme total`. Rows (workload x include filter), all runs interleaved over rounds:
#   shop-app   shop,  include org.candor.bench.server.** (the app's package): none, lazy, eager, total; the goal row
#   shop-deep  shop,  include app + org.eclipse.jetty.** + org.h2.** + com.fasterxml.jackson.**: lazy, total
#   store      store, include app + org.eclipse.jetty.**: none, lazy
# (see bench/README.md, "Server throughput").
#
#   bench/server-throughput.sh [--quick] [--rounds N] [--warmup S] [--duration S] [--connections N]
#                              [--deep-warmup S] [--rows shop-app,shop-deep,store] [--configs none,lazy,eager,total]
#                              [--root METHOD] [--java JAVA] [--candor CANDOR] [--keep-snapshots]
#
# --deep-warmup: the shop-deep runs' warm-up (default: the warm-up, at least 90 s: Lazy expanding through H2 and
# Jackson takes a minute or more); --configs: these configurations in every selected row instead of each row's own
# set; --root: the root of lazy and eager in every row; --candor: a Candor launcher other than this checkout's (then
# this checkout needs no build).
# Jetty's, H2's and Jackson's jars come from the local Maven repository (~/.m2, or $M2_REPO); they are not a Maven
# dependency of the bench module because Jetty's parent POM (jetty-project) is not in the offline repository, so Maven
# cannot resolve them. The classes are compiled here with javac into bench/target/server-classes, the jars copied to
# bench/target/server-lib. It never builds the reactor: build Candor first (mvn -B -o install -DskipTests).
# Results: bench/results/server-<time>/ (runs.jsonl, logs, summary.txt), bench/results/server-latest-summary.txt.
set -euo pipefail

BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
M2="${M2_REPO:-$HOME/.m2/repository}"
JETTY=12.1.13
SLF4J=2.0.17
H2=2.3.232
JACKSON=2.18.2

case "${1:-}" in -h|--help) sed -n '2,24p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
command -v python3 >/dev/null || { echo "server-throughput: needs python3" >&2; exit 2; }
CANDOR="$ROOT/candor"
ARGS=("$@")
for ((i = 0; i + 1 < ${#ARGS[@]}; i++)); do [ "${ARGS[$i]}" = "--candor" ] && CANDOR="${ARGS[$((i + 1))]}"; done
[ "$CANDOR" != "$ROOT/candor" ] || [ -f "$ROOT/modules/cli/target/candor/lib/candor-cli.jar" ] \
  || { echo "server-throughput: build Candor first: (cd $ROOT && mvn -B -o install -DskipTests)" >&2; exit 2; }

. "$BENCH/java-tools.sh"
bench_java_tools "$@"

LIB="$BENCH/target/server-lib"
mkdir -p "$LIB"
for a in "org/eclipse/jetty/jetty-server/$JETTY/jetty-server-$JETTY.jar" "org/eclipse/jetty/jetty-http/$JETTY/jetty-http-$JETTY.jar" \
         "org/eclipse/jetty/jetty-io/$JETTY/jetty-io-$JETTY.jar" "org/eclipse/jetty/jetty-util/$JETTY/jetty-util-$JETTY.jar" \
         "org/slf4j/slf4j-api/$SLF4J/slf4j-api-$SLF4J.jar" "org/slf4j/slf4j-nop/$SLF4J/slf4j-nop-$SLF4J.jar" \
         "com/h2database/h2/$H2/h2-$H2.jar" \
         "com/fasterxml/jackson/core/jackson-databind/$JACKSON/jackson-databind-$JACKSON.jar" \
         "com/fasterxml/jackson/core/jackson-core/$JACKSON/jackson-core-$JACKSON.jar" \
         "com/fasterxml/jackson/core/jackson-annotations/$JACKSON/jackson-annotations-$JACKSON.jar"; do
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

exec python3 "$BENCH/server/server_throughput.py" --java "$JAVA" --candor "$CANDOR" \
  --server-cp "$CLASSES:$LIB/*" --load-cp "$CLASSES" --results "$BENCH/results" "$@"
