#!/usr/bin/env python3
"""Real programs unchanged under Candor (issue 17): javac compiling Guava (its class files byte for byte) and H2
running a SQL script (its CHECK line), plain and under each scheme (Total, Lazy, Eager) and under sampling, on each
JDK named. A run differs when its exit code or its output check differs from the plain run's on the same JDK, or when
Candor left no snapshot. Prints one line a run as it ends, then the table; exits 1 when any run differs."""
import argparse
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fullsize"))
from full_size import javac_args, output_check, source_list  # noqa: E402

WORKLOADS = ("javac", "h2")
CONFIGS = ("plain", "total", "lazy", "eager", "sample")
# what each workload includes, and the root of its Lazy and Eager runs (the program's own entry into its work)
INCLUDE = {"javac": "com.sun.tools.javac.**", "h2": "org.h2.**"}
ROOT = {"javac": "com.sun.tools.javac.main.JavaCompiler.compile", "h2": "org.h2.tools.RunScript.process"}


def javac_command(java, classes, w, only):
    """javac compiling all of Guava, or the packages --only names, in the workload's folder (as full-size runs it)."""
    return [java, "-cp", classes, "JavacMain"] + javac_args(w, source_list(w, only))


def h2_command(java, w, script):
    return [java, "-Xmx3g", "-cp", os.path.join(w, "lib", "*"), "org.h2.tools.RunScript", "-url", "jdbc:h2:mem:bench",
            "-user", "sa", "-script", script, "-showResults"]


def h2_check(log):
    with open(log, errors="replace") as f:
        text = f.read()
    if "Exception" in text:
        return "an exception: " + re.search(r".*Exception.*", text).group(0)[:120]
    m = re.search(r"--> CHECK.*", text)
    return m.group(0) if m else "no CHECK line"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jdks", required=True, help="comma-separated JAVA_HOMEs")
    ap.add_argument("--workloads", default=",".join(WORKLOADS))
    ap.add_argument("--configs", default=",".join(CONFIGS))
    ap.add_argument("--only", default="", help="javac: only these Guava packages (a quick run)")
    ap.add_argument("--candor", required=True)
    ap.add_argument("--classes", required=True)
    ap.add_argument("--cache", required=True)
    ap.add_argument("--h2-script", required=True)
    ap.add_argument("--results", required=True)
    args = ap.parse_args()
    workloads = [x for x in args.workloads.split(",") if x]
    configs = [x for x in args.configs.split(",") if x]
    for x in workloads:
        if x not in WORKLOADS:
            sys.exit("unchanged: unknown workload '%s' (known: %s)" % (x, ", ".join(WORKLOADS)))
    for x in configs:
        if x not in CONFIGS:
            sys.exit("unchanged: unknown configuration '%s' (known: %s)" % (x, ", ".join(CONFIGS)))
    if "plain" not in configs:
        configs.insert(0, "plain")  # the reference every other run is compared with
    outdir = os.path.join(args.results, "unchanged-" + time.strftime("%Y%m%d-%H%M%S"))
    os.makedirs(outdir)
    rows = []
    for home in [j for j in args.jdks.split(",") if j]:
        java = os.path.join(home, "bin", "java")
        version = subprocess.run([java, "-version"], capture_output=True, text=True).stderr.splitlines()[0]
        jdk = re.search(r'"([^"]+)"', version).group(1)
        for wl in workloads:
            w = os.path.join(args.cache, wl)
            reference = None
            for c in configs:
                tag = "%s-%s-%s" % (jdk, wl, c)
                log = os.path.join(outdir, tag + ".log")
                snap = os.path.join(outdir, tag + ".candor")
                if wl == "javac":
                    subprocess.run(["rm", "-rf", os.path.join(w, "out")])
                    os.makedirs(os.path.join(w, "out"))
                    program = javac_command(java, args.classes, w, args.only)
                else:
                    program = h2_command(java, w, args.h2_script)
                if c == "plain":
                    cmd = program
                else:
                    cmd = [args.candor, "profile", "-o", snap, "--include", INCLUDE[wl]]
                    if c in ("lazy", "eager"):
                        cmd += ["--scheme", c, "--root", ROOT[wl]]
                    if c == "sample":
                        cmd = [args.candor, "profile", "-o", snap, "--mode", "sample"]
                    cmd += ["--"] + program
                env = dict(os.environ, JAVA_HOME=home)
                start = time.monotonic()
                with open(log, "w") as out:
                    p = subprocess.run(cmd, cwd=w, env=env, stdout=out, stderr=subprocess.STDOUT)
                wall = time.monotonic() - start
                check = output_check(w) if wl == "javac" else h2_check(log)
                if c == "plain":
                    reference = (p.returncode, check)
                    verdict = "reference" if p.returncode == 0 else "THE PLAIN RUN FAILED"
                else:
                    same = (p.returncode, check) == reference
                    wrote = os.path.isfile(snap)
                    verdict = "unchanged" if same and wrote else (
                        "CHANGED" if not same else "unchanged, but NO SNAPSHOT")
                rows.append((jdk, wl, c, p.returncode, wall, check, verdict))
                print("unchanged: JDK %s %-5s %-6s exit %d, %6.1f s: %s (%s)" % (jdk, wl, c, p.returncode, wall, verdict,
                                                                              check), flush=True)
    lines = ["Real programs unchanged under Candor (bench/unchanged.sh), %s" % time.strftime("%Y-%m-%d %H:%M"),
             "javac%s: class files (count, md5 of their bytes); h2: its CHECK line; each run against the plain run"
             " on the same JDK" % (" (--only %s)" % args.only if args.only else " compiling all of Guava"), "",
             "| JDK | program | run | exit | wall | output | verdict |", "|---|---|---|---|---|---|---|"]
    for jdk, wl, c, rc, wall, check, verdict in rows:
        lines.append("| %s | %s | %s | %d | %.1f s | %s | %s |" % (jdk, wl, c, rc, wall, check, verdict))
    bad = [r for r in rows if r[6] not in ("reference", "unchanged")]
    lines.append("")
    lines.append("runs: %d, differing: %d" % (len(rows), len(bad)))
    summary = "\n".join(lines)
    print(summary)
    with open(os.path.join(outdir, "summary.txt"), "w") as f:
        f.write(summary + "\n")
    with open(os.path.join(args.results, "unchanged-latest-summary.txt"), "w") as f:
        f.write(summary + "\n")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
