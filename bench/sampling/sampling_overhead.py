#!/usr/bin/env python3
"""The sampling-overhead benchmark: each workload with no profiler, Candor, async-profiler and JFR, side by side in one
run, at several sampling intervals; prints overheads, ratios, sample delivery, top-10 agreement and the goals.

Run it through bench/sampling-overhead.sh (which compiles the workload and fetches async-profiler); see
bench/README.md, section "Sampling overhead". Python 3.8+, standard library only.
"""
import argparse
import collections
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from machine import cpu_model  # noqa: E402  (bench/machine.py)

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)

# Issue 3's goals.
GOAL_1MS_OVERHEAD = 1.5       # % CPU at 1 ms
GOAL_1MS_VS_ASYNC = 1.1       # x async-profiler's overhead at 1 ms
GOAL_100US_OVERHEAD = 8.0     # % CPU at 100 us
GOAL_100US_DELIVERED = 95.0   # % of expected samples at 100 us
GOAL_TRACE_RATIO = 1.2        # Candor with --trace against Candor alone, CPU time
BUSY_FOREIGN_LOAD = 0.3       # CPUs used by other work during a run; above this the run was shared
BUSY_LOADAVG = 1.5            # like probe-cost: mean 1-min load above this (beyond what the workload itself adds)

PROFILERS = ("none", "candor", "trace", "async", "jfr")
THREAD_SPLIT = True
GROUPS = ("app", "jit", "vm", "jfr", "other")
LABEL = {"none": "no agent", "candor": "Candor", "trace": "Candor+trace", "async": "async-profiler", "jfr": "JFR"}


# ---------------------------------------------------------------------------------------------------------- helpers

def parse_interval(s):
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(ns|us|µs|ms|s)\s*", s)
    if not m:
        raise ValueError("bad interval '%s' (examples: 10ms, 1ms, 100us)" % s)
    mult = {"ns": 1, "us": 1000, "µs": 1000, "ms": 1000000, "s": 1000000000}[m.group(2)]
    return int(round(float(m.group(1)) * mult))


def fmt_interval(ns):
    for unit, mult in (("s", 10**9), ("ms", 10**6), ("us", 10**3)):
        if ns % mult == 0:
            return "%d%s" % (ns // mult, unit)
    return "%dns" % ns


def median(xs):
    return statistics.median(xs) if xs else None


def pct(x, digits=1):
    return "n/a" if x is None else ("%+.*f" % (digits, x))


def num(x, fmt="%.2f"):
    return "n/a" if x is None else fmt % x


def read_proc_stat():
    """Busy and steal CPU seconds of the whole machine so far (all CPUs)."""
    try:
        with open("/proc/stat") as f:
            parts = f.readline().split()[1:]
        v = [int(x) for x in parts]
        hz = os.sysconf("SC_CLK_TCK")
        user, nice, system, idle, iowait, irq, softirq = v[:7]
        steal = v[7] if len(v) > 7 else 0
        return (user + nice + system + irq + softirq + steal) / hz, steal / hz
    except (OSError, ValueError):
        return None


def loadavg1():
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError):
        return None


class LoadSampler(threading.Thread):
    """Samples the 1-minute load average every 5 s (like bench/probe-cost.sh)."""

    def __init__(self):
        super().__init__(daemon=True, name="load-sampler")
        self.values = []
        self.stop_event = threading.Event()

    def run(self):
        while not self.stop_event.is_set():
            v = loadavg1()
            if v is not None:
                self.values.append(v)
            self.stop_event.wait(5)


# ------------------------------------------------------------------------------------------------- frames and stacks

ANNOTATION = re.compile(r"_\[[a-z0-9]+\]$")
SHARED_LIB = re.compile(r"\.so(?:\.\d+)*$")
JAVA_FRAME = re.compile(r"^[A-Za-z_$][\w$]*(?:\.[\w$<>]+)+$")


def normalize_frame(f):
    """One method key for all tools: 'pkg.Class.method', no signature, annotation, line or lambda address."""
    f = f.strip()
    f = re.sub(r"\s+line:\s*\d+.*$", "", f)      # JFR text: '... line: 12'
    f = re.sub(r"\(.*\)$", "", f)                  # signatures
    if not f.endswith("_[k]"):
        f = ANNOTATION.sub("", f)                  # async-profiler's _[j] _[i] _[0] ...
    if not f.startswith(("[", "/")) and "::" not in f:
        f = f.replace("/", ".")                    # collapsed formats: java/lang/Thread.run
    f = re.sub(r"\$\$Lambda\$\d+\.0x[0-9a-f]+", "$$Lambda", f)
    f = re.sub(r"\$\$Lambda\.0x[0-9a-f]+", "$$Lambda", f)
    f = re.sub(r"\.0x[0-9a-f]+(?=\.)", "", f)     # other hidden classes
    return f


def is_java(frame):
    """A Java method frame (after normalize_frame); not C/C++, kernel, library, or a pseudo frame."""
    return ("::" not in frame and not frame.endswith("_[k]") and not SHARED_LIB.search(frame)
            and JAVA_FRAME.match(frame) is not None)


def is_javaish(frame):
    """A Java frame or a profiler's pseudo frame for a Java stack it could not walk ('[unknown_Java]')."""
    return is_java(frame) or (frame.startswith("[") and "java" in frame.lower())


def java_key(frames_leaf_first):
    """The sample's method for the 'hot methods' comparison: the first Java frame from the leaf (native and VM code
    called from Java is charged to its Java caller, as a Java-only stack walker reports it); None for a stack with no
    Java frame at all (JIT compiler, GC and other VM threads)."""
    for f in frames_leaf_first:
        if is_javaish(f):
            return f
    return None


def add_stack(acc, frames_leaf_first, count):
    norm = [normalize_frame(f) for f in frames_leaf_first]
    key = java_key(norm)
    acc["samples"] += count
    if key is not None:
        acc["java_samples"] += count
        acc["leaf"][key] += count


def new_acc():
    return {"samples": 0, "java_samples": 0, "leaf": collections.Counter(), "stats": {}}


def parse_async_text(path):
    """async-profiler's text output (traces=N): header counters ('Total samples : N', failures) and every trace."""
    acc = new_acc()
    total = None
    frames, count = [], 0
    header = True
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            m = re.match(r"^--- (\d+) ns \([\d.]+%\), (\d+) samples?$", line)
            if m:
                if frames:
                    add_stack(acc, frames, count)
                frames, count, header = [], int(m.group(2)), False
                continue
            m = re.match(r"^\s+\[\s*\d+\] (.*)$", line)
            if m and not header:
                frames.append(m.group(1))
                continue
            if re.match(r"^\s+ns\s+percent\s+samples\s+top", line):
                break  # the flat profile: nothing new
            if header:
                m = re.match(r"^(\S.*?)\s*:\s*(\d+)", line)
                if m:
                    acc["stats"][m.group(1).strip()] = int(m.group(2))
                    if m.group(1).strip() == "Total samples":
                        total = int(m.group(2))
    if frames:
        add_stack(acc, frames, count)
    if total is not None:
        acc["stats"]["traced samples"] = acc["samples"]
        acc["samples"] = total
    return acc


def parse_jfr(jfr_tool, path):
    """jdk.ExecutionSample events of a recording: count and the leaf frame of each."""
    acc = new_acc()
    p = subprocess.Popen([jfr_tool, "print", "--events", "jdk.ExecutionSample", path], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, errors="replace")
    want_leaf = False
    for line in p.stdout:
        s = line.strip()
        if s.startswith("jdk.ExecutionSample {"):
            acc["samples"] += 1
            want_leaf = False
        elif s.startswith("stackTrace = ["):
            want_leaf = True
        elif want_leaf:
            want_leaf = False
            if s and s != "]":
                add_stack_java_only(acc, s)
    p.wait()
    acc["stats"]["jdk.ExecutionSample"] = acc["samples"]
    return acc


