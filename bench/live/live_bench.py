#!/usr/bin/env python3
"""Throughput of a running program while a live session is controlled: bench/live-refresh.sh and
bench/sampling-stopped.sh (see bench/README.md, "Live refresh" and "A stopped sampling session").

    live_bench.py refresh --java JAVA --agent-dir DIR --lib DIR --classes DIR --results DIR [options]
    live_bench.py stopped --java JAVA --agent-dir DIR --lib DIR --classes DIR --results DIR [options]

refresh: two JVMs run LiveTarget (THREADS workers, a throughput-bound expression evaluator), one under an
instrumentation session (include the target's package), one under a sampling session (cpu, 1 ms). A Refresher JVM per
session does what the app's Live Results window does while it is open: a snapshot over the control channel every
PERIOD ms, read back whole. Each round measures, in each JVM, one window with the refresher off and one with it on, in
alternating order (off-on, then on-off), so slow drifts of a shared machine cancel out of the pairs.

stopped: JVMs with LiveTarget (one worker, its fixed loop), all alive at once and measured in rotation: no agent, sampling,
sampling after `candor ctl PID stop` (timers closed), and the same stop with libcandor.so's test hook
simulate=ignorepause (timers left running, signals ignored). The figure of merit is the worker's CPU time per
operation, which load on a shared machine does not inflate the way wall time does.

Every window's numbers are printed, then per session the ratios with their noise: mean of the per-pair ratios, its
95 % confidence interval (Student t over the pairs) and the spread of the windows themselves.
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23, 12: 2.18,
       15: 2.13, 20: 2.09, 30: 2.04}


def t95(df):
    for k in sorted(T95):
        if df <= k:
            return T95[k]
    return 1.96


class Proc:
    """A child driven line by line on stdin/stdout."""

    def __init__(self, cmd, name, log_dir):
        self.name = name
        self.err = open(os.path.join(log_dir, name + ".stderr"), "w")
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.err, text=True,
                                  bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def expect(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.name} ended; see its stderr")
            line = line.strip()
            if line.startswith(prefix):
                return line
            if line.startswith("error"):
                raise RuntimeError(f"{self.name}: {line}")

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=60)
        except Exception:
            self.p.kill()
        self.err.close()


def target_cmd(args, session, threads, snapshot, native_extra="", work="expr"):
    agent_dir = args.agent_dir
    if session.endswith(" (baseline)"):
        agent_dir = args.baseline_agent_dir
        session = session[:-len(" (baseline)")]
    lib = os.path.join(agent_dir, "libcandor.so")
    agent = os.path.join(agent_dir, "candor-agent.jar")
    cmd = [args.java]
    if session == "instrument":
        cmd += [f"-agentpath:{lib}", f"-javaagent:{agent}=include=org.candor.bench.live.**,quiet,output={snapshot}"]
    elif session == "sample":
        cmd += [f"-agentpath:{lib}=sample=cpu,interval={args.interval}{native_extra}",
                f"-javaagent:{agent}=mode=sample,quiet,output={snapshot}"]
    return cmd + ["-cp", args.classes, "org.candor.bench.live.LiveTarget", str(threads), work, str(args.depth),
                  str(args.hops), str(args.expressions)]


def ctl(args, pid, *command):
    out = subprocess.run([args.java, "-cp", os.path.join(args.lib, "*"), "org.candor.cli.Main", "ctl", str(pid)]
                         + list(command), capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"candor ctl {pid} {' '.join(command)}: {out.stderr.strip()}")
    return out.stdout


def window(target, seconds):
    target.send(f"run {seconds}")
    words = target.expect("ops ").split()
    ops, wall, cpu, process = int(words[1]), int(words[3]), int(words[5]), int(words[7])
    return {"ops": ops, "wall_ns": wall, "cpu_ns": cpu, "process_cpu_ns": process, "ops_per_s": ops / (wall / 1e9),
            "cpu_ns_per_op": cpu / ops, "other_cpu_ms_per_s": (process - cpu) / 1e6 / (wall / 1e9)}


def summary(name, values):
    mean = statistics.mean(values)
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    half = t95(len(values) - 1) * sd / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return f"{name}: mean {mean:.4f} ± {half:.4f} (95 % CI, n={len(values)}), min {min(values):.4f}, max {max(values):.4f}"


def spread(values):
    return statistics.stdev(values) / statistics.mean(values) if len(values) > 1 else float("nan")


def refresh(args, out_dir, log):
    sessions = args.sessions.split(",")
    if args.baseline_agent_dir:
        sessions += [s + " (baseline)" for s in sessions]
    targets, refreshers = {}, {}
    try:
        for s in sessions:
            name = s.replace(" (baseline)", "-baseline")
            targets[s] = Proc(target_cmd(args, s, args.threads, os.path.join(out_dir, name + "-exit.candor")), name, out_dir)
        for s in sessions:
            targets[s].expect("ready")
            # the target's own pid: the child started above (java directly, no launcher in between)
            pid = targets[s].p.pid
            refreshers[s] = Proc([args.java, "-cp", os.path.join(args.lib, "*") + os.pathsep + args.classes,
                                  "org.candor.bench.live.Refresher", str(pid), str(args.period),
                                  os.path.join(out_dir, targets[s].name + "-live.candor")], targets[s].name + "-refresher",
                                 out_dir)
            refreshers[s].expect("ready")
            refreshers[s].send(args.read)
            refreshers[s].expect(args.read)
            refreshers[s].send(f"paths {args.paths}")
            refreshers[s].expect("paths")
        log(f"warm-up: {args.warmup} s per session (JIT, trees grown), refresher on for the last half")
        for s in sessions:
            window(targets[s], args.warmup / 2)
            refreshers[s].send("on")
            refreshers[s].expect("on")
            window(targets[s], args.warmup / 2)
            refreshers[s].send("off")
            log(f"  {s}: warm-up refreshes: {refreshers[s].expect('refreshes')}")
        rows = {s: [] for s in sessions}
        for r in range(args.rounds):
            for s in sessions:
                order = ["off", "on"] if r % 2 == 0 else ["on", "off"]
                pair = {}
                for state in order:
                    if state == "on":
                        refreshers[s].send("on")
                        refreshers[s].expect("on")
                    w = window(targets[s], args.window)
                    if state == "on":
                        refreshers[s].send("off")
                        w["refresher"] = refreshers[s].expect("refreshes")
                    pair[state] = w
                ratio = pair["on"]["ops_per_s"] / pair["off"]["ops_per_s"]
                cpu_ratio = pair["on"]["cpu_ns_per_op"] / pair["off"]["cpu_ns_per_op"]
                refreshes = int(pair["on"]["refresher"].split()[1])
                # the target's CPU outside its workers (agent threads, JIT, GC), on less off, per refresh
                agent_ms = ((pair["on"]["process_cpu_ns"] - pair["on"]["cpu_ns"]) / pair["on"]["wall_ns"]
                            - (pair["off"]["process_cpu_ns"] - pair["off"]["cpu_ns"]) / pair["off"]["wall_ns"]) \
                    * pair["on"]["wall_ns"] / 1e6 / max(1, refreshes)
                client_ms = float(pair["on"]["refresher"].split()[7])
                rows[s].append({"round": r + 1, "order": order, "off": pair["off"], "on": pair["on"], "ratio": ratio,
                                "cpu_ratio": cpu_ratio, "target_cpu_ms_per_refresh": agent_ms,
                                "client_cpu_ms_per_refresh": client_ms})
                log(f"  round {r + 1:2d} {s:21s} {'-'.join(order):6s} off {pair['off']['ops_per_s']:12,.0f} ops/s"
                    f" ({pair['off']['cpu_ns_per_op']:8.1f} ns CPU/op)  on {pair['on']['ops_per_s']:12,.0f} ops/s"
                    f" ({pair['on']['cpu_ns_per_op']:8.1f} ns CPU/op)  on/off {ratio:.4f}   [{pair['on']['refresher']}]")
        log("")
        log(f"live refresh every {args.period}{'' if args.period == 'paced' else ' ms'}, read {args.read}, paths {args.paths}, {args.threads} workers, windows of {args.window} s, {args.rounds} pairs"
            f" per session; load average {open('/proc/loadavg').read().split()[0:3]} ({os.cpu_count()} CPUs)")
        for s in sessions:
            ratios = [x["ratio"] for x in rows[s]]
            cpu = [x["cpu_ratio"] for x in rows[s]]
            offs = [x["off"]["ops_per_s"] for x in rows[s]]
            ons = [x["on"]["ops_per_s"] for x in rows[s]]
            log(f"{s}: throughput window open / closed, per pair -> " + summary("ratio", ratios))
            log(f"{s}: CPU time per operation, open / closed -> " + summary("ratio", cpu))
            log(f"{s}: closed {statistics.mean(offs):,.0f} ops/s (spread {100 * spread(offs):.1f} %),"
                f" open {statistics.mean(ons):,.0f} ops/s (spread {100 * spread(ons):.1f} %)")
            agent = [x["target_cpu_ms_per_refresh"] for x in rows[s]]
            client = [x["client_cpu_ms_per_refresh"] for x in rows[s]]
            log(f"{s}: CPU per refresh: in the target {statistics.median(agent):.1f} ms (median; outside its workers),"
                f" in the client {statistics.median(client):.1f} ms")
        log("")
        log(f"CPU per refresh, workers idle, {args.cost_refreshes} refreshes every {args.cost_period} ms (user + system"
            f" time from /proc, after {args.cost_refreshes} to warm up):")
        for s in sessions:
            rows[s + " cost"] = cost(targets[s], refreshers[s], args, log, s)
        return rows
    finally:
        for p in list(refreshers.values()) + list(targets.values()):
            p.close()


def cpu_ms(pid):
    """User and system CPU time of a process so far, ms (clock ticks of 10 ms)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) * 1000 / tick, int(fields[12]) * 1000 / tick


