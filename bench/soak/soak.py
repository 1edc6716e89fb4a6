#!/usr/bin/env python3
"""The sampling soak (issue 17): javac in a loop on several threads for minutes, sampled by Candor at a short
interval; the target's RSS every few seconds, its exit (no crash: exit 0 and no hs_err file), and what the sampler
counted (samples delivered against expected, dropped, stack walks failed) from the snapshot. One run per JDK."""
import argparse
import os
import re
import subprocess
import sys
import time


def rss_kb(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            m = re.search(r"VmRSS:\s+(\d+) kB", f.read())
            return int(m.group(1)) if m else None
    except OSError:
        return None


def java_child(pid, java):
    """The target JVM under candor's process (the one whose command line starts with this JDK's java)."""
    try:
        out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    except OSError:
        return None
    for c in out:
        try:
            with open("/proc/%s/cmdline" % c, "rb") as f:
                if f.read().split(b"\0")[0].decode() == java:
                    return int(c)
        except OSError:
            pass
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jdks", required=True)
    ap.add_argument("--seconds", type=int, default=600)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--interval", default="100us")
    ap.add_argument("--every", type=int, default=10, help="seconds between two RSS readings")
    ap.add_argument("--heap", default="1g", help="the target's heap, fixed and touched at start")
    ap.add_argument("--candor", required=True)
    ap.add_argument("--classes", required=True)
    ap.add_argument("--workload", required=True)
    ap.add_argument("--results", required=True)
    args = ap.parse_args()
    outdir = os.path.join(args.results, "sampling-soak-" + time.strftime("%Y%m%d-%H%M%S"))
    os.makedirs(outdir)
    w = args.workload
    with open(os.path.join(w, "sources.txt")) as f:
        subset = [l for l in f if l.startswith("srcx/com/google/common/base/")]
    with open(os.path.join(w, "sources-soak.txt"), "w") as f:
        f.writelines(subset)
    cp = ":".join(sorted(os.path.join(w, "lib", x) for x in os.listdir(os.path.join(w, "lib")) if x.endswith(".jar")))
    lines = []
    failed = False
    for home in [j for j in args.jdks.split(",") if j]:
        java = os.path.join(home, "bin", "java")
        jdk = re.search(r'"([^"]+)"', subprocess.run([java, "-version"], capture_output=True, text=True).stderr).group(1)
        snap = os.path.join(outdir, "soak-%s.candor" % jdk)
        log = os.path.join(outdir, "soak-%s.log" % jdk)
        for old in os.listdir(w):
            if old.startswith("hs_err"):
                os.remove(os.path.join(w, old))
        # a heap of fixed size, touched at start: what RSS does after that is not the heap growing, but the JVM's
        # and the profiler's own memory
        cmd = [args.candor, "profile", "--mode", "sample", "--interval", args.interval, "-o", snap, "--", java,
               "-Xms%s" % args.heap, "-Xmx%s" % args.heap, "-XX:+AlwaysPreTouch", "-cp", args.classes, "JavacLoop",
               str(args.seconds), str(args.threads), "-nowarn", "-proc:none",
               "-encoding", "UTF-8", "-cp", cp, "@sources-soak.txt"]
        start = time.monotonic()
        with open(log, "w") as out:
            p = subprocess.Popen(cmd, cwd=w, stdout=out, stderr=subprocess.STDOUT, env=dict(os.environ, JAVA_HOME=home))
            readings = []
            target = None
            while p.poll() is None:
                time.sleep(1)
                target = target or java_child(p.pid, java)
                elapsed = time.monotonic() - start
                if target and (not readings or elapsed - readings[-1][0] >= args.every):
                    r = rss_kb(target)
                    if r is not None:
                        readings.append((elapsed, r))
                        print("soak: JDK %s %5.0f s RSS %6.0f MB" % (jdk, elapsed, r / 1024), flush=True)
        wall = time.monotonic() - start
        crashes = [x for x in os.listdir(w) if x.startswith("hs_err")]
        with open(log, errors="replace") as f:
            text = f.read()
        rounds = len(re.findall(r"^compiled \d+ \d+ 0$", text, re.M))
        report = subprocess.run([args.candor, "report", snap], capture_output=True, text=True).stdout \
            if os.path.isfile(snap) else ""
        samples = re.search(r"^\s+Samples:\s+(.*)$", report, re.M)
        stats = dict(re.findall(r"^\s+(samples\.[\w.]+)\s+(-?\d+)$", report, re.M))
        tree = dict(re.findall(r"^\s+(tree\.[\w.]+)\s+(-?\d+)$", report, re.M))
        rss = [r for _, r in readings]
        third = max(1, len(rss) // 3)
        first, last = (sum(rss[:third]) / third, sum(rss[-third:]) / third) if rss else (0, 0)
        ok = p.returncode == 0 and not crashes and os.path.isfile(snap)
        failed |= not ok
        lines += ["JDK %s: exit %d, %.0f s, %d compilations on %d threads, %s" % (
            jdk, p.returncode, wall, rounds, args.threads, "no crash" if not crashes else "CRASHED: " + ", ".join(crashes)),
            "  samples: %s" % (samples.group(1) if samples else "no snapshot"),
            "  dropped %d (%s), beyond the tree budget %s of tree.node_limit %s, walks failed %d, crash guard %s" % (
                sum(int(v) for k, v in stats.items() if k.startswith("samples.dropped.")),
                ", ".join("%s %s" % (k[len("samples.dropped."):], v) for k, v in stats.items()
                          if k.startswith("samples.dropped.")),
                stats.get("samples.beyond_budget", "?"), tree.get("tree.node_limit", "?"),
                sum(int(v) for k, v in stats.items() if k.startswith("samples.failed.")),
                stats.get("samples.crash_guard", "?")),
            "  RSS: first reading %.0f MB, peak %.0f MB, mean of the first third %.0f MB, of the last third %.0f MB"
            " (last/first third %.2f)" % (rss[0] / 1024 if rss else 0, max(rss) / 1024 if rss else 0, first / 1024,
                                          last / 1024, last / first if first else 0),
            "  RSS every %d s (MB): %s" % (args.every, " ".join("%.0f" % (r / 1024) for r in rss))]
    summary = ("Sampling soak (bench/sampling-soak.sh), %s, %d s at %s, javac in a loop on %d threads, heap %s fixed"
               " and touched at start\n%s") % (time.strftime("%Y-%m-%d %H:%M"), args.seconds, args.interval,
                                                args.threads, args.heap, "\n".join(lines))
    print(summary)
    with open(os.path.join(outdir, "summary.txt"), "w") as f:
        f.write(summary + "\n")
    with open(os.path.join(args.results, "sampling-soak-latest-summary.txt"), "w") as f:
        f.write(summary + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
