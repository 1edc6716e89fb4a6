#!/usr/bin/env python3
"""Server throughput under Candor's schemes (issue 5): Jetty serving StoreHandler, loaded from 127.0.0.1 by
LoadGenerator, with no agent, Lazy and Eager (root: the handler's handle method) and Total, interleaved over rounds.
Run through bench/server-throughput.sh, which compiles the classes and gathers the jars (see bench/README.md)."""
import argparse
import datetime
import json
import os
import platform
import re
import socket
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
SERVER_MAIN = "org.candor.bench.server.ServerWorkload"
LOAD_MAIN = "org.candor.bench.server.LoadGenerator"
ROOT_METHOD = "org.candor.bench.server.StoreHandler.handle"
INCLUDE = "org.candor.bench.server.**,org.eclipse.jetty.**"
CONFIGS = ["none", "lazy", "eager", "total"]
STAT_KEYS = ["methods.instrumented", "methods.invoked", "classes.retransformed", "classes.instrumented",
             "scheme.root_methods", "scheme.methods_expanded", "scheme.expansion_time_ns"]
GOAL_PCT = 10.0


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_command(a, config, port, snapshot):
    java = [a.java, "-cp", a.server_cp, SERVER_MAIN, "--port", str(port), "--threads", str(a.server_threads)]
    if config == "none":
        return java
    cmd = [a.candor, "profile", "--scheme", config, "--include", INCLUDE, "-o", snapshot]
    if config != "total":
        cmd[2:2] = ["--root", a.root]
    return cmd + ["--"] + java


