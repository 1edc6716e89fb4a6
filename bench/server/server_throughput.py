#!/usr/bin/env python3
"""Server throughput under Candor's schemes (issue 5): Jetty serving ShopHandler (H2 over JDBC + Jackson) and
StoreHandler (in memory, hand-written JSON), loaded from 127.0.0.1 by LoadGenerator, with no agent, Lazy and Eager
(root: the handler's handle method) and Total, over rows that differ in workload and include filter, all runs
interleaved over rounds. Run through bench/server-throughput.sh, which compiles the classes and gathers the jars (see
bench/README.md, "Server throughput")."""
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

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from machine import cpu_model  # noqa: E402  (bench/machine.py)

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
SERVER_MAIN = "org.candor.bench.server.ServerWorkload"
LOAD_MAIN = "org.candor.bench.server.LoadGenerator"
APP = "org.candor.bench.server.**"
# workload: the server's --handler and the root of lazy and eager
WORKLOADS = {
    "shop": {"root": "org.candor.bench.server.ShopHandler.handle",
             "what": "ShopHandler: H2 in memory over JDBC (pool), Jackson"},
    "store": {"root": "org.candor.bench.server.StoreHandler.handle",
              "what": "StoreHandler: in-memory maps, hand-written JSON writer (call-dense)"},
}
# row: a workload and an include filter, with the agent configurations measured on it (each ratio is paired with the
# workload's no-agent run of the same round)
ROWS = {
    "shop-app": {"workload": "shop", "include": APP, "configs": ["lazy", "eager", "total"]},
    # its warm-up is --deep-warmup: Lazy expanding through H2 and Jackson retransforms ~4,000 classes, a minute or
    # more on 2 CPUs, and serves almost nothing meanwhile
    "shop-deep": {"workload": "shop",
                  "include": APP + ",org.eclipse.jetty.**,org.h2.**,com.fasterxml.jackson.**",
                  "configs": ["lazy", "total"], "deep": True},
    "store": {"workload": "store", "include": APP + ",org.eclipse.jetty.**", "configs": ["lazy"]},
}
GOAL_ROW = "shop-app"
CONFIGS = ["none", "lazy", "eager", "total"]
STAT_KEYS = ["methods.instrumented", "methods.invoked", "classes.retransformed", "classes.instrumented",
             "scheme.root_methods", "scheme.methods_expanded", "scheme.expansion_time_ns"]
GOAL_PCT = 10.0
NS_MIN_OVERHEAD = 20.0  # % overhead below which no ns/call is estimated (single runs vary that much here)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def root_of(a, workload):
    return a.root or WORKLOADS[workload]["root"]


def plan(a):
    """The runs of one round: per workload its no-agent run, then each selected row's agent configurations."""
    runs = []
    for workload in WORKLOADS:
        rows = [r for r in a.rows if ROWS[r]["workload"] == workload]
        if not rows:
            continue
        if "none" in a.configs_for(None):
            runs.append({"workload": workload, "row": workload, "config": "none", "include": None,
                         "warmup": a.warmup})
        for r in rows:
            for c in a.configs_for(r):
                runs.append({"workload": workload, "row": r, "config": c, "include": ROWS[r]["include"],
                             "warmup": a.deep_warmup if ROWS[r].get("deep") else a.warmup})
    return runs


def label(run):
    return "%s %s" % (run["row"], run["config"])


