#!/usr/bin/env bash
# Real programs unchanged under Candor (issue 17): javac compiling all of Guava (class files byte for byte) and H2
# running shared/workloads/h2-bench.sql (its CHECK line), plain and under Total, Lazy, Eager (roots:
# JavaCompiler.compile, RunScript.process) and sampling, on JDK 17 and 25; exits 1 when any run differs.
#
#   bench/unchanged.sh [--jdks HOME,HOME] [--workloads javac,h2] [--configs plain,total,lazy,eager,sample]
#                      [--only com/google/common/base,...] (javac: a quick run)
#
# Defaults: /usr/lib/jvm/java-17-openjdk-amd64 and /usr/lib/jvm/temurin-25-jdk-amd64 where present. Needs the
# distribution (mvn -B install -DskipTests) and python3; prepares the workloads in the cache. Logs, snapshots and the
# summary go to bench/results/unchanged-<time>/ (not tracked), the summary also to bench/results/unchanged-latest-summary.txt.
# Everything takes over an hour on 2 cores (Total on H2 most of it); name a subset for less.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
SHARED_WORKLOADS="${CANDOR_SHARED_WORKLOADS:-$(cd "$ROOT/.." && pwd)/shared/workloads}"
CACHE="${CANDOR_WORKLOADS:-$HOME/.cache/candor-workloads}"
case "${1:-}" in -h|--help) sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
command -v python3 >/dev/null || { echo "unchanged: needs python3" >&2; exit 2; }
CLI_LIB="$ROOT/modules/cli/target/candor/lib"
[ -f "$CLI_LIB/candor-cli.jar" ] || { echo "unchanged: build the distribution first (mvn -B install -DskipTests)" >&2; exit 2; }
. "$BENCH/java-tools.sh"
bench_default_jdks
ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --jdks) JDKS="$2"; shift 2 ;;
    --workloads|--configs|--only) ARGS+=("$1" "$2"); shift 2 ;;
    *) echo "unchanged: unknown option '$1'" >&2; exit 2 ;;
  esac
done
bench_javac_main
"$SHARED_WORKLOADS/javac.sh" prepare >/dev/null
"$SHARED_WORKLOADS/h2.sh" prepare >/dev/null
mkdir -p "$BENCH/results"
exec python3 "$BENCH/unchanged/unchanged.py" --jdks "$JDKS" --candor "$ROOT/candor" --classes "$CLASSES" \
  --cache "$CACHE" --h2-script "$SHARED_WORKLOADS/h2-bench.sql" --results "$BENCH/results" ${ARGS[@]+"${ARGS[@]}"}
