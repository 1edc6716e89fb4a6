#!/usr/bin/env bash
# What a program killed mid-run leaves (issue 17): javac compiling all of Guava under Candor (Total, 1.7 million call
# paths), killed with SIGKILL after each of --after's seconds; per kill, how old the checkpoint file's last part was,
# the whole checkpoints and continuations written and their CPU time, a part's mean interval, and what the file reads
# back as (see bench/README.md, "Checkpoint continuations").
#
#   bench/checkpoint-kill.sh [--after 60,120,170] [--mode instrument|sample] [--interval 1ms] [--java JAVA]
#
# --mode sample: the same under a sampling session (every --interval) instead of Total.
# Needs the distribution (mvn -B install -DskipTests) and python3. Results go to bench/results/checkpoint-kill-<time>/
# (not tracked). Run it on a quiet machine.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$BENCH")"
SHARED_WORKLOADS="${CANDOR_SHARED_WORKLOADS:-$(cd "$ROOT/.." && pwd)/shared/workloads}"
CACHE="${CANDOR_WORKLOADS:-$HOME/.cache/candor-workloads}"
case "${1:-}" in -h|--help) sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
. "$BENCH/java-tools.sh"
bench_java_tools "$@"
[ -f "$ROOT/modules/cli/target/candor/lib/candor-cli.jar" ] || { echo "checkpoint-kill: build the distribution first (mvn -B install -DskipTests)" >&2; exit 2; }
bench_javac_main
"$SHARED_WORKLOADS/javac.sh" prepare >/dev/null
mkdir -p "$BENCH/results"
exec python3 "$BENCH/checkpoint/checkpoint_kill.py" --java "$JAVA" --candor "$ROOT/candor" --classes "$CLASSES" \
  --workload "$CACHE/javac" --results "$BENCH/results" ${BENCH_ARGS[@]+"${BENCH_ARGS[@]}"}
