#!/usr/bin/env python3
"""Where a live refresh's CPU goes: async-profiler on a LiveTarget under a Candor session while a Refresher asks for
live snapshots, then the control thread's (and the refresher's) samples by method.

    python3 bench/live/profile_refresh.py instrument|sample [--period MS] [--seconds S] [--paths app|all] [--agent-dir DIR]

Needs the distribution (mvn -B -o package -DskipTests), bench/target/live-classes (bench/live-refresh.sh builds them)
and async-profiler 4.5 in the workload cache (bench/async-profiler.sh fetches it). Prints the samples of the
program's control thread (the refresh's work in the program) and of the refresher (the app's reading), self and
inclusive, and the refreshes made: compare builds by samples per refresh.
"""
import argparse, collections, glob, os, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CACHE = os.environ.get("CANDOR_WORKLOADS", os.path.expanduser("~/.cache/candor-workloads"))


def expect(p, prefix):
    while True:
        line = p.stdout.readline()
        if not line:
            sys.exit(f"{prefix!r} never came: the process ended")
        if line.startswith(prefix):
            return line.strip()


def report(path, thread, top):
    self_counts, inclusive, total = collections.Counter(), collections.Counter(), 0
    with open(path) as f:
        for line in f:
            if not line.startswith("[" + thread):
                continue
            stack, n = line.rstrip().rsplit(" ", 1)
            frames = stack.split(";")[1:]
            total += int(n)
            self_counts[frames[-1] if frames else "?"] += int(n)
            for frame in set(frames):
                inclusive[frame] += int(n)
    print(f"{thread}: {total} samples")
    for k, v in self_counts.most_common(top):
        print(f"  self {v:6d} {100 * v / max(total, 1):5.1f}% {k}")
    for k, v in inclusive.most_common(top * 3):
        if "candor" in k:
            print(f"  incl {v:6d} {100 * v / max(total, 1):5.1f}% {k}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("session", choices=["instrument", "sample"])
    ap.add_argument("--period", default="300", help="ms between refreshes")
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--paths", default="app")
    ap.add_argument("--top", type=int, default=20)
    ap.add_argument("--agent-dir", help="another agent directory (say, built from an earlier commit) for the program")
    args = ap.parse_args()
    agent = args.agent_dir or f"{ROOT}/modules/cli/target/candor/agent"
    lib = f"{ROOT}/modules/cli/target/candor/lib"
    ui = [j for j in glob.glob(f"{ROOT}/modules/ui-model/target/candor-ui-model-*.jar") if "tests" not in j][0]
    classes = f"{ROOT}/bench/target/live-classes:{ui}"
    profiler = f"{CACHE}/async-profiler-4.5/linux-x64/libasyncProfiler.so"
    out = tempfile.mkdtemp(prefix="candor-refresh-profile-")
    target_out, client_out = f"{out}/target.collapsed", f"{out}/refresher.collapsed"
    cmd = ["java", f"-agentpath:{profiler}=start,event=cpu,interval=1ms,collapsed,threads,file={target_out}"]
    if args.session == "instrument":
        cmd += [f"-agentpath:{agent}/libcandor.so",
                f"-javaagent:{agent}/candor-agent.jar=include=org.candor.bench.live.**,quiet,output={out}/exit.candor"]
    else:
        cmd += [f"-agentpath:{agent}/libcandor.so=sample=cpu,interval=1000000",
                f"-javaagent:{agent}/candor-agent.jar=mode=sample,quiet,output={out}/exit.candor"]
    cmd += ["-cp", classes, "org.candor.bench.live.LiveTarget", "2", "expr", "12", "8", "4096"]
    target = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    expect(target, "ready")
    target.stdin.write("run 15\n"); target.stdin.flush()
    expect(target, "ops")
    refresher = subprocess.Popen(
        ["java", f"-agentpath:{profiler}=start,event=cpu,interval=1ms,collapsed,threads,file={client_out}",
         "-cp", f"{lib}/*:{classes}", "org.candor.bench.live.Refresher", str(target.pid), args.period,
         f"{out}/live.candor"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    expect(refresher, "ready")
    for line, answer in ((f"paths {args.paths}", "paths"), ("on", "on")):
        refresher.stdin.write(line + "\n"); refresher.stdin.flush()
        expect(refresher, answer)
    time.sleep(args.seconds)
    refresher.stdin.write("off\n"); refresher.stdin.flush()
    print(expect(refresher, "refreshes"))
    refresher.stdin.write("quit\n"); refresher.stdin.flush(); refresher.wait()
    target.stdin.write("quit\n"); target.stdin.flush(); target.stdin.close(); target.wait()
    report(target_out, "candor-control", args.top)
    report(client_out, "refresher", args.top)
    print(f"profiles: {out}")


if __name__ == "__main__":
    main()
