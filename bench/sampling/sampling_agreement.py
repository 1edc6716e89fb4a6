#!/usr/bin/env python3
"""Sampling truth on real programs (issue 14): Candor's sampler and async-profiler 4.5 on the same workloads (javac
compiling all of Guava, the H2 database running h2-bench.sql), both in cpu mode at the same interval, alternating
run by run. Prints, per workload and profiler: the share of Java-thread samples whose stack is whole (its outermost
Java frame is a thread's entry: Thread.run, a main method, a virtual thread's entry), one-frame stacks, failed walks;
the top-N self methods side by side (each sample given to its deepest Java frame) with how many the two share and
how far each top-5 share lies apart; and run-to-run stability (the hottest method of each run, each top-5 method's
share spread over the runs) for both. Run it through bench/sampling-agreement.sh. Python 3.8+, standard library only.
"""
import argparse
import collections
import json
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
sys.path.insert(0, BENCH)
from machine import cpu_model  # noqa: E402
sys.path.insert(0, os.path.join(BENCH, "fullsize"))
from full_size import javac_args, output_check  # noqa: E402  (javac as the full-size benchmark runs it)

WORKLOADS = ("javac", "h2")
PROFILERS = ("candor", "async")
# Issue 14's goals.
GOAL_WHOLE = 97.0          # % of Java-thread samples rooted at their thread's entry
GOAL_ONE_FRAME = 1.0       # % of one-frame stacks, at most
GOAL_TOP10_SHARED = 9      # of the top 10 self methods, at least
GOAL_TOP5_POINTS = 1.5     # each top-5 share within this many points of async-profiler's

# async-profiler's annotation of Java frames (option ann): JIT-compiled, inlined, interpreted, C1-compiled.
ASYNC_JAVA = re.compile(r"_\[([ji01])\]$")
# Pseudo-frames for a Java thread whose walk failed (AsyncGetCallTrace's error names, as both profilers print them).
FAILED_WALK = re.compile(r"^\[(unknown_Java|not_walkable_Java|not_walkable_not_Java|unknown_state|thread_exit|"
                         r"GC_active|deopt|safepoint|unknown_not_Java)\]$")
THREAD_ENTRY_CLASSES = ("java.lang.ref.Reference$ReferenceHandler",)
CONTINUATION_ENTRIES = ("jdk.internal.vm.Continuation.enter", "jdk.internal.vm.Continuation.enterSpecial",
                        "java.lang.VirtualThread.run")


def normalize(name):
    """One spelling for both profilers: dots, no signature, no hidden-class address or lambda counter."""
    name = name.split("(")[0].replace("/", ".")
    name = re.sub(r"\.0x[0-9a-f]+", "", name)
    return re.sub(r"\$\$Lambda\$\d+", "$$Lambda", name)


def is_thread_entry(frame):
    if frame in CONTINUATION_ENTRIES:
        return True
    cls, _, method = frame.rpartition(".")
    if method == "main":
        return True
    if method in ("run", "runWith"):
        return cls == "java.lang.Thread" or cls.endswith("Thread") or cls in THREAD_ENTRY_CLASSES
    return False


class Profile:
    """One run's collapsed stacks reduced to what the summary needs."""

    def __init__(self):
        self.java = 0          # samples of Java threads (a Java frame, or a failed Java walk)
        self.whole = 0         # ... rooted at their thread's entry
        self.one_frame = 0     # ... whose stack is one frame
        self.failed = 0        # ... whose walk failed (a failure pseudo-frame, attributed by address or not)
        self.self = collections.Counter()

    def add(self, frames, n):
        """A sample of a Java thread: frames outermost first, each (name, is_java); others keep their spelling."""
        java = [f for f, j in frames if j]
        failed = any(FAILED_WALK.match(f) or FAILED_WALK.match(f.replace("[vm].", "", 1)) for f, j in frames if not j)
        self.java += n
        if len(frames) == 1:
            self.one_frame += n
        if failed:
            self.failed += n
        if java and is_thread_entry(java[0]) and not failed:
            self.whole += n
        if java:
            self.self[java[-1]] += n

    def shares(self):
        total = sum(self.self.values())
        return {m: 100.0 * c / total for m, c in self.self.items()} if total else {}

    def to_json(self):
        return {"java": self.java, "whole": self.whole, "one_frame": self.one_frame, "failed": self.failed,
                "self": dict(self.self)}

    @staticmethod
    def from_json(d):
        p = Profile()
        p.java, p.whole, p.one_frame, p.failed = d["java"], d["whole"], d["one_frame"], d["failed"]
        p.self = collections.Counter(d["self"])
        return p


