#!/usr/bin/env python3
"""The full-size benchmark (issue 12): javac compiling all of Guava, plain, under Candor's Total and Lazy schemes, and
under async-profiler 4.5 (cpu, 1 ms), side by side in one run. Prints, per configuration: wall time and its ratio to
the plain run, CPU time, peak RSS and its ratio, the output check; for Candor: calls, dropped, folded and beyond-budget
calls, paths; the calibrated total of the main thread against the plain run's main-thread CPU time; per-method self
shares against async-profiler's 1 ms profile (each sample given to its deepest javac frame, the way an instrumenting
profiler that leaves the JDK alone sees it). Run it through bench/full-size.sh. Python 3.8+, standard library only.
"""
import argparse
import collections
import hashlib
import json
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)
from machine import cpu_model  # noqa: E402

# Issue 12's goals.
GOAL_TIME_RATIO = 3.0      # Total (and Lazy) wall time at most 3x the plain run's
GOAL_RSS_RATIO = 2.0       # peak RSS under Total at most 2x the plain run's
JAVAC_PREFIX = "com/sun/tools/javac/"
CONFIGS = ("plain", "total", "lazy", "async")


def run(cmd, env, cwd, log):
    """Runs cmd under /usr/bin/time -v; returns (rc, stderr text, wall s, cpu s, peak RSS KB)."""
    timed = ["/usr/bin/time", "-v"] + cmd
    start = time.monotonic()
    with open(log, "w") as out:
        p = subprocess.run(timed, cwd=cwd, env=env, stdout=out, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - start
    err = p.stderr
    user = float(re.search(r"User time \(seconds\): ([\d.]+)", err).group(1))
    sys_ = float(re.search(r"System time \(seconds\): ([\d.]+)", err).group(1))
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", err).group(1))
    return p.returncode, err, wall, user + sys_, rss


def javac_args(w, sources):
    # all of Guava compiles against its dependencies; a subset against the rest of Guava too
    whole = sources == "sources.txt"
    cp = ":".join(sorted(os.path.join(w, "lib", f) for f in os.listdir(os.path.join(w, "lib"))
                         if f.endswith(".jar") and not (whole and "guava-33" in f)))
    return ["-nowarn", "-proc:none", "-encoding", "UTF-8", "-d", "out", "-cp", cp, "@" + sources]


def source_list(w, only):
    """All of Guava's sources, or those under the packages named (comma-separated, e.g. com/google/common/base)."""
    if not only:
        return "sources.txt"
    prefixes = ["srcx/" + p.strip().strip("/") + "/" for p in only.split(",") if p.strip()]
    with open(os.path.join(w, "sources.txt")) as f:
        picked = [l for l in f if any(l.startswith(p) for p in prefixes)]
    if not picked:
        sys.exit("full-size: --only %s names no Guava sources" % only)
    name = "sources-subset.txt"
    with open(os.path.join(w, name), "w") as f:
        f.writelines(picked)
    return name


def output_check(w):
    out = os.path.join(w, "out")
    files = sorted(os.path.relpath(os.path.join(d, f), out) for d, _, fs in os.walk(out) for f in fs if f.endswith(".class"))
    md5 = hashlib.md5()
    for f in files:
        with open(os.path.join(out, f), "rb") as fh:
            md5.update(fh.read())
    return "%d classes %s" % (len(files), md5.hexdigest())


def fresh_out(w):
    subprocess.run(["rm", "-rf", os.path.join(w, "out")])
    os.makedirs(os.path.join(w, "out"))


def figures(args, snapshot):
    p = subprocess.run([args.java, "-Xmx8g", "-cp", args.classes + ":" + args.cli_lib + "/*", "SnapshotFigures", snapshot],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("SnapshotFigures failed: " + p.stderr.strip()[-500:])
    stats, threads, methods = {}, {}, {}
    for line in p.stdout.splitlines():
        f = line.split("\t")
        if f[0] == "stat":
            stats[f[1]] = int(f[2])
        elif f[0] == "thread":
            threads[f[1]] = (int(f[2]), int(f[3]), int(f[4]))
        elif f[0] == "method":
            calls, self_, total, raw_self, raw_total, effect = map(int, f[2:8])
            prev = methods.get(f[1], (0, 0, 0, 0, 0, 0))
            methods[f[1]] = tuple(a + b for a, b in zip(prev, (calls, self_, total, raw_self, raw_total, max(0, effect))))
    return stats, threads, methods


def async_shares(collapsed):
    """Samples per javac method (deepest javac frame of each stack), and the samples that have a javac frame."""
    per, total = collections.Counter(), 0
    with open(collapsed) as f:
        for line in f:
            stack, _, n = line.rstrip("\n").rpartition(" ")
            n = int(n)
            frames = [fr for fr in stack.split(";") if fr.startswith(JAVAC_PREFIX)]
            if frames:
                total += n
                per[frames[-1].replace("/", ".").split("(")[0]] += n
    return per, total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--java", required=True)
    ap.add_argument("--candor", required=True)
    ap.add_argument("--cli-lib", required=True)
    ap.add_argument("--classes", required=True)
    ap.add_argument("--async-lib", required=True)
    ap.add_argument("--workload", required=True, help="the javac workload directory (javac.sh prepare)")
    ap.add_argument("--results", required=True)
    ap.add_argument("--configs", default=",".join(CONFIGS))
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--only", default="", help="compile only these Guava packages (a quick run), e.g. com/google/common/base")
    ap.add_argument("--agent-option", action="append", default=[], help="K=V for Candor's runs (e.g. calibration=off)")
    ap.add_argument("--steady", type=int, default=0, metavar="N",
                    help="instead: javac N times (2-5) in one JVM, plain and under Total, each round's calibrated total"
                         " against its plain CPU and wall time (what instrumentation costs after the warm-up)")
    args = ap.parse_args()
    if args.steady:
        return steady_state(args)
    configs = [c.strip() for c in args.configs.split(",") if c.strip()]
    for c in configs:
        if c not in CONFIGS:
            sys.exit("full-size: unknown configuration '%s' (known: %s)" % (c, ", ".join(CONFIGS)))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    outdir = os.path.join(args.results, "full-size-" + stamp)
    os.makedirs(outdir)
    w = args.workload
    env = dict(os.environ)
    sources = source_list(w, args.only)
    base = [args.java, "-cp", args.classes, "JavacMain"] + javac_args(w, sources)
    extra = [x for o in args.agent_option for x in ("--agent-option", o)]
    include = "com.sun.tools.javac.**"
    results = collections.defaultdict(list)
    for rnd in range(args.rounds):
        for c in configs:
            fresh_out(w)
            snap = os.path.join(outdir, "%s-%d.candor" % (c, rnd))
            if c == "plain":
                cmd = base
            elif c == "total":
                cmd = [args.candor, "profile", "--include", include, "-o", snap] + extra + ["--"] + base
            elif c == "lazy":
                cmd = [args.candor, "profile", "--root", "com.sun.tools.javac.main.JavaCompiler.compile", "--include",
                       include, "-o", snap] + extra + ["--"] + base
            else:
                coll = os.path.join(outdir, "async-%d.collapsed" % rnd)
                cmd = [args.java, "-agentpath:%s=start,event=cpu,interval=1ms,file=%s,collapsed" % (args.async_lib, coll),
                       "-cp", args.classes, "JavacMain"] + javac_args(w, sources)
            log = os.path.join(outdir, "%s-%d.log" % (c, rnd))
            rc, err, wall, cpu, rss = run(cmd, env, w, log)
            m = re.search(r"FULLSIZE main_cpu_ns=(\d+) main_wall_ns=(\d+) rc=(\d+)", err)
            r = {"config": c, "round": rnd, "rc": rc, "wall_s": wall, "cpu_s": cpu, "rss_kb": rss,
                 "check": output_check(w), "main_cpu_ns": int(m.group(1)) if m else None,
                 "main_wall_ns": int(m.group(2)) if m else None}
            if c in ("total", "lazy") and os.path.exists(snap):
                stats, threads, methods = figures(args, snap)
                r.update(stats=stats, threads=threads, methods=methods)
            if c == "async":
                per, n = async_shares(coll)
                r.update(async_per=dict(per), async_samples=n)
            results[c].append(r)
            with open(os.path.join(outdir, "runs.jsonl"), "a") as f:
                f.write(json.dumps({k: v for k, v in r.items() if k not in ("methods", "async_per")}) + "\n")
            print("full-size: round %d %-6s rc %d, %.1f s, CPU %.1f s, peak RSS %.0f MB" % (rnd, c, rc, wall, cpu, rss / 1024),
                  flush=True)
    summary = summarize(results, args.top, args.only, args.agent_option)
    print(summary)
    with open(os.path.join(outdir, "summary.txt"), "w") as f:
        f.write(summary)
    with open(os.path.join(args.results, "full-size-latest-summary.txt"), "w") as f:
        f.write(summary)


def steady_state(args):
    """javac args.steady times in one JVM, plain then under Total; per round: plain CPU and wall, calibrated total,
    the calibrated total's excess over the plain wall time per call (what calibration leaves in), calls."""
    if not 2 <= args.steady <= 5:
        sys.exit("full-size: --steady takes 2 to 5 rounds")
    outdir = os.path.join(args.results, "steady-state-" + time.strftime("%Y%m%d-%H%M%S"))
    os.makedirs(outdir)
    w = args.workload
    sources = source_list(w, args.only)
    base = [args.java, "-cp", args.classes, "JavacRounds", str(args.steady)] + javac_args(w, sources)
    extra = [x for o in args.agent_option for x in ("--agent-option", o)]
    snap = os.path.join(outdir, "total.candor")
    per_round = {}
    for c, cmd in (("plain", base),
                   ("total", [args.candor, "profile", "--include", "com.sun.tools.javac.**,JavacRounds", "-o", snap]
                    + extra + ["--"] + base)):
        fresh_out(w)
        rc, err, wall, cpu, rss = run(cmd, dict(os.environ), w, os.path.join(outdir, c + ".log"))
        if rc != 0:
            sys.exit("full-size: the %s run failed (rc %d), see %s" % (c, rc, outdir))
        per_round[c] = {int(m.group(1)): (int(m.group(2)), int(m.group(3)))
                        for m in re.finditer(r"ROUND (\d+) cpu_ns=(\d+) wall_ns=(\d+)", err)}
        print("full-size: steady state %-5s %.1f s, CPU %.1f s, peak RSS %.0f MB" % (c, wall, cpu, rss / 1024), flush=True)
    p = subprocess.run([args.java, "-Xmx8g", "-cp", args.classes + ":" + args.cli_lib + "/*", "RoundFigures", snap],
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("full-size: RoundFigures failed: " + p.stderr.strip()[-500:])
    rounds = {}
    for line in p.stdout.splitlines():
        f = line.split("\t")
        rounds[int(f[1])] = (int(f[2]), int(f[3]), int(f[4]))
    L = ["# candor full-size benchmark, steady state: javac compiling %s %d times in one JVM, %s; CPU %s"
         % ("Guava packages " + args.only if args.only else "all of Guava", args.steady, time.strftime("%Y-%m-%d %H:%M"),
            cpu_model()), "",
         "round  plain CPU s  plain wall s  Total wall s  calibrated s  calibrated/plain wall  calls       excess ns/call"]
    for n in sorted(rounds):
        cal, raw, calls = rounds[n]
        pc, pw = per_round["plain"].get(n, (0, 0))
        tw = per_round["total"].get(n, (0, 0))[1]
        L.append("%5d  %11.2f  %12.2f  %12.2f  %12.2f  %21.2f  %11s %14.1f"
                 % (n, pc / 1e9, pw / 1e9, tw / 1e9, cal / 1e9, cal / pw if pw else 0, fmt(calls),
                    (cal - pw) / calls if calls else 0))
    L.append("(excess: the calibrated total minus the plain round's wall time, per call: what instrumentation does to the"
             " program's own code, which calibration does not take out)")
    summary = "\n".join(L) + "\n"
    print(summary)
    with open(os.path.join(outdir, "summary.txt"), "w") as f:
        f.write(summary)


def med(rs, key):
    xs = [r[key] for r in rs if r.get(key) is not None]
    return statistics.median(xs) if xs else None


def summarize(results, top, only, agent_options):
    L = []
    load = os.getloadavg()[0]
    what = "Guava 33.3.1 (627 files)" if not only else "Guava's " + only
    L.append("# candor full-size benchmark: javac compiling %s, %s; CPU %s; load %.2f at the end%s"
             % (what, time.strftime("%Y-%m-%d %H:%M"), cpu_model(), load,
                "; Candor with " + ",".join(agent_options) if agent_options else ""))
    plain = results.get("plain", [])
    pw, prss = med(plain, "wall_s"), med(plain, "rss_kb")
    checks = {c: {r["check"] for r in rs} for c, rs in results.items()}
    L.append("")
    L.append("%-8s %9s %7s %9s %10s %7s  %s" % ("config", "wall s", "x plain", "CPU s", "peak RSS", "x plain",
                                                "output (class files, md5)"))
    for c, rs in results.items():
        wall, cpu, rss = med(rs, "wall_s"), med(rs, "cpu_s"), med(rs, "rss_kb")
        L.append("%-8s %9.1f %7s %9.1f %8.0f MB %7s  %s" % (
            c, wall, "%.2f" % (wall / pw) if pw else "-", cpu, rss / 1024, "%.2f" % (rss / prss) if prss else "-",
            ", ".join(sorted(checks[c]))))
    same = len({x for s in checks.values() for x in s}) == 1
    L.append("output identical in every run: %s" % ("yes" if same else "NO"))
    L.append("")
    for c in ("total", "lazy"):
        rs = [r for r in results.get(c, []) if "stats" in r]
        if not rs:
            continue
        r = rs[-1]
        s = r["stats"]
        calls = r["threads"].get("main", (0, 0, 0))[2]
        L.append("%s: calls %s (main), dropped %s, folded %s, beyond the budget %s, paths %s of a budget of %s, "
                 "folded after %s paths" % (c, fmt(calls), fmt(s.get("calls.dropped")), fmt(s.get("calls.folded")),
                                            fmt(s.get("calls.beyond_budget")), fmt(s.get("nodes.used")),
                                            fmt(s.get("nodes.budget")), fmt(s.get("recursion.folded_after_paths"))))
        main_cpu = med(plain, "main_cpu_ns")
        if main_cpu and "main" in r["threads"]:
            cal, raw, _ = r["threads"]["main"]
            L.append("  main thread: calibrated total %.2f s, raw %.2f s; the plain run's main-thread CPU time %.2f s:"
                     " calibrated / real = %.2f, raw / real = %.2f" % (cal / 1e9, raw / 1e9, main_cpu / 1e9,
                                                                         cal / main_cpu, raw / main_cpu))
            main_wall = med(plain, "main_wall_ns")
            if main_wall:
                # Candor's default metric is elapsed time: the main thread's wall time is the like-for-like figure
                L.append("  against the plain run's main-thread wall time %.2f s (the metric measured): calibrated / real = %.2f"
                         % (main_wall / 1e9, cal / main_wall))
        effect = sum(v[5] for v in r.get("methods", {}).values())
        if s.get("probe_effect.trivial_calls"):
            per_call = s.get("probe_effect.trivial_self", 0) / s["probe_effect.trivial_calls"]
            cal_all = sum(v[1] for v in r["methods"].values())
            line = ("  probe effect (est.): %s trivial methods, %s calls at %.1f ns a call; %.2f s of the calibrated %.2f s"
                    " (%.0f %%), which leaves %.2f s" % (fmt(s.get("probe_effect.trivial_methods")),
                                                        fmt(s["probe_effect.trivial_calls"]), per_call, effect / 1e9,
                                                        cal_all / 1e9, 100.0 * effect / cal_all if cal_all else 0,
                                                        (cal_all - effect) / 1e9))
            if main_cpu:
                line += "; the plain run's main-thread CPU time %.2f s" % (main_cpu / 1e9)
            L.append(line)
    L.append("")
    asy = [r for r in results.get("async", []) if r.get("async_samples")]
    tot = [r for r in results.get("total", []) if "methods" in r]
    if asy and tot:
        per, n = collections.Counter(asy[-1]["async_per"]), asy[-1]["async_samples"]
        methods = tot[-1]["methods"]
        cal_sum = sum(v[1] for v in methods.values()) or 1
        raw_sum = sum(v[3] for v in methods.values()) or 1
        L.append("per-method self shares: async-profiler 4.5 cpu 1 ms (%d samples in javac code; each to its deepest javac frame) "
                 "against Candor Total (calibrated, raw, calibrated less the probe-effect estimate), top %d by async-profiler" % (n, top))
        less_sum = sum(v[1] - v[5] for v in methods.values()) or 1
        L.append("  %8s %11s %8s %12s  %s" % ("async %", "calibrated%", "raw %", "less effect%", "method"))
        diffs, diffs_less = [], []
        for name, k in per.most_common(top):
            v = methods.get(name)
            a = 100.0 * k / n
            c = 100.0 * v[1] / cal_sum if v else 0.0
            rw = 100.0 * v[3] / raw_sum if v else 0.0
            le = 100.0 * (v[1] - v[5]) / less_sum if v else 0.0
            diffs.append(abs(a - c))
            diffs_less.append(abs(a - le))
            L.append("  %8.2f %11.2f %8.2f %12.2f  %s" % (a, c, rw, le, name))
        if any(v[5] for v in methods.values()):
            # each method's CPU time in the plain run (async-profiler's samples x 1 ms) against Candor's self time,
            # and against it less core's estimate of the probes' effect: how much of the gap the estimate accounts for
            names = set(per) | set(methods)
            real = {m: per.get(m, 0) * 1e6 for m in names}
            cal = {m: methods[m][1] if m in methods else 0 for m in names}
            est = {m: methods[m][5] if m in methods else 0 for m in names}
            err = sum(abs(real[m] - cal[m]) for m in names)
            err_less = sum(abs(real[m] - (cal[m] - est[m])) for m in names)
            big = [m for m in names if real[m] >= 20e6 or cal[m] >= 20e6]
            excess = sum((cal[m] - real[m]) ** 2 for m in big)
            left = sum((cal[m] - real[m] - est[m]) ** 2 for m in big)
            L.append("  per method, sum of |plain CPU (async samples x 1 ms) - Candor self|: calibrated %.1f s, calibrated"
                     " less the probe-effect estimate %.1f s; the estimate explains %.0f %% of the variance of the excess"
                     " (methods of 20 ms or more: %d)" % (err / 1e9, err_less / 1e9,
                                                         100.0 * (1 - left / excess) if excess else 0, len(big)))
        top_async = {m for m, _ in per.most_common(10)}
        top_candor = {m for m, _ in sorted(methods.items(), key=lambda kv: -kv[1][1])[:10]}
        L.append("  top-10 shared: %d of 10; mean |async - calibrated| over the top %d: %.2f points (less the estimate:"
                 " %.2f points)" % (len(top_async & top_candor), top, statistics.mean(diffs) if diffs else float("nan"),
                                    statistics.mean(diffs_less) if diffs_less else float("nan")))
    L.append("")
    L.append("goals (issue 12):")
    for c in ("total", "lazy"):
        if results.get(c) and pw:
            ratio = med(results[c], "wall_s") / pw
            L.append("  %s wall time <= %.0fx plain: %.2fx %s" % (c, GOAL_TIME_RATIO, ratio,
                                                                   "PASS" if ratio <= GOAL_TIME_RATIO else "FAIL"))
    if results.get("total") and prss:
        ratio = med(results["total"], "rss_kb") / prss
        L.append("  total peak RSS <= %.0fx plain: %.2fx %s" % (GOAL_RSS_RATIO, ratio,
                                                                 "PASS" if ratio <= GOAL_RSS_RATIO else "FAIL"))
    for c in ("total", "lazy"):
        rs = [r for r in results.get(c, []) if "stats" in r]
        if rs:
            d = rs[-1]["stats"].get("calls.dropped", 0)
            L.append("  %s nothing dropped: %s dropped %s" % (c, fmt(d), "PASS" if d == 0 else "FAIL"))
    return "\n".join(L) + "\n"


def fmt(v):
    return "-" if v is None else "{:,}".format(v)


if __name__ == "__main__":
    main()