def wait_listening(proc, log_path, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            return False
        with open(log_path, errors="replace") as f:
            if re.search(r"^LISTENING \d+", f.read(), re.M):
                return True
        time.sleep(0.2)
    return False


def snapshot_stats(a, snapshot):
    if not os.path.isfile(snapshot):
        return {}
    r = subprocess.run([a.candor, "report", snapshot, "--min-percent", "100"], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    stats, inside = {}, False
    for line in r.stdout.splitlines():
        if line.startswith("Statistics:"):
            inside = True
        elif inside:
            m = re.match(r"\s+(\S+)\s+(-?\d+)\s*$", line)
            if m:
                stats[m.group(1)] = int(m.group(2))
            elif line.strip() and not line.startswith(" "):
                inside = False
    return {k: stats[k] for k in STAT_KEYS if k in stats}


def run_once(a, config, rnd, out):
    tag = "%s-r%d" % (config, rnd)
    log_path = os.path.join(out, "logs", tag + ".server.log")
    snapshot = os.path.join(out, "work", tag + ".candor")
    port = free_port()
    rec = {"config": config, "round": rnd, "port": port}
    with open(log_path, "w") as log:
        server = subprocess.Popen(server_command(a, config, port, snapshot), stdout=log, stderr=subprocess.STDOUT,
                                  cwd=ROOT)
    try:
        if not wait_listening(server, log_path, a.start_timeout):
            rec["failure"] = "server did not start listening (see %s)" % log_path
            return rec
        rec["started"] = time.time()
        load = subprocess.run([a.java, "-cp", a.load_cp, LOAD_MAIN, "--port", str(port),
                               "--connections", str(a.connections), "--warmup", str(a.warmup),
                               "--duration", str(a.duration), "--stop"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              timeout=a.warmup + a.duration + 120)
        with open(os.path.join(out, "logs", tag + ".load.log"), "w") as f:
            f.write(load.stdout)
        m = re.search(r"^RESULT (\{.*\})$", load.stdout, re.M)
        if not m:
            rec["failure"] = "load generator printed no RESULT (exit %d)" % load.returncode
        else:
            rec.update(json.loads(m.group(1)))
        rec["server_exit"] = server.wait(timeout=a.stop_timeout)
    except subprocess.TimeoutExpired:
        rec["failure"] = "timed out"
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    with open(log_path, errors="replace") as f:
        text = f.read()
    m = re.search(r"^candor: (\w+ scheme.*)$", text, re.M)
    if m:
        rec["cli_line"] = m.group(1)
    if config != "none":
        rec["stats"] = snapshot_stats(a, snapshot)
        if not a.keep_snapshots and os.path.isfile(snapshot):
            os.remove(snapshot)
    return rec


def fmt(x, f="%.0f"):
    return "-" if x is None else f % x


def summarize(a, records, configs, started):
    lines = []
    w = lines.append
    w("Server throughput: Jetty 12.1.13 + StoreHandler, %d keep-alive connections from 127.0.0.1, "
      "warm-up %gs + measured %gs per run, %d round(s), configurations interleaved"
      % (a.connections, a.warmup, a.duration, a.rounds))
    w("include (all agent configurations): %s; root (lazy, eager): %s" % (INCLUDE, a.root))
    w("machine: %s, %d CPUs, %s; java: %s; started %s" % (platform.node(), os.cpu_count(), cpu_model(),
                                                         java_version(a.java), started))
    w("")
    by = {c: [r for r in records if r["config"] == c] for c in configs}
    base_by_round = {r["round"]: r.get("rps") for r in by.get("none", []) if "failure" not in r}
    base = statistics.median(base_by_round.values()) if base_by_round else None
    header = "%-8s %10s %16s %7s %9s %8s %10s %9s %13s %s" % (
        "config", "req/s", "[min..max]", "ratio", "overhead", "errors", "instrumented", "invoked", "retransformed",
        "")
    w(header)
    w("-" * len(header))
    verdicts = {}
    for c in configs:
        good = [r for r in by[c] if "failure" not in r and "rps" in r]
        failed = [r for r in by[c] if "failure" in r]
        if not good:
            w("%-8s  no result: %s" % (c, "; ".join(r["failure"] for r in failed) or "not run"))
            continue
        rps = [r["rps"] for r in good]
        med = statistics.median(rps)
        # overhead paired by round where the no-agent run of the same round exists
        ratios = [r["rps"] / base_by_round[r["round"]] for r in good if base_by_round.get(r["round"])]
        ratio = statistics.median(ratios) if ratios else None
        errors = sum(r.get("errors", 0) for r in good)
        st = good[-1].get("stats", {})
        w("%-8s %10.0f %16s %7s %8s%% %8d %12s %9s %13s %s" % (
            c, med, "[%.0f..%.0f]" % (min(rps), max(rps)), fmt(ratio, "%.3f"),
            fmt(None if ratio is None else (1 - ratio) * 100, "%.1f"), errors,
            fmt(st.get("methods.instrumented"), "%d"), fmt(st.get("methods.invoked"), "%d"),
            fmt(st.get("classes.retransformed"), "%d"), "(%d failed)" % len(failed) if failed else ""))
        verdicts[c] = (ratio, errors)
    w("")
    w("ratio = req/s / no-agent req/s of the same round (median over rounds); overhead = 1 - ratio.")
    w("Instrumented counts from the snapshot's statistics (last round); the CLI's own lines:")
    for c in configs:
        line = next((r.get("cli_line") for r in reversed(by[c]) if r.get("cli_line")), None)
        if line:
            w("  %-6s %s" % (c, line))
    noise = None
    if len(base_by_round) > 1:
        vals = list(base_by_round.values())
        noise = (max(vals) - min(vals)) / statistics.median(vals) * 100
        w("no-agent spread over rounds: %.1f %% (the noise line)" % noise)
    w("")
    if "lazy" in verdicts and verdicts["lazy"][0] is not None:
        ratio, errors = verdicts["lazy"]
        cost = (1 - ratio) * 100
        ok = cost <= GOAL_PCT and errors == 0
        w("goal: Lazy (root %s) costs <= %.0f %% throughput: %s (%.1f %%%s)"
          % (a.root, GOAL_PCT, "PASS" if ok else "FAIL", cost, ", %d errors" % errors if errors else ""))
    else:
        w("goal: Lazy costs <= %.0f %% throughput: NOT MEASURED" % GOAL_PCT)
    return "\n".join(lines) + "\n"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def java_version(java):
    out = subprocess.run([java, "-version"], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True).stderr
    return out.splitlines()[0] if out else "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="1 round, warm-up 15 s, measured 10 s")
    ap.add_argument("--rounds", type=int, default=None, help="rounds (default 3; --quick 1)")
    ap.add_argument("--warmup", type=float, default=None, help="seconds of load before measuring (default 30)")
    ap.add_argument("--duration", type=float, default=None, help="measured seconds (default 20)")
    ap.add_argument("--connections", type=int, default=8)
    ap.add_argument("--root", default=ROOT_METHOD, help="the root method of lazy and eager (default: the handler)")
    ap.add_argument("--server-threads", type=int, default=16)
    ap.add_argument("--configs", default=",".join(CONFIGS))
    ap.add_argument("--java", default="java")
    ap.add_argument("--candor", default=os.path.join(ROOT, "candor"))
    ap.add_argument("--server-cp", required=True)
    ap.add_argument("--load-cp", required=True)
    ap.add_argument("--results", default=os.path.join(BENCH, "results"))
    ap.add_argument("--keep-snapshots", action="store_true")
    ap.add_argument("--start-timeout", type=float, default=120)
    ap.add_argument("--stop-timeout", type=float, default=120)
    a = ap.parse_args()
    a.rounds = a.rounds or (1 if a.quick else 3)
    a.warmup = a.warmup if a.warmup is not None else (15 if a.quick else 30)
    a.duration = a.duration if a.duration is not None else (10 if a.quick else 20)
    configs = [c for c in a.configs.split(",") if c]
    for c in configs:
        if c not in CONFIGS:
            ap.error("unknown configuration %s (known: %s)" % (c, ",".join(CONFIGS)))
    started = datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S")
    out = os.path.join(a.results, "server-" + datetime.datetime.now().strftime("%Y%m%d-%H%M%S"))
    for d in ("logs", "work"):
        os.makedirs(os.path.join(out, d), exist_ok=True)
    records = []
    with open(os.path.join(out, "runs.jsonl"), "w") as jl:
        for rnd in range(1, a.rounds + 1):
            # rotate the order every round so no configuration always runs first or last
            order = configs[(rnd - 1) % len(configs):] + configs[:(rnd - 1) % len(configs)]
            for c in order:
                print("server-throughput: round %d/%d, %s ..." % (rnd, a.rounds, c), flush=True)
                rec = run_once(a, c, rnd, out)
                print("  %s" % (rec.get("failure") or "%.0f req/s, %d errors" % (rec["rps"], rec["errors"])),
                      flush=True)
                records.append(rec)
                jl.write(json.dumps(rec) + "\n")
                jl.flush()
    summary = summarize(a, records, configs, started)
    print()
    print(summary, end="")
    for path in (os.path.join(out, "summary.txt"), os.path.join(a.results, "server-latest-summary.txt")):
        with open(path, "w") as f:
            f.write(summary)
    print("results: %s" % out)


if __name__ == "__main__":
    sys.exit(main())