def read_candor(collapsed):
    """Candor samples Java threads only: every sample counts."""
    p = Profile()
    with open(collapsed) as f:
        for line in f:
            stack, _, n = line.rstrip("\n").rpartition(" ")
            frames = [(normalize(fr) if not fr.startswith("[") else fr, not fr.startswith("["))
                      for fr in stack.split(";")]
            p.add(frames, int(n))
    return p


def read_async(collapsed):
    """async-profiler samples every thread (option threads: each stack starts with [name tid=N]); the Java threads
    are those with a Java frame in some sample, and all of their samples count, walked or not."""
    by_thread = collections.defaultdict(list)
    with open(collapsed) as f:
        for line in f:
            stack, _, n = line.rstrip("\n").rpartition(" ")
            thread, _, rest = stack.partition(";")
            frames = []
            for fr in rest.split(";") if rest else []:
                m = ASYNC_JAVA.search(fr)
                frames.append((normalize(fr[:m.start()]), True) if m else (fr, False))
            by_thread[thread].append((frames, int(n)))
    p = Profile()
    for samples in by_thread.values():
        if any(j for frames, _ in samples for _, j in frames):
            for frames, n in samples:
                p.add(frames, n)
    return p


def run(cmd, cwd, log, env=None):
    start = time.monotonic()
    with open(log, "w") as out:
        rc = subprocess.run(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env).returncode
    return rc, time.monotonic() - start


def javac_command(args):
    return args.javac_dir, ["-cp", args.javac_classes, "JavacMain"] + javac_args(args.javac_dir, "sources.txt")


def h2_command(args):
    return args.h2_dir, ["-cp", "lib/*", "org.h2.tools.RunScript", "-url", "jdbc:h2:mem:bench", "-user", "sa",
                         "-script", args.h2_script, "-showResults"]


def h2_check(log):
    with open(log, errors="replace") as f:
        for line in f:
            if "--> CHECK" in line:
                return line.strip()[-120:]
    return "no CHECK line"


def one_run(args, workload, profiler, outdir, i):
    cwd, program = javac_command(args) if workload == "javac" else h2_command(args)
    if workload == "javac":
        subprocess.run(["rm", "-rf", os.path.join(cwd, "out")])
        os.makedirs(os.path.join(cwd, "out"))
    base = "%s-%s-%d" % (workload, profiler, i)
    coll = os.path.join(outdir, base + ".collapsed")
    log = os.path.join(outdir, base + ".log")
    if profiler == "candor":
        snap = os.path.join(outdir, base + ".candor")
        cmd = [args.candor, "profile", "--mode", "sample", "--interval", args.interval, "-o", snap, "--",
               args.java] + program
    else:
        cmd = [args.java, "-agentpath:%s=start,event=cpu,interval=%s,file=%s,collapsed,ann,threads" % (args.async_lib,
               args.interval, coll)] + program
    rc, wall = run(cmd, cwd, log)
    check = output_check(cwd) if workload == "javac" else h2_check(log)
    if profiler == "candor" and rc == 0:
        rep = subprocess.run([args.candor, "report", snap, "--format", "collapsed", "--value", "self_samples",
                              "-o", coll], capture_output=True, text=True)
        if rep.returncode != 0:
            raise RuntimeError("candor report failed: " + rep.stderr.strip()[-300:])
        stats = subprocess.run([args.candor, "report", snap, "--hot-spots", "0", "--min-percent", "100"],
                               capture_output=True, text=True).stdout
        failed = sum(int(x) for x in re.findall(r"samples\.failed\.\S+\s+(\d+)", stats))
    else:
        failed = None
    profile = (read_candor if profiler == "candor" else read_async)(coll) if rc == 0 else Profile()
    if profiler == "candor" and not args.keep:
        os.remove(snap)
    r = {"workload": workload, "profiler": profiler, "run": i, "rc": rc, "wall_s": wall, "check": check,
         "walks_failed": failed, "profile": profile.to_json()}
    print("sampling-agreement: %-5s %-6s run %d: rc %d, %.1f s, %d Java samples, %.1f %% whole" % (
        workload, profiler, i, rc, wall, profile.java, 100.0 * profile.whole / max(1, profile.java)), flush=True)
    return r


