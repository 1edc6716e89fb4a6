#!/usr/bin/env bash
# Live refresh (issue 13): a throughput-bound program's operations per second while the app's Live Results window is
# open (a snapshot over the control channel every second, read back whole) against closed, as paired alternating
# windows, under an instrumentation session and a sampling session; every window's numbers, then the ratios with
# their 95 % confidence intervals (see bench/README.md, "Live refresh").
#
#   bench/live-refresh.sh [--rounds N] [--window S] [--warmup S] [--threads N] [--period MS|paced] [--interval NS]
#                         [--sessions instrument,sample] [--depth N] [--agent-dir DIR] [--baseline-agent-dir DIR]
#                         [--java JAVA]
#
# Defaults: 8 pairs of 5 s windows per session, 10 s warm-up, as many workers as CPUs, a refresh every 1000 ms
# (the app refreshes every 2000 ms), sampling cpu every 1 ms. Needs the assembled command line
# (mvn -B -o package -DskipTests: modules/cli/target/candor) and python3. Results: bench/results/live-refresh-<time>/
# (summary.txt, runs.json, each JVM's stderr) and bench/results/live-refresh-latest-summary.txt. --baseline-agent-dir: each
# session under another agent directory too (say, built from an earlier commit), in the same rounds.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
case "${1:-}" in -h|--help) sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
exec "$BENCH/live/run.sh" refresh "$@"
