#!/usr/bin/env bash
# What checkpoints cost a program (issue 17): javac compiling a part of Guava under Candor (Total, and sampling) with
# checkpoints at their default and with --checkpoint off, alternating in one run; medians of wall and CPU time and
# their ratios, and the checkpoints' own CPU time as the agent counted it (see bench/README.md, "Checkpoints").
#
#   bench/checkpoint-cost.sh [--rounds N] [--modes total,sample] [--only com/google/common/base,...|''] [--java JAVA]
#
# --only '' compiles all of Guava. Needs the distribution (mvn -B install -DskipTests), python3 and /usr/bin/time.
# Results go to bench/results/checkpoint-cost-<time>/ (not tracked), the summary also to
# bench/results/checkpoint-cost-latest-summary.txt. Run it on a quiet machine.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
SHARED_WORKLOADS="${CANDOR_SHARED_WORKLOADS:-$(cd "$ROOT/.." && pwd)/shared/workloads}"
CACHE="${CANDOR_WORKLOADS:-$HOME/.cache/candor-workloads}"
case "${1:-}" in -h|--help) sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
[ -x /usr/bin/time ] || { echo "checkpoint-cost: needs /usr/bin/time (Debian package time)" >&2; exit 2; }
. "$BENCH/java-tools.sh"
bench_java_tools "$@"
[ -f "$ROOT/modules/cli/target/candor/lib/candor-cli.jar" ] || { echo "checkpoint-cost: build the distribution first (mvn -B install -DskipTests)" >&2; exit 2; }
bench_javac_main
"$SHARED_WORKLOADS/javac.sh" prepare >/dev/null
mkdir -p "$BENCH/results"
exec python3 "$BENCH/checkpoint/checkpoint_cost.py" --java "$JAVA" --candor "$ROOT/candor" --classes "$CLASSES" \
  --workload "$CACHE/javac" --results "$BENCH/results" ${BENCH_ARGS[@]+"${BENCH_ARGS[@]}"}