def server_command(a, run, port, snapshot):
    java = [a.java, "-cp", a.server_cp, SERVER_MAIN, "--port", str(port), "--threads", str(a.server_threads),
            "--handler", run["workload"]]
    config = run["config"]
    if config == "none":
        return java
    cmd = [a.candor, "profile", "--scheme", config, "--include", run["include"], "-o", snapshot]
    if config != "total":
        cmd[2:2] = ["--root", root_of(a, run["workload"])]
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
    """The snapshot's statistics (STAT_KEYS) and its recorded calls: calls.all (every thread), calls.pool (Jetty's
    pool threads, qtp*: acceptor, selectors and request handling; not main's start-up, database filling included)."""
    if not os.path.isfile(snapshot):
        return {}
    r = subprocess.run([a.candor, "report", snapshot, "--min-percent", "100", "--hot-spots", "0"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    stats, section = {}, None
    calls_all = calls_pool = 0
    for line in r.stdout.splitlines():
        if not line.startswith(" "):
            section = "stats" if line.startswith("Statistics:") else "threads" if line.startswith("Threads:") else None
            continue
        if section == "stats":
            m = re.match(r"\s+(\S+)\s+(-?\d+)\s*$", line)
            if m:
                stats[m.group(1)] = int(m.group(2))
        elif section == "threads":
            # "  NAME (#ID)   TOTAL   SELF   CALLS"; the header line ends in "Calls"
            m = re.match(r"\s+(.*?) \(#\d+\)\s.*\s(\d+)\s*$", line)
            if m:
                calls_all += int(m.group(2))
                if m.group(1).startswith("qtp"):
                    calls_pool += int(m.group(2))
    out = {k: stats[k] for k in STAT_KEYS if k in stats}
    if section is not None or calls_all:
        out["calls.all"] = calls_all
        out["calls.pool"] = calls_pool
    return out


def run_once(a, run, rnd, out):
    config = run["config"]
    tag = "%s-%s-r%d" % (run["row"], config, rnd)
    log_path = os.path.join(out, "logs", tag + ".server.log")
    snapshot = os.path.join(out, "work", tag + ".candor")
    port = free_port()
    rec = dict(run, round=rnd, port=port)
    if config != "none":
        rec["root"] = root_of(a, run["workload"]) if config != "total" else None
    with open(log_path, "w") as log:
        server = subprocess.Popen(server_command(a, run, port, snapshot), stdout=log, stderr=subprocess.STDOUT,
                                  cwd=ROOT)
    try:
        if not wait_listening(server, log_path, a.start_timeout):
            rec["failure"] = "server did not start listening (see %s)" % log_path
            return rec
        rec["started"] = time.time()
        load = subprocess.run([a.java, "-cp", a.load_cp, LOAD_MAIN, "--port", str(port),
                               "--connections", str(a.connections), "--warmup", str(run["warmup"]),
                               "--duration", str(a.duration), "--stop"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              timeout=run["warmup"] + a.duration + 120)
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
        if rec.get("answered") and "calls.pool" in rec["stats"]:
            rec["served"] = rec["answered"] + 1  # and /stop
            rec["calls_per_request"] = rec["stats"]["calls.pool"] / rec["served"]
        if not a.keep_snapshots and os.path.isfile(snapshot):
            os.remove(snapshot)
    return rec


def fmt(x, f="%.0f"):
    return "-" if x is None else f % x


def summarize(a, runs, records, started):
    lines = []
    w = lines.append
    cpus = os.cpu_count()
    w("Server throughput: Jetty 12.1.13, %d keep-alive connections from 127.0.0.1, warm-up %gs (shop-deep: %gs) + "
      "measured %gs per run, %d round(s), all runs interleaved"
      % (a.connections, a.warmup, a.deep_warmup, a.duration, a.rounds))
    w("machine: %s, %d CPUs, %s; java: %s; started %s" % (platform.node(), cpus, cpu_model(platform.machine()),
                                                         java_version(a.java),
                                                         started))
    w("workloads (root of lazy and eager):")
    for wl in WORKLOADS:
        if any(r["workload"] == wl for r in runs):
            w("  %-9s %s (root %s)" % (wl, WORKLOADS[wl]["what"], root_of(a, wl)))
    w("rows (include of every agent run in the row):")
    for row in [r for r in ROWS if r in a.rows]:
        w("  %-9s %-5s %s%s" % (row, ROWS[row]["workload"], ROWS[row]["include"],
                                "   <- the goal row" if row == GOAL_ROW else ""))
    w("")
    base_by_round = {}  # workload -> round -> req/s of its no-agent run
    for r in records:
        if r["config"] == "none" and "failure" not in r and r.get("rps"):
            base_by_round.setdefault(r["workload"], {})[r["round"]] = r["rps"]
    header = "%-16s %8s %16s %6s %9s %6s %9s %9s %12s %8s %13s %s" % (
        "row config", "req/s", "[min..max]", "ratio", "overhead", "errors", "calls/req", "ns/call",
        "instrumented", "invoked", "retransformed", "")
    w(header)
    w("-" * len(header))
    verdicts = {}
    for run in runs:
        mine = [r for r in records if r["row"] == run["row"] and r["config"] == run["config"]]
        good = [r for r in mine if "failure" not in r and "rps" in r]
        failed = [r for r in mine if "failure" in r]
        if not good:
            w("%-16s  no result: %s" % (label(run), "; ".join(r["failure"] for r in failed) or "not run"))
            continue
        rps = [r["rps"] for r in good]
        med = statistics.median(rps)
        base = base_by_round.get(run["workload"], {})
        # paired by round where the workload's no-agent run of the same round exists
        paired = [(r, base[r["round"]]) for r in good if base.get(r["round"])]
        ratio = statistics.median([r["rps"] / b for r, b in paired]) if paired else None
        errors = sum(r.get("errors", 0) for r in good)
        cpr = [r["calls_per_request"] for r in good if r.get("calls_per_request")]
        cpr = statistics.median(cpr) if cpr else None
        # the extra CPU time per request (both CPU-bound runs: every CPU busy) over the calls recorded per request;
        # not where the overhead is within a single run's noise (the division would only amplify the noise)
        ns = [(1 / r["rps"] - 1 / b) * cpus * 1e9 / r["calls_per_request"]
              for r, b in paired if r.get("calls_per_request") and r["rps"] > 0]
        ns = statistics.median(ns) if ns and ratio is not None and ratio < 1 - NS_MIN_OVERHEAD / 100 else None
        st = good[-1].get("stats", {})
        w("%-16s %8.0f %16s %6s %8s%% %6d %9s %9s %12s %8s %13s %s" % (
            label(run), med, "[%.0f..%.0f]" % (min(rps), max(rps)), fmt(ratio, "%.3f"),
            fmt(None if ratio is None else (1 - ratio) * 100, "%.1f"), errors, fmt(cpr, "%.0f"), fmt(ns, "%.0f"),
            fmt(st.get("methods.instrumented"), "%d"), fmt(st.get("methods.invoked"), "%d"),
            fmt(st.get("classes.retransformed"), "%d"), "(%d failed)" % len(failed) if failed else ""))
        verdicts[(run["row"], run["config"])] = (ratio, errors)
    w("")
    w("ratio = req/s / req/s of the same workload's no-agent run of the same round (median over rounds);")
    w("overhead = 1 - ratio. calls/req = calls recorded on Jetty's pool threads (qtp*: acceptor, selectors, handlers)")
    w("/ requests the server answered (warm-up and measured, and /stop); start-up on main (Jetty, filling the")
    w("database) is left out. ns/call = (1/req/s - 1/none req/s) x %d CPUs / calls/req: the extra CPU time per" % cpus)
    w("recorded call, if both runs kept every CPU busy (server and load generator share them); not estimated below")
    w("%.0f %% overhead. overhead is about calls/req x ns/call / CPU time per request without the agent."
      % NS_MIN_OVERHEAD)
    w("Instrumented counts from the snapshot's statistics (last round); the CLI's own lines:")
    for run in runs:
        line = next((r.get("cli_line") for r in reversed(records)
                     if r["row"] == run["row"] and r["config"] == run["config"] and r.get("cli_line")), None)
        if line:
            w("  %-16s %s" % (label(run), line))
    for wl, base in base_by_round.items():
        if len(base) > 1:
            vals = list(base.values())
            w("no-agent spread over rounds, %s: %.1f %% (the noise line)"
              % (wl, (max(vals) - min(vals)) / statistics.median(vals) * 100))
    w("")
    goal = verdicts.get((GOAL_ROW, "lazy"))
    root = root_of(a, ROWS[GOAL_ROW]["workload"])
    if goal and goal[0] is not None:
        ratio, errors = goal
        cost = (1 - ratio) * 100
        ok = cost <= GOAL_PCT and errors == 0
        w("goal: Lazy (row %s: include %s, root %s) costs <= %.0f %% throughput: %s (%.1f %%%s)"
          % (GOAL_ROW, ROWS[GOAL_ROW]["include"], root, GOAL_PCT, "PASS" if ok else "FAIL", cost,
             ", %d errors" % errors if errors else ""))
    else:
        w("goal: Lazy (row %s) costs <= %.0f %% throughput: NOT MEASURED" % (GOAL_ROW, GOAL_PCT))
    return "\n".join(lines) + "\n"


def java_version(java):
    out = subprocess.run([java, "-version"], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True).stderr
    return out.splitlines()[0] if out else "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="1 round, warm-up 15 s, measured 10 s")
    ap.add_argument("--rounds", type=int, default=None, help="rounds (default 3; --quick 1)")
    ap.add_argument("--warmup", type=float, default=None, help="seconds of load before measuring (default 30)")
    ap.add_argument("--duration", type=float, default=None, help="measured seconds (default 20)")
    ap.add_argument("--deep-warmup", type=float, default=None,
                    help="warm-up of the shop-deep runs (default: the warm-up, at least 90 s)")
    ap.add_argument("--connections", type=int, default=8)
    ap.add_argument("--rows", default=",".join(ROWS),
                    help="rows to measure (default %s; %s is the goal row)" % (",".join(ROWS), GOAL_ROW))
    ap.add_argument("--configs", default=None,
                    help="configurations measured in every selected row instead of each row's own set (none: the "
                         "workloads' no-agent runs), e.g. none,lazy,eager,total")
    ap.add_argument("--root", default=None,
                    help="the root method of lazy and eager in every row (default: the workload's handle method)")
    ap.add_argument("--server-threads", type=int, default=16)
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
    a.deep_warmup = a.deep_warmup if a.deep_warmup is not None else max(a.warmup, 90)
    if os.sep in a.candor:
        a.candor = os.path.abspath(a.candor)  # the servers run in the repository root
    a.rows = [r for r in a.rows.split(",") if r]
    for r in a.rows:
        if r not in ROWS:
            ap.error("unknown row %s (known: %s)" % (r, ",".join(ROWS)))
    chosen = None
    if a.configs is not None:
        chosen = [c for c in a.configs.split(",") if c]
        for c in chosen:
            if c not in CONFIGS:
                ap.error("unknown configuration %s (known: %s)" % (c, ",".join(CONFIGS)))

    def configs_for(row):
        if row is None:
            return ["none"] if chosen is None or "none" in chosen else []
        return [c for c in (ROWS[row]["configs"] if chosen is None else chosen) if c != "none"]

    a.configs_for = configs_for
    runs = plan(a)
    if not runs:
        ap.error("nothing to run")
    started = datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S")
    out = os.path.join(a.results, "server-" + datetime.datetime.now().strftime("%Y%m%d-%H%M%S"))
    for d in ("logs", "work"):
        os.makedirs(os.path.join(out, d), exist_ok=True)
    records = []
    step = max(1, len(runs) // a.rounds)
    with open(os.path.join(out, "runs.jsonl"), "w") as jl:
        for rnd in range(1, a.rounds + 1):
            # rotate the order every round so no run always comes first or last
            k = (rnd - 1) * step % len(runs)
            for run in runs[k:] + runs[:k]:
                print("server-throughput: round %d/%d, %s ..." % (rnd, a.rounds, label(run)), flush=True)
                rec = run_once(a, run, rnd, out)
                print("  %s" % (rec.get("failure") or "%.0f req/s, %d errors%s" % (
                    rec["rps"], rec["errors"],
                    ", %.0f calls/request" % rec["calls_per_request"] if rec.get("calls_per_request") else "")),
                      flush=True)
                records.append(rec)
                jl.write(json.dumps(rec) + "\n")
                jl.flush()
    summary = summarize(a, runs, records, started)
    print()
    print(summary, end="")
    for path in (os.path.join(out, "summary.txt"), os.path.join(a.results, "server-latest-summary.txt")):
        with open(path, "w") as f:
            f.write(summary)
    print("results: %s" % out)


if __name__ == "__main__":
    sys.exit(main())
