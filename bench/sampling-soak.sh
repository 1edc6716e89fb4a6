#!/usr/bin/env bash
# The sampling soak (issue 17): javac compiling part of Guava in a loop on several threads for 10 minutes, sampled by
# Candor every 100 us, on JDK 17 and 25, its heap fixed at 1g and touched at start (so RSS growth is not the heap's):
# the target's RSS every 10 s, its exit (no crash, no hs_err file) and the sampler's counts (delivered, dropped, failed
# walks). Not run in CI: it takes 20 minutes.
#
#   bench/sampling-soak.sh [--jdks HOME,HOME] [--seconds N] [--threads N] [--interval T] [--every S] [--heap SIZE]
#
# Needs the distribution (mvn -B install -DskipTests) and python3. Results go to bench/results/sampling-soak-<time>/
# (not tracked), the summary also to bench/results/sampling-soak-latest-summary.txt.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
SHARED_WORKLOADS="${CANDOR_SHARED_WORKLOADS:-$(cd "$ROOT/.." && pwd)/shared/workloads}"
CACHE="${CANDOR_WORKLOADS:-$HOME/.cache/candor-workloads}"
case "${1:-}" in -h|--help) sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
[ -f "$ROOT/modules/cli/target/candor/lib/candor-cli.jar" ] || { echo "sampling-soak: build the distribution first (mvn -B install -DskipTests)" >&2; exit 2; }
. "$BENCH/java-tools.sh"
bench_default_jdks
ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --jdks) JDKS="$2"; shift 2 ;;
    --seconds|--threads|--interval|--every|--heap) ARGS+=("$1" "$2"); shift 2 ;;
    *) echo "sampling-soak: unknown option '$1'" >&2; exit 2 ;;
  esac
done
CLASSES="$BENCH/target/soak-classes"
if [ ! -f "$CLASSES/JavacLoop.class" ] || [ "$BENCH/soak/JavacLoop.java" -nt "$CLASSES/JavacLoop.class" ]; then
  mkdir -p "$CLASSES"
  javac --release 17 -d "$CLASSES" "$BENCH/soak/JavacLoop.java"
fi
"$SHARED_WORKLOADS/javac.sh" prepare >/dev/null
mkdir -p "$BENCH/results"
exec python3 "$BENCH/soak/soak.py" --jdks "$JDKS" --candor "$ROOT/candor" --classes "$CLASSES" \
  --workload "$CACHE/javac" --results "$BENCH/results" ${ARGS[@]+"${ARGS[@]}"}