def add_stack_java_only(acc, leaf):
    key = normalize_frame(leaf)
    acc["java_samples"] += 1
    acc["leaf"][key] += 1


def parse_candor(candor, path, interval_ns):
    """Candor's snapshot: the Statistics section of `candor report` and the folded self values."""
    acc = new_acc()
    txt = subprocess.run([candor, "report", path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         errors="replace").stdout
    in_stats = False
    for line in txt.splitlines():
        if re.match(r"^\s*#*\s*Statistics", line, re.I):
            in_stats = True
            continue
        m = re.match(r"^\s*([A-Za-z][\w.\-]*)\s*[:=]?\s+([\d,_]+)\s*(?:\S.*)?$", line)
        if m and (in_stats or m.group(1).startswith("samples.")):
            try:
                acc["stats"][m.group(1)] = int(m.group(2).replace(",", "").replace("_", ""))
            except ValueError:
                pass
        elif in_stats and line.strip() == "" and acc["stats"]:
            in_stats = False
    folded = subprocess.run([candor, "report", path, "--format", "collapsed", "--value", "self"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace")
    total_value = 0
    for line in folded.stdout.splitlines():
        m = re.match(r"^(.*\S)\s+(\d+)$", line)
        if not m:
            continue
        v = int(m.group(2))
        total_value += v
        frames = m.group(1).split(";")
        frames.reverse()
        add_stack(acc, frames, v)
    acc["stats"]["collapsed.total"] = total_value
    delivered = acc["stats"].get("samples.delivered")
    if delivered:
        # the folded values may be sample counts or times; rescale the leaf counts to samples either way
        if total_value and abs(total_value - delivered) > 0.01 * delivered:
            f = delivered / total_value
            acc["leaf"] = collections.Counter({k: v * f for k, v in acc["leaf"].items()})
            acc["java_samples"] *= f
        acc["samples"] = delivered
    elif total_value and interval_ns and total_value >= interval_ns:
        # no statistics: Candor's report values are nanoseconds (sample counts would be far below one interval)
        acc["samples"] = total_value / interval_ns
        acc["java_samples"] /= interval_ns
        acc["leaf"] = collections.Counter({k: v / interval_ns for k, v in acc["leaf"].items()})
    if folded.returncode != 0:
        acc["stats"]["report.error"] = folded.stderr.strip()[:300]
    return acc


# ------------------------------------------------------------------------------------------------ the environment

class Setup:
    def __init__(self, a, trial=True):
        self.java = os.path.realpath(a.java)
        self.java_home = os.path.dirname(os.path.dirname(self.java))
        self.jfr_tool = os.path.join(self.java_home, "bin", "jfr")
        self.java_major = java_major(self.java)
        self.async_lib = a.async_lib
        self.candor = a.candor
        self.classes = a.classes
        self.workloads_dir = a.shared_workloads
        self.out = a.out
        self.work = os.path.join(self.out, "work")
        os.makedirs(self.work, exist_ok=True)
        os.makedirs(os.path.join(self.out, "logs"), exist_ok=True)
        os.makedirs(os.path.join(self.out, "profiles"), exist_ok=True)
        # the fake JDK: bin/java -> timed_java.py
        self.fake_home = os.path.join(self.work, "jdk")
        os.makedirs(os.path.join(self.fake_home, "bin"), exist_ok=True)
        self.fake_java = os.path.join(self.fake_home, "bin", "java")
        if os.path.lexists(self.fake_java):
            os.remove(self.fake_java)
        os.symlink(os.path.join(HERE, "timed_java.py"), self.fake_java)
        self.jfc = {}
        self.candor_status = candor_status(self.candor) if trial else "not run"
        if self.candor_status == "ok" and "candor" in a.profilers and trial:
            self.candor_status = self.candor_trial()
        self.async_status = "ok" if self.async_lib and os.path.isfile(self.async_lib) else \
            "not available (libasyncProfiler.so not found)"
        self.jfr_floor_ns = (10 if self.java_major <= 17 else 1) * 10**6

    def candor_trial(self):
        """A one-second trial of `candor profile --mode sample`: the CLI may know the option before the agent can."""
        out = os.path.join(self.work, "trial.candor")
        cmd = [self.candor, "profile", "--mode", "sample", "--event", "cpu", "--interval", "1ms", "-o", out, "--",
               self.java, "-cp", self.classes, "org.candor.bench.sampling.CpuWorkload", "--units", "100"]
        try:
            r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=180)
        except subprocess.TimeoutExpired:
            return "not available (a short trial run timed out)"
        if r.returncode == 0 and os.path.isfile(out) and "CHECK " in r.stdout:
            os.remove(out)
            return "ok"
        lines = [l for l in r.stdout.splitlines() if l.strip() and not l.startswith(("CHECK", "WORKER"))]
        return "not available (a short trial failed, exit %d: %s)" % (r.returncode, " | ".join(lines[:2])[:200])

    def jfc_for(self, interval_ns):
        """A copy of the JDK's profile.jfc with jdk.ExecutionSample's period set to the interval."""
        if interval_ns not in self.jfc:
            src = os.path.join(self.java_home, "lib", "jfr", "profile.jfc")
            with open(src) as f:
                text = f.read()
            ms = interval_ns // 10**6
            text, n = re.subn(r'(<event name="jdk.ExecutionSample">.*?<setting name="period"[^>]*>)[^<]*(</setting>)',
                              r"\g<1>%d ms\g<2>" % ms, text, flags=re.S)
            if n != 1:
                raise RuntimeError("cannot find jdk.ExecutionSample's period in " + src)
            dst = os.path.join(self.work, "profile-%s.jfc" % fmt_interval(interval_ns))
            with open(dst, "w") as f:
                f.write(text)
            self.jfc[interval_ns] = dst
        return self.jfc[interval_ns]

    def supports(self, prof, interval_ns):
        """None if the configuration can run, else why not."""
        if prof in ("candor", "trace"):
            return None if self.candor_status == "ok" else self.candor_status
        if prof == "async":
            return None if self.async_status == "ok" else self.async_status
        if prof == "jfr":
            if interval_ns < self.jfr_floor_ns:
                return "n/a: JDK %d's JFR sampler period is at least %s" % (self.java_major,
                                                                             fmt_interval(self.jfr_floor_ns))
            if interval_ns % 10**6:
                return "n/a: JFR periods are whole milliseconds"
        return None


def java_major(java):
    out = subprocess.run([java, "-version"], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True).stderr
    m = re.search(r'version "(\d+)(?:\.(\d+))?', out)
    if not m:
        return 17
    major = int(m.group(1))
    return int(m.group(2)) if major == 1 else major


def candor_status(candor):
    if not candor or not os.path.isfile(candor):
        return "not available (no candor launcher)"
    cli_jar = os.path.join(os.path.dirname(os.path.realpath(candor)), "modules", "cli", "target", "candor", "lib",
                           "candor-cli.jar")
    if not os.path.isfile(cli_jar):
        # the launcher would build the whole reactor; never do that from a benchmark
        return "not available (command line not built: mvn -pl modules/cli -am install -DskipTests)"
    r = subprocess.run([candor, "help", "profile"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if "--mode" not in r.stdout:
        return "not available (`candor help profile` has no --mode: sampling not in this build)"
    return "ok"


# ------------------------------------------------------------------------------------------------------ workloads

class Workload:
    name = ""
    threads = 1

    def intervals(self, asked):
        """The intervals this workload runs at."""
        return asked

    def prepare(self, setup):
        pass

    def cleanup(self):
        pass

    def command(self, setup, jvm_opts):
        raise NotImplementedError


class CpuWorkload(Workload):
    def __init__(self, threads, units):
        self.threads = threads
        self.units = units
        self.name = "cpu%d" % threads
        self.describe = ("CpuWorkload, %d thread%s x %d units (hotA/B/C/D 40/30/20/10 %%, same kernel)"
                         % (threads, "" if threads == 1 else "s", units))

    def command(self, setup, jvm_opts):
        argv = [setup.fake_java] + jvm_opts + ["-cp", setup.classes, "org.candor.bench.sampling.CpuWorkload",
                                               "--threads", str(self.threads), "--units", str(self.units)]
        return argv, {}


class StartupWorkload(CpuWorkload):
    """One unit of the CPU workload (~0.1 s): what is left is each profiler's fixed cost, start-up and exit."""

    def __init__(self):
        super().__init__(1, 1)
        self.name = "startup"
        self.describe = ("CpuWorkload, 1 thread x 1 unit: a ~0.1 s program, so the overhead is each profiler's fixed"
                         " cost (loading, start-up, writing the profile at exit) at 10 ms")

    def intervals(self, asked):
        return [10**7]


class JavacWorkload(Workload):
    name = "javac"
    threads = 2   # javac itself is one thread, but the JIT keeps the second CPU busy
    describe = "javac compiling Guava 33.3.1 (627 files), ../shared/workloads/javac.sh"

    def script(self, setup):
        return os.path.join(setup.workloads_dir, "javac.sh")

    def prepare(self, setup):
        env = dict(os.environ, JAVA_HOME=setup.java_home)
        env.pop("JAVA_OPTS", None)
        r = subprocess.run(["bash", self.script(setup), "prepare"], env=env)
        if r.returncode != 0:
            raise RuntimeError("javac.sh prepare failed")

    def command(self, setup, jvm_opts):
        self.set_aside_output()
        return ["bash", self.script(setup), "run"], {"JAVA_HOME": setup.fake_home, "JAVA_OPTS": " ".join(jvm_opts)}

    @staticmethod
    def workload_dir():
        return os.path.join(os.environ.get("CANDOR_WORKLOADS", os.path.expanduser("~/.cache/candor-workloads")), "javac")

    def set_aside_output(self):
        """javac.sh starts with `rm -rf out`: the previous run's 1969 class files deleted a second before the new ones
        are created. ext4 then skips every recently deleted inode when it allocates one (recently_deleted() in the
        kernel), which cost javac ~2 s of extra, variable system time per run here and showed up in profiles as
        UnixNativeDispatcher.open0. So the previous output is moved aside instead (deleted at the end, see cleanup)."""
        w = self.workload_dir()
        out = os.path.join(w, "out")
        if os.path.isdir(out):
            aside = os.path.join(w, "out.bench-aside")
            os.makedirs(aside, exist_ok=True)
            os.rename(out, os.path.join(aside, "%d-%d" % (os.getpid(), time.monotonic_ns())))

    def cleanup(self):
        import shutil
        shutil.rmtree(os.path.join(self.workload_dir(), "out.bench-aside"), ignore_errors=True)


# ------------------------------------------------------------------------------------------------------ one run

def profiler_setup(setup, prof, interval_ns, tag):
    """(jvm options, launcher prefix or None, output file or None) for one configuration."""
    prof_dir = os.path.join(setup.out, "profiles")
    if prof == "none":
        return [], None, None
    if prof == "async":
        out = os.path.join(prof_dir, tag + ".txt")
        return ["-agentpath:%s=start,event=cpu,interval=%d,file=%s,traces=100000000,flat=0"
                % (setup.async_lib, interval_ns, out)], None, out
    if prof == "jfr":
        out = os.path.join(prof_dir, tag + ".jfr")
        return ["-XX:StartFlightRecording=settings=%s,filename=%s,dumponexit=true"
                % (setup.jfc_for(interval_ns), out)], None, out
    if prof in ("candor", "trace"):
        out = os.path.join(prof_dir, tag + ".candor")
        trace = ["--trace", trace_dir(out)] if prof == "trace" else []
        return [], [setup.candor, "profile", "--mode", "sample", "--event", "cpu", "--interval",
                    fmt_interval(interval_ns), "-o", out] + trace + ["--"], out
    raise ValueError(prof)


def trace_dir(snapshot):
    """Where a traced run's trace directory goes: beside its snapshot."""
    return snapshot[:-len(".candor")] + ".trace"


def trace_figures(directory):
    """(bytes of the per-CPU files, records in them) of a trace directory."""
    size = records = 0
    for name in os.listdir(directory):
        if not name.endswith(".ctrace"):
            continue
        with open(os.path.join(directory, name), "rb") as f:
            data = f.read()
        size += len(data)
        off = 32
        while off + 2 <= len(data):
            n = int.from_bytes(data[off:off + 2], "little")
            if n < 24 or off + n > len(data):
                break
            records += 1
            off += n
    return size, records


def run_once(setup, wl, prof, interval_ns, rnd, timeout_s, keep_profiles):
    tag = "%s-%s%s-r%d" % (wl.name, prof, "" if prof == "none" else "-" + fmt_interval(interval_ns), rnd)
    jvm_opts, prefix, prof_out = profiler_setup(setup, prof, interval_ns, tag)
    argv, extra_env = wl.command(setup, jvm_opts)
    rusage_file = os.path.join(setup.work, tag + ".rusage")
    for f in (rusage_file, prof_out):
        if f and os.path.exists(f):
            os.remove(f)
    if prof == "trace" and os.path.isdir(trace_dir(prof_out)):
        shutil.rmtree(trace_dir(prof_out))
    env = dict(os.environ)
    env.pop("JAVA_TOOL_OPTIONS", None)
    env.update(extra_env)
    env["CANDOR_BENCH_REAL_JAVA"] = setup.java
    env["CANDOR_BENCH_REAL_HOME"] = setup.java_home
    env["CANDOR_BENCH_RUSAGE"] = rusage_file
    if THREAD_SPLIT:
        env["CANDOR_BENCH_THREADS"] = "1"
    else:
        env.pop("CANDOR_BENCH_THREADS", None)
    env.pop("CANDOR_BENCH_NESTED", None)
    if prefix:
        env["CANDOR_BENCH_PREFIX"] = json.dumps(prefix)
    else:
        env.pop("CANDOR_BENCH_PREFIX", None)
    log_out = os.path.join(setup.out, "logs", tag + ".out")
    log_err = os.path.join(setup.out, "logs", tag + ".err")
    stat0, load0 = read_proc_stat(), loadavg1()
    t0 = time.monotonic_ns()
    fa = [(os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0),
          (os.POSIX_SPAWN_OPEN, 1, log_out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
          (os.POSIX_SPAWN_OPEN, 2, log_err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)]
    exe = argv[0] if "/" in argv[0] else shutil_which(argv[0])
    pid = os.posix_spawn(exe, argv, env, file_actions=fa, setsid=True)
    timed_out = []

    def kill():
        timed_out.append(True)
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    timer = threading.Timer(timeout_s, kill)
    timer.start()
    _, status, ru = os.wait4(pid, 0)
    timer.cancel()
    t1 = time.monotonic_ns()
    stat1 = read_proc_stat()
    rec = {"workload": wl.name, "profiler": prof, "interval_ns": interval_ns if prof != "none" else None,
           "round": rnd, "tag": tag, "exit": os.waitstatus_to_exitcode(status), "timed_out": bool(timed_out),
           "total_wall_s": (t1 - t0) / 1e9, "total_cpu_s": ru.ru_utime + ru.ru_stime, "load1_start": load0}
    procs = []
    if os.path.exists(rusage_file):
        with open(rusage_file) as f:
            procs = [json.loads(l) for l in f if l.strip()]
    targets = [p for p in procs if p["role"] == "target"]
    launchers = [p for p in procs if p["role"] == "launcher"]
    if targets:
        rec["target_cpu_s"] = sum(p["user_s"] + p["sys_s"] for p in targets)
        rec["target_user_s"] = sum(p["user_s"] for p in targets)
        rec["target_sys_s"] = sum(p["sys_s"] for p in targets)
        rec["target_wall_s"] = sum(p["wall_ns"] for p in targets) / 1e9
        rec["target_maxrss_mb"] = max(p["maxrss_kb"] for p in targets) / 1024
        rec["target_exit"] = targets[-1]["exit"]
        if "threads" in targets[-1]:
            rec["threads"] = targets[-1]["threads"]
    if launchers:
        rec["launcher_cpu_s"] = sum(p["user_s"] + p["sys_s"] for p in launchers)
        rec["launcher_wall_s"] = sum(p["wall_ns"] for p in launchers) / 1e9
    if stat0 and stat1:
        busy = stat1[0] - stat0[0]
        rec["foreign_load"] = max(0.0, busy - rec["total_cpu_s"]) / rec["total_wall_s"]
        rec["steal_load"] = (stat1[1] - stat0[1]) / rec["total_wall_s"]
    with open(log_out, errors="replace") as f:
        for line in f:
            if line.startswith("CHECK "):
                rec["check"] = line.split(None, 1)[1].strip()
            elif line.startswith("WORKER_CPU_NS "):
                rec["worker_cpu_s"] = int(line.split()[1]) / 1e9
    ok = rec["exit"] == 0 and not timed_out and "check" in rec and "target_cpu_s" in rec
    if prof_out:
        if os.path.exists(prof_out):
            try:
                if prof == "async":
                    acc = parse_async_text(prof_out)
                elif prof == "jfr":
                    acc = parse_jfr(setup.jfr_tool, prof_out)
                else:
                    acc = parse_candor(setup.candor, prof_out, interval_ns)
                rec["samples"] = acc["samples"]
                rec["java_samples"] = acc["java_samples"]
                rec["stats"] = acc["stats"]
                rec["leaf"] = dict(acc["leaf"].most_common(200))
                rec["profile_bytes"] = os.path.getsize(prof_out)
                if prof == "trace":
                    rec["trace_bytes"], rec["trace_records"] = trace_figures(trace_dir(prof_out))
            except Exception as e:  # a profile we cannot read is a failed run, not a crash of the benchmark
                rec["profile_error"] = "%s: %s" % (type(e).__name__, e)
                ok = False
            if not keep_profiles:
                os.remove(prof_out)
                if prof == "trace" and os.path.isdir(trace_dir(prof_out)):
                    shutil.rmtree(trace_dir(prof_out))
        else:
            rec["profile_error"] = "no profile written"
            ok = False
    rec["ok"] = ok
    if os.path.exists(rusage_file):
        os.remove(rusage_file)
    return rec


def shutil_which(cmd):
    import shutil
    return shutil.which(cmd) or cmd


# ---------------------------------------------------------------------------------------------------------- summary

def configs(setup, intervals, profilers):
    out = [("none", None)]
    for iv in intervals:
        for p in ("candor", "trace", "async", "jfr"):
            if p in profilers:
                out.append((p, iv))
    return out


def summarize(setup, a, records, workloads, intervals, profilers, load_values, started, finished, floors):
    L = []
    w = L.append
    w("# Candor sampling overhead, %s (%s)" % (started, "quick" if a.quick else "full"))
    w("machine: %d CPUs, %s; JVM: %s (JDK %d)" % (os.cpu_count(), cpu_model(), setup.java, setup.java_major))
    w("runs per configuration: %d (plus one untimed warm-up run per workload); intervals: %s; ran %s .. %s"
      % (a.runs, ", ".join(fmt_interval(i) for i in intervals), started, finished))
    w("profilers:")
    w("  Candor          candor profile --mode sample --event cpu --interval I -o OUT.candor -- java ...   [%s]"
      % setup.candor_status)
    w("  Candor+trace    the same with --trace DIR (per-thread periods, docs/formats/trace.md)")
    w("  async-profiler  -agentpath:libasyncProfiler.so=start,event=cpu,interval=I,file=OUT.txt,traces=...  "
      "(4.5; cpu = perf_events)   [%s]" % setup.async_status)
    w("  JFR             -XX:StartFlightRecording=settings=<profile.jfc, jdk.ExecutionSample#period=I>,filename=..."
      "   [floor %s on JDK %d]" % (fmt_interval(setup.jfr_floor_ns), setup.java_major))
    w("")
    w("CPU = user+sys of the workload's JVM (wait4), the primary measure; wall = that JVM's wall time.")
    w("Overhead = configuration / no agent - 1, paired by round; median [min .. max] over the rounds.")
    w("expected samples = the JVM's CPU time / interval (all its threads: JIT and GC included; JVM start-up before")
    w("the agent starts, too). CPU workloads also show 'worker CPU': the overhead on the CPU time of the workload's")
    w("own threads alone (what the samples' signal handlers cost them; no agent threads, no start-up), and Java")
    w("samples / worker CPU: the samples in Java stacks against the worker threads' CPU time / interval.")
    w("us CPU/sample = (CPU time - no agent's) / samples: what one sample costs, start-up costs spread over them.")
    w("")
    if floors:
        w("Timer floor: what a per-thread CPU timer (perf task-clock, user time, attr.sigtrap into an empty handler)")
        w("costs a busy C loop on this machine, before any profiler work; no sampler that interrupts the thread it")
        w("samples can cost less (bench/sampling/timer_floor.c, median of %d pairs):" % a.floor_rounds)
        for iv in intervals:
            f = floors.get(iv, floors.get(str(iv)))
            w("  %-6s %s" % (fmt_interval(iv), floor_text(f) if f is not None else "not measured"))
        w("")
    verdicts = []
    for wl in workloads:
        ivs = wl.intervals(intervals)
        recs = [r for r in records if r["workload"] == wl.name]
        if not recs:
            continue
        w("=" * 118)
        w("## %s: %s" % (wl.name, wl.describe))
        base = {r["round"]: r for r in recs if r["profiler"] == "none" and r["ok"]}
        base_cpu = [r["target_cpu_s"] for r in base.values()]
        base_wall = [r["target_wall_s"] for r in base.values()]
        noise = None
        if len(base_cpu) >= 2:
            noise = (max(base_cpu) - min(base_cpu)) / median(base_cpu) * 100
        checks = collections.Counter(r.get("check") for r in recs if r["exit"] == 0)
        ref_check = base[min(base)]["check"] if base else None
        w("")
        hdr = ("%-22s %11s %11s %22s %22s %8s %8s %6s"
               % ("configuration", "CPU s", "wall s", "CPU overhead %", "wall overhead %", "samples", "expected",
                  "deliv%"))
        w(hdr)
        w("-" * len(hdr))
        table = {}
        for prof, iv in configs(setup, ivs, profilers):
            name = LABEL[prof] + ("" if iv is None else " " + fmt_interval(iv))
            why = setup.supports(prof, iv) if prof != "none" else None
            rs = [r for r in recs if r["profiler"] == prof and r["interval_ns"] == iv]
            if why and not rs:
                w("%-22s %s" % (name, why))
                continue
            good = [r for r in rs if r["ok"]]
            bad = [r for r in rs if not r["ok"]]
            notes = []
            if bad:
                notes.append("%d failed run(s): %s" % (len(bad), "; ".join(failure(r) for r in bad)))
            if not good:
                w("%-22s %s" % (name, "; ".join(notes) or "no runs"))
                continue
            cpu = [r["target_cpu_s"] for r in good]
            wall = [r["target_wall_s"] for r in good]
            ovh_cpu = [(r["target_cpu_s"] / base[r["round"]]["target_cpu_s"] - 1) * 100 for r in good
                       if r["round"] in base]
            ovh_wall = [(r["target_wall_s"] / base[r["round"]]["target_wall_s"] - 1) * 100 for r in good
                        if r["round"] in base]
            row = {"cpu": median(cpu), "wall": median(wall), "ovh_cpu": median(ovh_cpu), "ovh_wall": median(ovh_wall),
                   "ovh_cpu_range": (min(ovh_cpu), max(ovh_cpu)) if ovh_cpu else None, "good": good}
            samples = expected = deliv = None
            if prof != "none":
                samples = median([r.get("samples", 0) for r in good])
                expected = median([r["target_cpu_s"] * 1e9 / iv for r in good])
                deliv = samples / expected * 100 if expected else None
                row.update(samples=samples, expected=expected, deliv=deliv)
                per = [(r["target_cpu_s"] - base[r["round"]]["target_cpu_s"]) / r["samples"] * 1e6 for r in good
                       if r["round"] in base and r.get("samples")]
                if per:
                    row["us_per_sample"] = median(per)
                    notes.append("%.1f us CPU/sample" % median(per))
                own = own_delivery(good)
                if own is not None:
                    row["own_deliv"] = own
                    notes.append("own stats: delivered/expected %.1f%%" % own)
                if prof == "trace" and good[0].get("trace_records"):
                    per = [r["trace_bytes"] / r["trace_records"] for r in good if r.get("trace_records")]
                    rate = [r["trace_records"] / r["target_wall_s"] for r in good if r.get("trace_records")]
                    notes.append("trace: %.0f records, %.1f bytes/record, %.0f records/s"
                                 % (median([r["trace_records"] for r in good if r.get("trace_records")]),
                                    median(per), median(rate)))
                if prof in ("candor", "trace"):
                    lc = [r["launcher_cpu_s"] - r["target_cpu_s"] for r in good if "launcher_cpu_s" in r]
                    if lc:
                        notes.append("+ CLI JVM %.2f s CPU" % median(lc))
                if "worker_cpu_s" in good[0]:
                    js = median([r.get("java_samples", 0) for r in good])
                    je = median([r["worker_cpu_s"] * 1e9 / iv for r in good])
                    if je:
                        row["java_vs_worker"] = js / je * 100
                        notes.append("Java samples / worker CPU %.1f%%" % (js / je * 100))
            if prof != "none" and base_cpu and noise is not None and noise > 2.0:
                # a noisy workload: the ratio of the medians is the steadier estimate
                notes.insert(0, "median/median CPU %+.2f%%" % ((median(cpu) / median(base_cpu) - 1) * 100))
                row["ovh_cpu_medians"] = (median(cpu) / median(base_cpu) - 1) * 100
            if "worker_cpu_s" in good[0] and prof != "none":
                ow = [(r["worker_cpu_s"] / base[r["round"]]["worker_cpu_s"] - 1) * 100 for r in good
                      if r["round"] in base and "worker_cpu_s" in base[r["round"]]]
                if ow:
                    row["ovh_worker"] = median(ow)
                    notes.insert(0, "worker CPU %+.2f%%" % median(ow))
            mism = [r["tag"] for r in good if r.get("check") != ref_check]
            if mism:
                notes.append("CHECK DIFFERS: " + ", ".join(mism))
            table[(prof, iv)] = row
            w("%-22s %11s %11s %22s %22s %8s %8s %6s" % (
                name, spread(cpu), spread(wall), rng(ovh_cpu), rng(ovh_wall),
                num(samples, "%.0f"), num(expected, "%.0f"), num(deliv, "%.1f")))
            if notes:
                w("%-22s   %s" % ("", "; ".join(notes)))
        w("")
        all_ok = [r for r in recs if r["ok"]]
        same = len(set(r.get("check") for r in all_ok)) == 1
        w("CHECK: %s in all %d successful runs%s" % (
            ("identical (%s)" % ref_check) if same else "NOT identical",
            len(all_ok), "" if same else ": " + ", ".join("%s x%d" % kv for kv in checks.items())))
        if noise is not None:
            w("noise: the no-agent runs' CPU times spread %.1f %% (max-min)/median; wall %.1f %%"
              % (noise, (max(base_wall) - min(base_wall)) / median(base_wall) * 100))
        fl = [r["foreign_load"] for r in recs if "foreign_load" in r]
        st = [r["steal_load"] for r in recs if "steal_load" in r]
        if fl:
            w("other work on the machine during the runs: mean %.2f CPUs, max %.2f (steal mean %.2f)"
              % (statistics.mean(fl), max(fl), statistics.mean(st) if st else 0))
            if statistics.mean(fl) > BUSY_FOREIGN_LOAD:
                w("WARNING: the machine was shared during these runs (other work > %.1f CPUs): wall times and small"
                  " overheads are not trustworthy; CPU time is the measure, and even it suffers (caches, SMT)."
                  % BUSY_FOREIGN_LOAD)

        if wl.name == "startup":
            w("")
            base_cpu_s = median(base_cpu) if base_cpu else None
            parts = []
            for prof in ("candor", "async", "jfr"):
                row = table.get((prof, ivs[0]))
                if row and base_cpu_s:
                    parts.append("%s %+.0f ms" % (LABEL[prof], (row["cpu"] - base_cpu_s) * 1000))
            w("Fixed cost (extra CPU of this ~%.2f s program, median of the rounds): %s"
              % (base_cpu_s or 0, ", ".join(parts) if parts else "n/a"))
            w("")
            continue

        thread_table(w, setup, ivs, profilers, recs, table)

        # ratios
        w("")
        w("Candor / async-profiler (median CPU overhead; wall in brackets):")
        for iv in ivs:
            c, ap = table.get(("candor", iv)), table.get(("async", iv))
            if not c or not ap:
                w("  %-6s n/a (%s)" % (fmt_interval(iv), "Candor not available" if not c else "no async-profiler run"))
                continue
            w("  %-6s %s  [%s]   (Candor %s %%, async-profiler %s %%)" % (
                fmt_interval(iv), ratio(c["ovh_cpu"], ap["ovh_cpu"], noise), ratio(c["ovh_wall"], ap["ovh_wall"], noise),
                pct(c["ovh_cpu"], 2), pct(ap["ovh_cpu"], 2)))

        if "trace" in profilers:
            w("")
            w("Candor+trace / Candor (what the trace adds: CPU time, paired by round, median [min .. max]; goal <= %.2fx):"
              % GOAL_TRACE_RATIO)
            for iv in ivs:
                c, t = table.get(("candor", iv)), table.get(("trace", iv))
                if not c or not t:
                    w("  %-6s n/a" % fmt_interval(iv))
                    continue
                by_round = {r["round"]: r for r in c["good"]}
                rs = [r["target_cpu_s"] / by_round[r["round"]]["target_cpu_s"] for r in t["good"] if r["round"] in by_round]
                if rs:
                    verdict = "PASS" if median(rs) <= GOAL_TRACE_RATIO else "FAIL"
                    w("  %-6s %.3fx [%.3f .. %.3f]  %s" % (fmt_interval(iv), median(rs), min(rs), max(rs), verdict))
                    verdicts.append("trace %s %s" % (fmt_interval(iv), verdict))

        # agreement
        w("")
        w("Top-10 hot methods by self samples (Java view: a sample counts for its innermost Java frame), all rounds"
          " summed:")
        for iv in ivs:
            c, ap = table.get(("candor", iv)), table.get(("async", iv))
            jf = table.get(("jfr", iv))
            if ap and c:
                w("  %s" % agreement_line(fmt_interval(iv), "Candor", c["good"], "async-profiler", ap["good"]))
            elif ap:
                w("  %-6s Candor n/a" % fmt_interval(iv))
            if ap and jf:
                w("  %s" % agreement_line(fmt_interval(iv), "JFR", jf["good"], "async-profiler", ap["good"]))
        for iv in ivs:
            cols = [(LABEL[p], table[(p, iv)]["good"]) for p in ("candor", "async", "jfr") if (p, iv) in table]
            if cols:
                w("")
                w(top_table(fmt_interval(iv), cols))
        if wl.name.startswith("cpu"):
            w("")
            w("Known split (hotA/hotB/hotC/hotD by design 40/30/20/10 % of the four; measured):")
            for iv in ivs:
                for p in ("candor", "async", "jfr"):
                    if (p, iv) in table:
                        w("  %-6s %-15s %s" % (fmt_interval(iv), LABEL[p], split_line(table[(p, iv)]["good"])))

        # goals
        w("")
        w("Goals (issue 3), on CPU overhead:")
        verdicts += goals(w, wl, table, ivs, noise, floors)
        w("")
    if load_values:
        mean = statistics.mean(load_values)
        w("1-min load average during the whole run: mean %.2f, max %.2f (%d CPUs; the benchmark itself accounts for"
          " ~1 for cpu1, ~2 for cpu2 and javac)" % (mean, max(load_values), os.cpu_count()))
        if mean > BUSY_LOADAVG + max(wl.threads for wl in workloads) - 1:
            w("WARNING: other work ran on this machine during the run (mean load > %.1f): judge by CPU time, or run"
              " again on a quiet machine." % BUSY_LOADAVG)
    w("")
    w("Verdicts: " + ("; ".join(verdicts) if verdicts else
                      "none" + ("" if setup.candor_status == "ok" else " (Candor not run)")))
    return "\n".join(L) + "\n"


def thread_table(w, setup, intervals, profilers, recs, table):
    """Where the CPU time went, by thread group (from /proc, read every 0.25 s by timed_java.py)."""
    rows = []
    base = None
    for prof, iv in configs(setup, intervals, profilers):
        row = table.get((prof, iv))
        if not row:
            continue
        good = [r for r in row["good"] if "threads" in r]
        if not good:
            continue
        med = {g: median([r["threads"].get(g, 0.0) for r in good]) for g in GROUPS}
        med["unaccounted"] = median([r["target_cpu_s"] - sum(r["threads"].get(g, 0.0) for g in GROUPS)
                                     for r in good])
        others = collections.Counter()
        for r in good:
            others.update(r["threads"].get("other_names", {}))
        if prof == "none":
            base = med
        rows.append((LABEL[prof] + ("" if iv is None else " " + fmt_interval(iv)), med, others, len(good)))
    if not rows or base is None:
        return
    w("")
    w("CPU time by thread group, median s (change against no agent): app = main/worker threads, jit = C1/C2 compiler")
    w("threads, vm = GC and other VM threads, jfr = JFR's threads, other = the rest (a profiler's own threads):")
    cols = GROUPS + ("unaccounted",)
    w("  %-22s " % "" + " ".join("%16s" % c for c in cols))
    for name, med, others, n in rows:
        cells = []
        for c in cols:
            d = med[c] - base[c]
            cells.append("%16s" % ("%.2f" % med[c] if name == LABEL["none"] else "%.2f (%+.2f)" % (med[c], d)))
        extra = ""
        if others:
            top = ", ".join("%s %.2f" % (k, v / n) for k, v in others.most_common(3))
            extra = "   other: " + top
        w("  %-22s " % name + " ".join(cells) + extra)


def failure(r):
    if r.get("timed_out"):
        return r["tag"] + " timed out"
    if r.get("profile_error"):
        return "%s %s" % (r["tag"], r["profile_error"])
    if "check" not in r:
        return "%s exit %s, no CHECK" % (r["tag"], r["exit"])
    return "%s exit %s" % (r["tag"], r["exit"])


def spread(xs):
    if not xs:
        return "n/a"
    m = median(xs)
    if len(xs) == 1:
        return "%.2f" % m
    return "%.2f±%.2f" % (m, (max(xs) - min(xs)) / 2)


def rng(xs):
    if not xs:
        return "-"
    if len(xs) == 1:
        return "%+.2f" % xs[0]
    return "%+.2f [%+.1f..%+.1f]" % (median(xs), min(xs), max(xs))


def ratio(c, ap, noise):
    if c is None or ap is None:
        return "n/a"
    if ap <= max(0.2, noise or 0.0):
        return "n/a (async-profiler's %+.2f %% is within the noise; difference %+.2f pp)" % (ap, c - ap)
    return "%.2fx" % (c / ap)


def own_delivery(good):
    vals = []
    for r in good:
        s = r.get("stats", {})
        e, d = s.get("samples.expected"), s.get("samples.delivered")
        if e and d is not None:
            vals.append(d / e * 100)
    return median(vals)


def merged_leaf(good):
    c = collections.Counter()
    total = 0
    for r in good:
        c.update(r.get("leaf", {}))
        total += r.get("java_samples", 0)
    return c, total


def shares(good):
    c, total = merged_leaf(good)
    if not total:
        return {}
    return {k: v / total * 100 for k, v in c.items()}


def agreement(a_good, b_good):
    pa, pb = shares(a_good), shares(b_good)
    ta = [k for k, _ in sorted(pa.items(), key=lambda kv: -kv[1])[:10]]
    tb = [k for k, _ in sorted(pb.items(), key=lambda kv: -kv[1])[:10]]
    shared = set(ta) & set(tb)
    maxdiff = max((abs(pa[k] - pb[k]) for k in shared), default=None)
    # the part of the top 10 that is more than sampling noise: methods with >= 1 % in either profile
    big = {k for k in set(ta) | set(tb) if max(pa.get(k, 0), pb.get(k, 0)) >= 1.0}
    big_shared = {k for k in big if k in ta and k in tb}
    keys = set(pa) | set(pb)
    tvd = sum(abs(pa.get(k, 0) - pb.get(k, 0)) for k in keys) / 2
    union = list(dict.fromkeys(ta + tb))
    rho = spearman([pa.get(k, 0) for k in union], [pb.get(k, 0) for k in union]) if len(union) > 2 else None
    return {"overlap": len(shared), "maxdiff": maxdiff, "tvd": tvd, "rho": rho, "n": (len(ta), len(tb)),
            "big": len(big), "big_shared": len(big_shared)}


def agreement_line(iv, na, ga, nb, gb):
    g = agreement(ga, gb)
    return ("%-6s %s vs %s: top-10 overlap %d/10 (methods >= 1 %%: %d of %d in both top 10s), max |diff| of shared"
            " %s pp, total variation %.1f pp, Spearman %s"
            % (iv, na, nb, g["overlap"], g["big_shared"], g["big"], num(g["maxdiff"], "%.2f"), g["tvd"],
               num(g["rho"], "%.2f")))


def spearman(x, y):
    def ranks(v):
        order = sorted(range(len(v)), key=lambda i: -v[i])
        r = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2 + 1
            i = j + 1
        return r
    rx, ry = ranks(x), ranks(y)
    mx, my = statistics.mean(rx), statistics.mean(ry)
    num_ = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    den = (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5
    return num_ / den if den else None


def short(k, width=58):
    k = re.sub(r"^(?:[a-z][\w]*\.)+(?=[A-Z])", "", k)   # drop the package
    return k if len(k) <= width else "…" + k[-(width - 1):]


def top_table(iv, cols):
    lines = ["  %s, top 10 (%% of Java samples):" % iv]
    tops = []
    for name, good in cols:
        p = shares(good)
        tops.append((name, sorted(p.items(), key=lambda kv: -kv[1])[:10]))
    lines.append("    " + " | ".join("%-52s" % name for name, _ in tops))
    for i in range(10):
        cells = []
        for _, t in tops:
            cells.append("%-45s %6.2f" % (short(t[i][0], 45), t[i][1]) if i < len(t) else " " * 52)
        lines.append("    " + " | ".join(cells))
    return "\n".join(lines)


def split_line(good):
    p = shares(good)
    names = ["org.candor.bench.sampling.CpuWorkload.hot" + x for x in "ABCD"]
    vals = [p.get(n, 0) for n in names]
    s = sum(vals)
    if not s:
        return "no samples in hotA..hotD"
    norm = [v / s * 100 for v in vals]
    design = [40, 30, 20, 10]
    return ("%.1f / %.1f / %.1f / %.1f   (max |diff| %.1f pp; the four hold %.1f %% of Java samples)"
            % (*norm, max(abs(a - b) for a, b in zip(norm, design)), s))


def goals(w, wl, table, intervals, noise, floors):
    out = []
    nz = noise if noise is not None else 0.0

    def verdict(ok, margin, row=None):
        v = "PASS" if ok else "FAIL"
        lo, hi = row["ovh_cpu_range"] if row and row.get("ovh_cpu_range") else (None, None)
        limit = (row["ovh_cpu"] - margin) if row else None
        if lo is not None and lo <= limit <= hi:
            v += " (but the rounds straddle the limit: %+.2f .. %+.2f %%)" % (lo, hi)
        elif margin is not None and abs(margin) < nz:
            v += " (within the noise, %.1f %%)" % nz
        return v
    ms1, us100 = 10**6, 10**5
    c1, a1 = table.get(("candor", ms1)), table.get(("async", ms1))
    if ms1 in intervals:
        if c1:
            v = verdict(c1["ovh_cpu"] <= GOAL_1MS_OVERHEAD, c1["ovh_cpu"] - GOAL_1MS_OVERHEAD, c1)
            w("  1 ms:   overhead <= %.1f %%: Candor %s %% -> %s%s%s" % (GOAL_1MS_OVERHEAD, pct(c1["ovh_cpu"], 2), v,
                                                                    worker_note(c1, a1),
                                                                    floor_note(floors, ms1, GOAL_1MS_OVERHEAD)))
            out.append("%s 1ms<=%.1f%%: %s" % (wl.name, GOAL_1MS_OVERHEAD, v.split()[0]))
            if a1:
                lim = GOAL_1MS_VS_ASYNC * max(a1["ovh_cpu"], 0.0)
                ok = c1["ovh_cpu"] <= lim
                v = verdict(ok, c1["ovh_cpu"] - lim, c1)
                # the rounds' own spread, of either profiler, counts as noise too
                spread_pp = max([nz] + [(r["ovh_cpu_range"][1] - r["ovh_cpu_range"][0]) / 2 for r in (c1, a1)
                                        if r.get("ovh_cpu_range")])
                if not ok and c1["ovh_cpu"] - lim < spread_pp:
                    v = "INCONCLUSIVE (over by %.2f pp, inside the noise of %.1f pp)" % (c1["ovh_cpu"] - lim, spread_pp)
                w("  1 ms:   overhead <= %.1fx async-profiler's (%s %% -> limit %.2f %%): Candor %s %% -> %s"
                  % (GOAL_1MS_VS_ASYNC, pct(a1["ovh_cpu"], 2), lim, pct(c1["ovh_cpu"], 2), v))
                out.append("%s 1ms<=1.1xAP: %s" % (wl.name, v.split()[0]))
        else:
            w("  1 ms:   overhead <= %.1f %% and <= %.1fx async-profiler's (%s): Candor not available"
              % (GOAL_1MS_OVERHEAD, GOAL_1MS_VS_ASYNC, "async-profiler %s %%" % pct(a1["ovh_cpu"], 2) if a1 else "-"))
    c2 = table.get(("candor", us100))
    if us100 in intervals:
        if c2:
            v = verdict(c2["ovh_cpu"] <= GOAL_100US_OVERHEAD, c2["ovh_cpu"] - GOAL_100US_OVERHEAD, c2)
            w("  100 us: overhead <= %.1f %%: Candor %s %% -> %s%s%s" % (GOAL_100US_OVERHEAD, pct(c2["ovh_cpu"], 2), v,
                                                                      worker_note(c2, table.get(("async", us100))),
                                                                      floor_note(floors, us100, GOAL_100US_OVERHEAD)))
            out.append("%s 100us<=%.0f%%: %s" % (wl.name, GOAL_100US_OVERHEAD, v.split()[0]))
            d = c2.get("own_deliv", c2.get("deliv"))
            src = "Candor's own samples.delivered/samples.expected" if "own_deliv" in c2 else \
                "samples / (JVM CPU time / interval)"
            v = "PASS" if d is not None and d >= GOAL_100US_DELIVERED else "FAIL"
            w("  100 us: >= %.0f %% of samples delivered (%s): %s %% -> %s"
              % (GOAL_100US_DELIVERED, src, num(d, "%.1f"), v))
            if "java_vs_worker" in c2:
                w("          (independent check: samples in Java stacks / (worker threads' CPU time / interval) = %.1f %%;"
                  " the main thread's samples count too)" % c2["java_vs_worker"])
            out.append("%s 100us delivered>=95%%: %s" % (wl.name, v))
        else:
            a2 = table.get(("async", us100))
            w("  100 us: overhead <= %.1f %% with >= %.0f %% delivered: Candor not available (async-profiler: %s %%,"
              " %s %% delivered)" % (GOAL_100US_OVERHEAD, GOAL_100US_DELIVERED,
                                     pct(a2["ovh_cpu"], 2) if a2 else "n/a", num(a2["deliv"], "%.1f") if a2 else "n/a"))
    return out


def measure_floors(binary, intervals, rounds):
    """interval -> (overhead %, us per signal) of an empty per-thread timer on this machine, or the reason why not."""
    floors = {}
    for iv in intervals:
        if not binary or not os.path.isfile(binary):
            floors[iv] = "not measured (bench/target/timer-floor was not built: no C compiler?)"
            continue
        r = subprocess.run([binary, str(iv), "1000000000", str(rounds)], stdout=subprocess.PIPE, text=True)
        line = next((l for l in r.stdout.splitlines() if l.startswith("FLOOR ")), "")
        f = line.split()
        if len(f) == 5 and f[2] != "unavailable":
            floors[iv] = (float(f[2]), float(f[4]))
        else:
            floors[iv] = "not measured (%s)" % (" ".join(f[2:]) or "timer-floor failed, exit %d" % r.returncode)
        print("  timer floor at %s: %s" % (fmt_interval(iv), floor_text(floors[iv])), flush=True)
    return floors


def floor_text(floor):
    if isinstance(floor, str):
        return floor
    return "%+.2f %% of a busy thread's CPU (%.1f us per signal)" % floor


def floor_note(floors, iv, goal):
    """What the goal means against this machine's floor at that interval."""
    f = floors.get(iv) if floors else None
    if not isinstance(f, (tuple, list)):
        return ""
    if f[0] > goal:
        return "   [out of reach here: the timer alone costs %+.2f %%, above the %.1f %% goal]" % (f[0], goal)
    return "   [the timer alone costs %+.2f %% here]" % f[0]


def worker_note(c, ap):
    """The same overhead on the worker threads alone (CPU workloads): without start-up and the final dump."""
    if "ovh_worker" not in c:
        return ""
    s = "   [worker threads only: Candor %s %%" % pct(c["ovh_worker"], 2)
    if ap and "ovh_worker" in ap:
        s += ", async-profiler %s %%" % pct(ap["ovh_worker"], 2)
    return s + "]"


def main():
    ap = argparse.ArgumentParser(description="Candor vs async-profiler vs JFR sampling overhead (bench/README.md)")
    ap.add_argument("--quick", action="store_true", help="1 run, short CPU workload (smoke test, ~5 min)")
    ap.add_argument("--workload", default="all", choices=["cpu", "cpu1", "cpu2", "javac", "startup", "all"])
    ap.add_argument("--intervals", default="10ms,1ms,100us")
    ap.add_argument("--runs", type=int, default=None, help="timed runs per configuration (default 3; --quick 1)")
    ap.add_argument("--profilers", default="candor,async,jfr")
    ap.add_argument("--units", type=int, default=None, help="CpuWorkload units per thread (default 4000, ~10 s;"
                                                            " --quick 1200)")
    ap.add_argument("--java", default=None)
    ap.add_argument("--async-lib", default=None)
    ap.add_argument("--candor", default=os.path.join(ROOT, "candor"))
    ap.add_argument("--classes", required=True)
    ap.add_argument("--shared-workloads", default=os.path.join(os.path.dirname(ROOT), "shared", "workloads"))
    ap.add_argument("--results", default=os.path.join(BENCH, "results"))
    ap.add_argument("--keep-profiles", action="store_true", help="keep every profile file (they can be large)")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per run before it is killed")
    ap.add_argument("--no-warmup", action="store_true")
    ap.add_argument("--no-thread-split", action="store_true", help="do not read per-thread CPU times from /proc")
    ap.add_argument("--startup-runs", type=int, default=None, help="rounds of the startup workload (default 5;"
                                                                   " --quick 3)")
    ap.add_argument("--floor-binary", default=os.path.join(BENCH, "target", "timer-floor"))
    ap.add_argument("--floor-rounds", type=int, default=None, help="pairs per interval of the timer floor (default 5;"
                                                                   " --quick 3; 0: not measured)")
    ap.add_argument("--resummarize", metavar="RUNS_JSONL", help="only print the summary of an earlier run")
    a = ap.parse_args()
    global THREAD_SPLIT
    THREAD_SPLIT = not a.no_thread_split
    records, meta = [], {}
    if a.resummarize:
        # the earlier run's settings, so that its workloads, intervals and profilers are summarised
        with open(a.resummarize) as f:
            records = [json.loads(l) for l in f if l.strip()]
        meta = next((r["meta"] for r in records if "meta" in r), {})
        records = [r for r in records if "meta" not in r]
        for k in ("workload", "intervals", "profilers", "units", "runs", "quick", "java", "startup_runs",
                  "floor_rounds"):
            if k in meta.get("args", {}):
                setattr(a, k, meta["args"][k])
    if a.runs is None:
        a.runs = 1 if a.quick else 3
    if a.units is None:
        a.units = 1200 if a.quick else 4000
    if a.startup_runs is None:
        a.startup_runs = 3 if a.quick else 5
    if a.floor_rounds is None:
        a.floor_rounds = 3 if a.quick else 5
    if a.java is None:
        home = os.environ.get("JAVA_HOME")
        a.java = os.path.join(home, "bin", "java") if home else shutil_which("java")
    intervals = [parse_interval(s) for s in a.intervals.split(",") if s.strip()]
    profilers = [p.strip() for p in a.profilers.split(",") if p.strip()]
    for p in profilers:
        if p not in PROFILERS[1:]:
            ap.error("unknown profiler '%s' (candor, async, jfr)" % p)
    wls = []
    if a.workload in ("startup", "all"):
        wls.append(StartupWorkload())
    if a.workload in ("cpu", "cpu1", "all"):
        wls.append(CpuWorkload(1, a.units))
    if a.workload in ("cpu", "cpu2", "all"):
        wls.append(CpuWorkload(2, a.units))
    if a.workload in ("javac", "all"):
        wls.append(JavacWorkload())

    stamp = time.strftime("%Y%m%d-%H%M%S")
    if a.resummarize:
        a.out = os.path.dirname(os.path.abspath(a.resummarize))
    else:
        a.out = os.path.join(a.results, "sampling-" + stamp)
    setup = Setup(a, trial=not a.resummarize)
    if a.resummarize:
        if meta.get("candor_status"):
            setup.candor_status = meta["candor_status"]
        elif any(r["profiler"] == "candor" and r["ok"] for r in records):
            setup.candor_status = "ok"
        if any(r["profiler"] == "async" and r["ok"] for r in records):
            setup.async_status = "ok"
        floors = {int(k): tuple(v) if isinstance(v, list) else v for k, v in meta.get("floors", {}).items()}
        print(summarize(setup, a, records, wls, intervals, profilers, meta.get("load", []),
                        meta.get("started", "?"), meta.get("finished", "?"), floors), end="")
        return 0

    print("sampling-overhead: results in %s" % a.out, flush=True)
    print("  Candor: %s" % setup.candor_status)
    print("  async-profiler: %s (%s)" % (setup.async_status, setup.async_lib))
    print("  JFR: JDK %d, sampler floor %s" % (setup.java_major, fmt_interval(setup.jfr_floor_ns)), flush=True)
    started = time.strftime("%Y-%m-%d %H:%M:%S")
    floors = measure_floors(a.floor_binary, intervals, a.floor_rounds) if a.floor_rounds > 0 else {}
    sampler = LoadSampler()
    sampler.start()
    records = []
    runs_file = os.path.join(a.out, "runs.jsonl")
    with open(runs_file, "w") as rf:
        for wl in wls:
            wl.prepare(setup)
            cfgs = [(p, iv) for p, iv in configs(setup, wl.intervals(intervals), profilers)
                    if p == "none" or setup.supports(p, iv) is None]
            if not a.no_warmup:
                print("[%s] warm-up run (untimed)" % wl.name, flush=True)
                run_once(setup, wl, "none", None, 0, a.timeout, False)
            for rnd in range(1, (a.startup_runs if wl.name == "startup" else a.runs) + 1):
                for prof, iv in cfgs:
                    rec = run_once(setup, wl, prof, iv, rnd, a.timeout, a.keep_profiles)
                    records.append(rec)
                    rf.write(json.dumps(rec) + "\n")
                    rf.flush()
                    print("[%s r%d] %-22s cpu %6.2f s  wall %6.2f s%s%s%s" % (
                        wl.name, rnd, LABEL[prof] + ("" if iv is None else " " + fmt_interval(iv)),
                        rec.get("target_cpu_s", float("nan")), rec.get("target_wall_s", float("nan")),
                        "  samples %.0f" % rec["samples"] if "samples" in rec else "",
                        "  other load %.2f" % rec["foreign_load"] if "foreign_load" in rec else "",
                        "" if rec["ok"] else "  FAILED: " + failure(rec)), flush=True)
    sampler.stop_event.set()
    for wl in wls:
        wl.cleanup()
    finished = time.strftime("%Y-%m-%d %H:%M:%S")
    meta = {"meta": True, "started": started, "finished": finished, "load": sampler.values,
            "candor_status": setup.candor_status, "args": vars(a), "floors": floors}
    with open(runs_file) as f:
        body = f.read()
    with open(runs_file, "w") as f:
        f.write(json.dumps({"meta": meta}) + "\n" + body)
    text = summarize(setup, a, records, wls, intervals, profilers, sampler.values, started, finished, floors)
    for path in (os.path.join(a.out, "summary.txt"), os.path.join(a.results, "sampling-latest-summary.txt")):
        with open(path, "w") as f:
            f.write(text)
    print()
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
