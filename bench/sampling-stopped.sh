#!/usr/bin/env bash
# A stopped sampling session (`candor ctl PID stop`): what it still costs a busy thread, with the timers closed (what
# the agent does) and with them left running and their signals ignored (libcandor.so's test hook
# simulate=ignorepause), next to no agent and to sampling, measured in rotation in JVMs alive at once; the worker's CPU
# time per operation and its ratio to no agent with a 95 % confidence interval (see bench/README.md, "A stopped
# sampling session").
#
#   bench/sampling-stopped.sh [--rounds N] [--window S] [--warmup S] [--interval NS] [--agent-dir DIR] [--java JAVA]
#
# Defaults: 8 rounds of 5 s windows, 10 s warm-up, sampling every 1 ms. Needs modules/cli/target/candor (mvn -B -o
# package -DskipTests) and python3. Results: bench/results/live-stopped-<time>/ and live-stopped-latest-summary.txt.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
case "${1:-}" in -h|--help) sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
exec "$BENCH/live/run.sh" stopped "$@"
