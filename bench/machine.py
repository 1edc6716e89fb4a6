"""What the benchmark drivers say about the machine they ran on."""


def cpu_model(fallback="?"):
    """The CPU's model name from /proc/cpuinfo, or fallback where it has none."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return fallback