def cost(target, refresher, args, log, name):
    """What one refresh costs the target and the client, measured over many with the target's workers idle; and what
    the idle target spends meanwhile without refreshes (its checkpoints, the sampler's writer thread), per period."""
    result = {}
    seconds = args.cost_refreshes * args.cost_period / 1000
    t0 = cpu_ms(target.p.pid)
    time.sleep(seconds)
    t1 = cpu_ms(target.p.pid)
    background_per_s = (t1[0] + t1[1] - t0[0] - t0[1]) / seconds
    for phase in ("warm", "measure"):
        t0, c0 = cpu_ms(target.p.pid), cpu_ms(refresher.p.pid)
        refresher.send(f"period {args.cost_period}")
        refresher.expect("period")
        refresher.send("on")
        refresher.expect("on")
        time.sleep(seconds)
        refresher.send("off")
        line = refresher.expect("refreshes")
        t1, c1 = cpu_ms(target.p.pid), cpu_ms(refresher.p.pid)
        n = max(1, int(line.split()[1]))
        result = {"refreshes": n, "target_user_ms": (t1[0] - t0[0]) / n, "target_sys_ms": (t1[1] - t0[1]) / n,
                  "client_user_ms": (c1[0] - c0[0]) / n, "client_sys_ms": (c1[1] - c0[1]) / n, "refresher": line,
                  "target_background_ms": background_per_s * seconds / n}
    refresher.send(f"period {args.period}")
    refresher.expect("period")
    target_ms = result['target_user_ms'] + result['target_sys_ms']
    background = result['target_background_ms']
    log(f"  {name:21s} target {target_ms:5.1f} ms"
        f" (user {result['target_user_ms']:.1f}, system {result['target_sys_ms']:.1f};"
        f" {background:.1f} of it the idle target's own, without refreshes: the refresh {target_ms - background:.1f}),"
        f" client {result['client_user_ms'] + result['client_sys_ms']:5.1f} ms   [{result['refresher']}]")
    return result


