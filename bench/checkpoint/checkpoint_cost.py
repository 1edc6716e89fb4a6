#!/usr/bin/env python3
"""What checkpoints cost a program (issue 17): javac compiling Guava (or a subset) under Candor with checkpoints at
their default and with --checkpoint off, alternating in one run, per mode (Total, sampling). Prints each run, then per
mode the medians of wall and CPU time (the whole process, /usr/bin/time), their ratio on/off, and what the agent says
the checkpoints took (checkpoint.written, .continuations, .time_ns: CPU time) against the run's duration, and the
mean interval between two checkpoint parts (wall time over parts written)."""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "unchanged"))
from unchanged import javac_command  # noqa: E402


def timed(cmd, cwd, log):
    with open(log, "w") as out:
        p = subprocess.run(["/usr/bin/time", "-v"] + cmd, cwd=cwd, stdout=out, stderr=subprocess.PIPE, text=True)
    err = p.stderr
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", err)
    wall_s = int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))
    cpu = float(re.search(r"User time \(seconds\): ([\d.]+)", err).group(1)) + \
        float(re.search(r"System time \(seconds\): ([\d.]+)", err).group(1))
    return p.returncode, wall_s, cpu


def stats(candor, snap):
    p = subprocess.run([candor, "report", snap], capture_output=True, text=True)
    got = dict(re.findall(r"^\s+(checkpoint\.\w+)\s+(\d+)$", p.stdout, re.M))
    duration = re.search(r"^\s+Duration:\s+(.*)$", p.stdout, re.M)
    return {k: int(v) for k, v in got.items()}, duration.group(1) if duration else "?"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--modes", default="total,sample")
    ap.add_argument("--only", default="com/google/common/base")
    ap.add_argument("--java", required=True)
    ap.add_argument("--candor", required=True)
    ap.add_argument("--classes", required=True)
    ap.add_argument("--workload", required=True)
    ap.add_argument("--results", required=True)
    args = ap.parse_args()
    outdir = os.path.join(args.results, "checkpoint-cost-" + time.strftime("%Y%m%d-%H%M%S"))
    os.makedirs(outdir)
    w = args.workload
    runs = {}
    for rnd in range(args.rounds):
        for mode in [m for m in args.modes.split(",") if m]:
            for checkpoint in ("default", "off"):
                subprocess.run(["rm", "-rf", os.path.join(w, "out")])
                os.makedirs(os.path.join(w, "out"))
                tag = "%s-%s-%d" % (mode, checkpoint, rnd)
                snap = os.path.join(outdir, tag + ".candor")
                cmd = [args.candor, "profile", "-o", snap]
                cmd += ["--include", "com.sun.tools.javac.**"] if mode == "total" else ["--mode", "sample"]
                if checkpoint == "off":
                    cmd += ["--checkpoint", "off"]
                cmd += ["--"] + javac_command(args.java, args.classes, w, args.only)
                rc, wall, cpu = timed(cmd, w, os.path.join(outdir, tag + ".log"))
                st, duration = stats(args.candor, snap)
                runs.setdefault((mode, checkpoint), []).append((wall, cpu, st))
                print("checkpoint-cost: round %d %-6s checkpoints %-7s exit %d, wall %.1f s, CPU %.1f s, %d written"
                      " whole and %d continuations, %.3f s of CPU in them, last period %d ms (run %s)" % (
                          rnd, mode, checkpoint, rc, wall, cpu, st.get("checkpoint.written", 0),
                          st.get("checkpoint.continuations", 0), st.get("checkpoint.time_ns", 0) / 1e9,
                          st.get("checkpoint.period_ms", 0), duration), flush=True)
    lines = ["Checkpoint cost (bench/checkpoint-cost.sh), %s, javac %s, %d rounds, medians" % (
        time.strftime("%Y-%m-%d %H:%M"), args.only or "all of Guava", args.rounds), "",
        "| mode | wall on | wall off | on/off | CPU on | CPU off | on/off | whole | continuations | their CPU | share of wall |"
        " mean interval |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for mode in [m for m in args.modes.split(",") if m]:
        on, off = runs[(mode, "default")], runs[(mode, "off")]
        won, woff = statistics.median(r[0] for r in on), statistics.median(r[0] for r in off)
        con, coff = statistics.median(r[1] for r in on), statistics.median(r[1] for r in off)
        written = statistics.median(r[2].get("checkpoint.written", 0) for r in on)
        continued = statistics.median(r[2].get("checkpoint.continuations", 0) for r in on)
        their = statistics.median(r[2].get("checkpoint.time_ns", 0) / 1e9 for r in on)
        parts = written + continued
        lines.append("| %s | %.1f s | %.1f s | %.3f | %.1f s | %.1f s | %.3f | %d | %d | %.3f s | %.1f %% | %.1f s |" % (
            mode, won, woff, won / woff, con, coff, con / coff, written, continued, their, 100 * their / won,
            won / parts if parts else 0))
    summary = "\n".join(lines)
    print(summary)
    with open(os.path.join(outdir, "summary.txt"), "w") as f:
        f.write(summary + "\n")
    with open(os.path.join(args.results, "checkpoint-cost-latest-summary.txt"), "w") as f:
        f.write(summary + "\n")


if __name__ == "__main__":
    main()
