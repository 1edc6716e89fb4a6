#!/usr/bin/env python3
"""A stand-in `java` for the sampling-overhead benchmark: runs the real java and records what it cost.

The benchmark (sampling_overhead.py) puts a symlink named `java` to this file in a fake JDK's bin/ and points
JAVA_HOME (javac.sh) or the command line (the CPU workload) at it, so the JVM that runs the workload is always
started through here, whoever starts it: the benchmark itself, a script, or `candor profile` (which sees a file named
`java` and puts its agents on that command line).

    CANDOR_BENCH_REAL_JAVA   the real java executable (required)
    CANDOR_BENCH_REAL_HOME   its JAVA_HOME (given to the launcher prefix)
    CANDOR_BENCH_RUSAGE      file to append one JSON line per process to (wall time, user/sys CPU from wait4)
    CANDOR_BENCH_THREADS     when set: also split the target's CPU time by thread group (JIT, GC/VM, app, ...)
    CANDOR_BENCH_PREFIX      optional JSON list: a launcher to run instead, with this file's path and the arguments
                             after it (e.g. ["candor", "profile", ..., "-o", "x.candor", "--"]); the launcher's own
                             run of `java` comes back here and runs the real java. Both are recorded: role "launcher"
                             (everything, the launcher's JVM included) and role "target" (the JVM of the workload).

The exit code is the child's.
"""
import json
import os
import signal
import sys
import threading
import time


GROUPS = (("jit", ("C1 CompilerThre", "C2 CompilerThre")),
          ("jfr", ("JFR ",)),
          ("vm", ("GC Thread", "G1 ", "VM Thread", "VM Periodic", "Service Thread", "Monitor Deflati", "Common-Cleaner",
                  "Finalizer", "Reference Handl", "Signal Dispatch", "Sweeper", "Notification Th", "Attach Listener")),
          ("app", ("main", "worker-", "java")))


class ThreadPoller(threading.Thread):
    """Reads the CPU time of each thread of the JVM from /proc every 0.25 s, so that the total can be split into the
    application's threads, the JIT compilers, GC/VM threads, JFR's and the rest (a profiler's own threads). Threads
    that end between two reads lose their last < 0.25 s; what no thread accounts for is reported as 'unaccounted'."""

    def __init__(self, pid):
        super().__init__(daemon=True, name="thread-poller")
        self.pid = pid
        self.stop = threading.Event()
        self.hz = os.sysconf("SC_CLK_TCK")
        self.last = {}
        self.start()

    def run(self):
        while not self.stop.is_set():
            self.poll()
            self.stop.wait(0.25)

    def poll(self):
        base = "/proc/%d/task" % self.pid
        try:
            tids = os.listdir(base)
        except OSError:
            return
        for tid in tids:
            try:
                with open("%s/%s/stat" % (base, tid)) as f:
                    st = f.read()
            except OSError:
                continue
            lp, rp = st.find("("), st.rfind(")")
            comm = st[lp + 1:rp]
            fields = st[rp + 2:].split()
            try:
                self.last[tid] = (comm, (int(fields[11]) + int(fields[12])) / self.hz)
            except (IndexError, ValueError):
                pass

    def groups(self):
        out = {}
        for comm, cpu in self.last.values():
            g = next((name for name, prefixes in GROUPS if comm.startswith(prefixes)), "other")
            out[g] = out.get(g, 0.0) + cpu
            if g == "other":
                out.setdefault("other_names", {})
                out["other_names"][comm] = out["other_names"].get(comm, 0.0) + cpu
        return out


def main():
    real = os.environ["CANDOR_BENCH_REAL_JAVA"]
    env = dict(os.environ)
    prefix = env.get("CANDOR_BENCH_PREFIX")
    if prefix and not env.get("CANDOR_BENCH_NESTED"):
        argv = json.loads(prefix) + [sys.argv[0]] + sys.argv[1:]
        env["CANDOR_BENCH_NESTED"] = "1"
        if env.get("CANDOR_BENCH_REAL_HOME"):
            env["JAVA_HOME"] = env["CANDOR_BENCH_REAL_HOME"]
        role = "launcher"
    else:
        argv = [real] + sys.argv[1:]
        role = "target"
    t0 = time.monotonic_ns()
    pid = os.posix_spawn(argv[0], argv, env)
    poller = ThreadPoller(pid) if role == "target" and env.get("CANDOR_BENCH_THREADS") else None

    def forward(sig, _frame):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass
    for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(s, forward)
    while True:
        try:
            _, status, ru = os.wait4(pid, 0)
            break
        except InterruptedError:
            continue
    t1 = time.monotonic_ns()
    if poller:
        poller.stop.set()
    code = os.waitstatus_to_exitcode(status)
    out = env.get("CANDOR_BENCH_RUSAGE")
    if out:
        rec = {"role": role, "pid": pid, "wall_ns": t1 - t0, "user_s": ru.ru_utime, "sys_s": ru.ru_stime,
               "maxrss_kb": ru.ru_maxrss, "nvcsw": ru.ru_nvcsw, "nivcsw": ru.ru_nivcsw, "exit": code}
        if poller:
            rec["threads"] = poller.groups()
        with open(out, "a") as f:
            f.write(json.dumps(rec) + "\n")
    sys.exit(code if code >= 0 else 128 - code)


if __name__ == "__main__":
    main()