def pct(a, b):
    return 100.0 * a / b if b else float("nan")


def summarize(results, top, interval):
    out = ["# candor sampling agreement (issue 14): Candor vs async-profiler 4.5, cpu mode, %s, %s; CPU %s" % (
        interval, time.strftime("%Y-%m-%d %H:%M"), cpu_model())]
    goals = []
    for w in WORKLOADS:
        runs = {p: [r for r in results if r["workload"] == w and r["profiler"] == p and r["rc"] == 0] for p in PROFILERS}
        if not runs["candor"] or not runs["async"]:
            continue
        checks = {r["check"] for p in PROFILERS for r in runs[p]}
        out.append("")
        out.append("## %s: %d Candor runs, %d async-profiler runs; output identical in every run: %s" % (
            w, len(runs["candor"]), len(runs["async"]), "yes" if len(checks) == 1 else "NO " + str(sorted(checks))))
        profiles = {p: [Profile.from_json(r["profile"]) for r in runs[p]] for p in PROFILERS}
        out.append("%-8s %10s %8s %9s %8s" % ("", "Java smp", "whole %", "1-frame %", "failed %"))
        whole = {}
        for p in PROFILERS:
            ps = profiles[p]
            java = sum(x.java for x in ps)
            whole[p] = pct(sum(x.whole for x in ps), java)
            one = pct(sum(x.one_frame for x in ps), java)
            # Candor counts its failed walks itself (some attributed by address, so not under a failure frame)
            counted = [r["walks_failed"] for r in runs[p]]
            failed = sum(counted) if None not in counted else sum(x.failed for x in ps)
            out.append("%-8s %10d %8.2f %9.2f %8.2f" % (p, java // len(ps), whole[p], one, pct(failed, java)))
            if p == "candor":
                goals.append("%s: whole stacks >= %.0f %%: %.2f %% %s" % (w, GOAL_WHOLE, whole[p],
                                                                       "PASS" if whole[p] >= GOAL_WHOLE else "FAIL"))
                goals.append("%s: one-frame stacks < %.0f %%: %.2f %% %s" % (w, GOAL_ONE_FRAME, one,
                                                                         "PASS" if one < GOAL_ONE_FRAME else "FAIL"))
        # mean share per method over the runs
        mean = {}
        for p in PROFILERS:
            acc = collections.defaultdict(float)
            for x in profiles[p]:
                for m, s in x.shares().items():
                    acc[m] += s / len(profiles[p])
            mean[p] = acc
        tops = {p: sorted(mean[p], key=lambda m: -mean[p][m])[:top] for p in PROFILERS}
        shared = len(set(tops["candor"]) & set(tops["async"]))
        out.append("")
        out.append("top %d self methods (mean share over the runs), side by side:" % top)
        out.append("%3s  %-60s %7s %7s   %-60s %7s %7s" % ("#", "Candor", "Candor", "async", "async-profiler", "async",
                                                         "Candor"))
        for k in range(top):
            c = tops["candor"][k] if k < len(tops["candor"]) else ""
            a = tops["async"][k] if k < len(tops["async"]) else ""
            out.append("%3d  %-60s %7.2f %7.2f   %-60s %7.2f %7.2f" % (
                k + 1, c[-60:], mean["candor"].get(c, 0), mean["async"].get(c, 0),
                a[-60:], mean["async"].get(a, 0), mean["candor"].get(a, 0)))
        worst = max(abs(mean["candor"].get(m, 0) - mean["async"].get(m, 0)) for m in tops["async"][:5])
        out.append("top %d shared: %d; largest gap over async-profiler's top 5: %.2f points" % (top, shared, worst))
        goals.append("%s: top-10 self methods shared >= %d: %d %s" % (w, GOAL_TOP10_SHARED, shared,
                                                                      "PASS" if shared >= GOAL_TOP10_SHARED else "FAIL"))
        goals.append("%s: each top-5 share within %.1f points: %.2f %s" % (w, GOAL_TOP5_POINTS, worst,
                                                                          "PASS" if worst <= GOAL_TOP5_POINTS else "FAIL"))
        # stability over the runs
        out.append("")
        out.append("run-to-run stability:")
        spread = {}
        for p in PROFILERS:
            hottest = collections.Counter(max(x.self, key=x.self.get) for x in profiles[p] if x.self)
            top5 = tops[p][:5]
            sds = [statistics.pstdev([x.shares().get(m, 0.0) for x in profiles[p]]) for m in top5]
            spread[p] = statistics.mean(sds) if sds else float("nan")
            sets = len({tuple(sorted(sorted(x.self, key=lambda m: -x.self[m])[:5])) for x in profiles[p]})
            out.append("  %-7s hottest method in %d runs: %d different (%s); top-5 share sd %s (mean %.2f points); "
                       "%d different top-5 sets" % (
                           p, len(profiles[p]), len(hottest), ", ".join("%s x%d" % (".".join(m.rsplit(".", 2)[-2:]), n)
                                                                       for m, n in hottest.most_common(3)),
                           " ".join("%.2f" % s for s in sds), spread[p], sets))
        if len(profiles["candor"]) > 1:
            ok = spread["candor"] <= spread["async"]
            goals.append("%s: Candor's top 5 at least as stable as async-profiler's: sd %.2f vs %.2f %s" % (
                w, spread["candor"], spread["async"], "PASS" if ok else "FAIL"))
        walls = {p: statistics.median(r["wall_s"] for r in runs[p]) for p in PROFILERS}
        out.append("median wall: Candor %.1f s, async-profiler %.1f s" % (walls["candor"], walls["async"]))
    out.append("")
    out.append("goals (issue 14):")
    out.extend("  " + g for g in goals)
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--java", required=True)
    ap.add_argument("--candor", required=True)
    ap.add_argument("--async-lib", required=True)
    ap.add_argument("--javac-dir", required=True)
    ap.add_argument("--javac-classes", required=True)
    ap.add_argument("--h2-dir", required=True)
    ap.add_argument("--h2-script", required=True)
    ap.add_argument("--results", required=True)
    ap.add_argument("--workloads", default=",".join(WORKLOADS))
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--interval", default="1ms")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--keep", action="store_true", help="keep Candor's snapshots")
    ap.add_argument("--resummarize", metavar="RUNS_JSONL")
    args = ap.parse_args()
    if args.resummarize:
        with open(args.resummarize) as f:
            print(summarize([json.loads(l) for l in f if l.strip()], args.top, args.interval))
        return
    workloads = [x.strip() for x in args.workloads.split(",") if x.strip()]
    for x in workloads:
        if x not in WORKLOADS:
            sys.exit("sampling-agreement: unknown workload '%s' (known: %s)" % (x, ", ".join(WORKLOADS)))
    outdir = os.path.join(args.results, "sampling-agreement-" + time.strftime("%Y%m%d-%H%M%S"))
    os.makedirs(outdir)
    results = []
    for w in workloads:
        for i in range(args.runs):
            # alternate which goes first, so a drift in the machine's speed favours neither
            for p in (PROFILERS if i % 2 == 0 else PROFILERS[::-1]):
                r = one_run(args, w, p, outdir, i)
                results.append(r)
                with open(os.path.join(outdir, "runs.jsonl"), "a") as f:
                    f.write(json.dumps(r) + "\n")
    summary = summarize(results, args.top, args.interval)
    print(summary)
    for path in (os.path.join(outdir, "summary.txt"), os.path.join(args.results, "sampling-agreement-latest-summary.txt")):
        with open(path, "w") as f:
            f.write(summary)


if __name__ == "__main__":
    main()