def stopped(args, out_dir, log):
    configs = {
        "no agent": ("none", ""),
        "sampling": ("sample", ""),
        "stopped (timers closed)": ("sample", ""),
        "stopped (signals ignored)": ("sample", ",simulate=ignorepause"),
    }
    targets = {}
    try:
        for i, (name, (session, extra)) in enumerate(configs.items()):
            # the fixed loop: the JIT compiles it alike in every JVM, so the JVMs compare
            targets[name] = Proc(target_cmd(args, session, 1, os.path.join(out_dir, f"run{i}.candor"), extra, "loop"),
                                 f"t{i}", out_dir)
        for name, t in targets.items():
            t.expect("ready")
            if name.startswith("stopped"):
                ctl(args, t.p.pid, "stop")
                status = ctl(args, t.p.pid, "status")
                if "stopped" not in status.split("\n")[2]:
                    raise RuntimeError(f"{name}: not stopped: {status}")
        for name, t in targets.items():
            window(t, args.warmup)
        rows = {name: [] for name in configs}
        names = list(configs)
        for r in range(args.rounds):
            order = names[r % len(names):] + names[:r % len(names)]
            for name in order:
                rows[name].append(window(targets[name], args.window))
            base = rows["no agent"][-1]["cpu_ns_per_op"]
            log(f"  round {r + 1:2d}: " + "  ".join(f"{n} {rows[n][-1]['cpu_ns_per_op']:7.1f} ns/op"
                                                   f" ({rows[n][-1]['cpu_ns_per_op'] / base:.4f})" for n in names))
        log("")
        log(f"one worker, sampling cpu every {args.interval} ns, windows of {args.window} s, {args.rounds} rounds;"
            f" load average {open('/proc/loadavg').read().split()[0:3]} ({os.cpu_count()} CPUs)")
        for name in names[1:]:
            ratios = [rows[name][i]["cpu_ns_per_op"] / rows["no agent"][i]["cpu_ns_per_op"] for i in range(args.rounds)]
            log(f"{name}: CPU per operation / no agent -> " + summary("ratio", ratios))
        for name in names:
            v = [x["cpu_ns_per_op"] for x in rows[name]]
            log(f"{name}: {statistics.mean(v):.1f} ns CPU per operation (spread {100 * spread(v):.1f} %),"
                f" {statistics.mean(x['ops_per_s'] for x in rows[name]):,.0f} ops/s")
        return rows
    finally:
        for t in targets.values():
            t.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("experiment", choices=["refresh", "stopped"])
    ap.add_argument("--java", required=True)
    ap.add_argument("--agent-dir", required=True)
    ap.add_argument("--lib", required=True, help="the distribution's lib/ (candor-cli, candor-client, candor-core)")
    ap.add_argument("--classes", required=True)
    ap.add_argument("--results", required=True)
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--window", type=float, default=5.0, help="seconds per measured window")
    ap.add_argument("--warmup", type=float, default=10.0, help="seconds of warm-up per JVM")
    ap.add_argument("--threads", type=int, default=os.cpu_count(), help="refresh: worker threads (default: CPUs)")
    ap.add_argument("--read", choices=["in-place", "whole"], default="in-place",
                    help="refresh: read the snapshot in place, as the app does (default), or whole into objects (as it did)")
    ap.add_argument("--paths", default="app",
                    help="refresh: each thread's N heaviest paths (live N FILE), 'all' (snapshot FILE, every path), or 'app':"
                         " as the app asks (the default)")
    ap.add_argument("--period", default="1000",
                    help="refresh: ms between refreshes, or 'paced': the app's pace (ui-model RefreshPace: about 1 s,"
                         " slower when a refresh takes more than a twentieth of the time)")
    ap.add_argument("--interval", type=int, default=1_000_000, help="sampling interval, ns")
    ap.add_argument("--sessions", default="instrument,sample", help="refresh: the sessions measured")
    ap.add_argument("--baseline-agent-dir", help="refresh: each session also under this agent directory")
    ap.add_argument("--depth", type=int, default=9, help="how deep the target's expressions grow (tree size)")
    ap.add_argument("--hops", type=int, default=0, help="distinct static methods (0..8) each expression node is reached"
                    " through: more call paths")
    ap.add_argument("--expressions", type=int, default=64, help="expressions each worker evaluates (a power of two)")
    ap.add_argument("--cost-refreshes", type=int, default=200, help="refresh: refreshes timed for the CPU per refresh")
    ap.add_argument("--cost-period", type=int, default=100, help="refresh: ms between them then")
    args = ap.parse_args()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    out_dir = os.path.join(args.results, f"live-{args.experiment}-{stamp}")
    os.makedirs(out_dir, exist_ok=True)
    lines = []

    def log(line):
        print(line, flush=True)
        lines.append(line)

    rows = refresh(args, out_dir, log) if args.experiment == "refresh" else stopped(args, out_dir, log)
    with open(os.path.join(out_dir, "runs.json"), "w") as f:
        json.dump(rows, f, indent=1)
    with open(os.path.join(out_dir, "summary.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    latest = os.path.join(args.results, f"live-{args.experiment}-latest-summary.txt")
    with open(latest, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"results: {out_dir}")


if __name__ == "__main__":
    sys.exit(main())
