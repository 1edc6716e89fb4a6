#!/usr/bin/env python3
"""What a program killed mid-run leaves (issue 17, "what was recorded up to about the last second is kept"): javac
compiling all of Guava under Candor (Total: 1.7 million call paths, the largest tree of the workloads; or, with
--mode sample, sampled every --interval), killed with SIGKILL after each of --after's seconds. Per kill: how old the checkpoint file's last part was at the kill, its parts
(whole checkpoints and continuations) and what they cost (CPU time, as the agent counted it, against the run's
duration), the mean interval between two parts, and what the file reads back as (call paths, calls) and how long
`candor report` took to read it."""
import argparse
import datetime
import os
import re
import signal
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "unchanged"))
from unchanged import javac_command  # noqa: E402


def descendants(pid):
    """Every process below pid (from /proc), deepest last."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        kids = []
        try:
            tasks = os.listdir("/proc/%d/task" % p)
        except OSError:
            tasks = []
        for t in tasks:  # a JVM starts a process from any of its threads: each thread has its own children
            try:
                with open("/proc/%d/task/%s/children" % (p, t)) as f:
                    kids += [int(k) for k in f.read().split()]
            except OSError:
                pass
        out += kids
        todo += kids
    return out


def target_of(pid):
    """The profiled JVM: the process below the client whose command line runs JavacMain with an agent."""
    for p in descendants(pid):
        try:
            with open("/proc/%d/cmdline" % p, "rb") as f:
                cmd = f.read().split(b"\0")
        except OSError:
            continue
        # instrumentation: -javaagent; sampling: libcandor.so alone
        if b"JavacMain" in cmd and any(a.startswith(b"-javaagent") or b"libcandor" in a for a in cmd):
            return p
    return None


def report_stats(candor, snap):
    start = time.monotonic()
    p = subprocess.run([candor, "report", snap], capture_output=True, text=True)
    took = time.monotonic() - start
    got = {k: int(v) for k, v in re.findall(r"^\s+(checkpoint\.\w+)\s+(\d+)$", p.stdout, re.M)}
    return got, took, p.returncode


def iso(s):
    return datetime.datetime.fromisoformat(s.replace("Z", "+00:00")).timestamp()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--after", default="60,120,170", help="seconds after the start to kill it, one run each")
    ap.add_argument("--java", required=True)
    ap.add_argument("--candor", required=True)
    ap.add_argument("--classes", required=True)
    ap.add_argument("--workload", required=True)
    ap.add_argument("--results", required=True)
    ap.add_argument("--mode", choices=["instrument", "sample"], default="instrument")
    ap.add_argument("--interval", default="1ms", help="--mode sample: the sampling interval")
    args = ap.parse_args()
    outdir = os.path.join(args.results, "checkpoint-kill-" + time.strftime("%Y%m%d-%H%M%S"))
    os.makedirs(outdir)
    w = args.workload
    rows = []
    for after in [float(a) for a in args.after.split(",") if a]:
        subprocess.run(["rm", "-rf", os.path.join(w, "out")])
        os.makedirs(os.path.join(w, "out"))
        tag = "killed-after-%d" % after
        snap = os.path.join(outdir, tag + ".candor")
        cmd = [args.candor, "profile", "-o", snap]
        if args.mode == "sample":
            cmd += ["--mode", "sample", "--interval", args.interval, "--"]
        else:
            cmd += ["--include", "com.sun.tools.javac.**", "--"]
        cmd += javac_command(args.java, args.classes, w, "")
        with open(os.path.join(outdir, tag + ".log"), "w") as log:
            started = time.time()
            client = subprocess.Popen(cmd, cwd=w, stdout=log, stderr=subprocess.STDOUT)
            time.sleep(after)
            target = target_of(client.pid)
            if target is None:
                client.wait()
                print("checkpoint-kill: the program ended before %d s: no kill" % after, flush=True)
                continue
            killed = time.time()
            os.kill(target, signal.SIGKILL)
            rc = client.wait()
        with open(os.path.join(outdir, tag + ".log"), errors="replace") as f:
            text = f.read()
        taken = re.search(r"a checkpoint taken at (\S+?Z)", text)
        # "N call paths, C calls" (instrumentation) or "N call paths, S of E expected samples" (sampling)
        kept = re.search(r"kept \S+: .*?([\d,]+) call paths, ([\d,]+) (?:calls|of [\d,]+ expected samples)", text)
        st, read_s, report_rc = report_stats(args.candor, snap)
        age = killed - iso(taken.group(1)) if taken else float("nan")
        # the statistics count the parts before the last: it is a continuation when the reader added some
        last_continues = re.search(r"and \d+ continuations? added to it", text) is not None
        whole = st.get("checkpoint.written", 0) + (0 if last_continues else 1)
        cont = st.get("checkpoint.continuations", 0) + (1 if last_continues else 0)
        cpu = st.get("checkpoint.time_ns", 0) / 1e9
        cont_cpu = st.get("checkpoint.continuation_time_ns", 0) / 1e9
        ran = killed - started
        row = dict(after=after, age=age, whole=whole, cont=cont, cpu=cpu, cont_cpu=cont_cpu, ran=ran,
                   interval=ran / (whole + cont), paths=kept.group(1) if kept else "?",
                   calls=kept.group(2) if kept else "?", read=read_s)
        rows.append(row)
        print("checkpoint-kill: killed after %.1f s (client exit %d): last part %.2f s old; %d whole and %d"
              " continuations, %.2f s of CPU (%.2f s continuations, %.1f ms each), %.1f %% of the run; a part every"
              " %.2f s; reads back as %s call paths, %s %s (report exit %d, %.1f s)" % (
                  ran, rc, age, whole, cont, cpu, cont_cpu, 1000 * cont_cpu / cont if cont else 0,
                  100 * cpu / ran, row["interval"], row["paths"], row["calls"],
                  "calls" if args.mode == "instrument" else "samples", report_rc, read_s), flush=True)
    under = "Total" if args.mode == "instrument" else "sampling every " + args.interval
    lines = ["Checkpoints of a killed program (bench/checkpoint-kill.sh), %s, javac on all of Guava under %s" % (
        time.strftime("%Y-%m-%d %H:%M"), under), "",
        "| killed after | last part's age | whole | continuations | CPU | of it continuations | each | share of"
        " the run | a part every | call paths | %s | report |" % ("calls" if args.mode == "instrument" else "samples"),
        "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append("| %.0f s | %.2f s | %d | %d | %.2f s | %.2f s | %.1f ms | %.1f %% | %.2f s | %s | %s | %.1f s |" % (
            r["ran"], r["age"], r["whole"], r["cont"], r["cpu"], r["cont_cpu"],
            1000 * r["cont_cpu"] / r["cont"] if r["cont"] else 0, 100 * r["cpu"] / r["ran"], r["interval"],
            r["paths"], r["calls"], r["read"]))
    if rows:
        lines.append("")
        lines.append("median age of the last part at the kill: %.2f s" % statistics.median(r["age"] for r in rows))
    summary = "\n".join(lines)
    print(summary)
    with open(os.path.join(outdir, "summary.txt"), "w") as f:
        f.write(summary + "\n")


if __name__ == "__main__":
    main()
