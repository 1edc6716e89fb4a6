# Sourced by the benchmark scripts: sets JAVA (the resolved java, from $JAVA_HOME or PATH, or the script's own
# `--java JAVA` argument), JAVAC (the javac beside it, else the one on PATH) and BENCH_ARGS (the arguments less
# `--java JAVA`, for a script that hands the rest on). Call: bench_java_tools "$@"
bench_java_tools() {
  JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
  BENCH_ARGS=()
  local args=("$@") i
  for ((i = 0; i < ${#args[@]}; i++)); do
    if [ "${args[$i]}" = "--java" ]; then
      [ $((i + 1)) -lt ${#args[@]} ] && JAVA="${args[$((i + 1))]}"
      i=$((i + 1))
    else
      BENCH_ARGS+=("${args[$i]}")
    fi
  done
  JAVA="$(readlink -f "$(command -v "$JAVA")")"
  JAVAC="$(dirname "$JAVA")/javac"
  [ -x "$JAVAC" ] || JAVAC=javac
}

# Sets JDKS to the JAVA_HOMEs, comma-separated, of the JDKs the issues name (17 and 25) that this machine has: the
# default of the scripts that run a program on each (unchanged.sh, sampling-soak.sh).
bench_default_jdks() {
  JDKS=""
  local j
  for j in /usr/lib/jvm/java-17-openjdk-amd64 /usr/lib/jvm/temurin-25-jdk-amd64; do
    [ -x "$j/bin/java" ] && JDKS="${JDKS:+$JDKS,}$j"
  done
  return 0
}

# Sets CLASSES to the folder of JavacMain alone (bench/fullsize/JavacMain.java: javac run in-process on the workload's
# sources, no Candor classes), compiled for release 17 with $JAVAC (or javac) when missing or older than its source:
# the program that unchanged.sh, checkpoint-cost.sh and checkpoint-kill.sh profile. Needs BENCH.
bench_javac_main() {
  CLASSES="$BENCH/target/unchanged-classes"
  if [ ! -f "$CLASSES/JavacMain.class" ] || [ "$BENCH/fullsize/JavacMain.java" -nt "$CLASSES/JavacMain.class" ]; then
    mkdir -p "$CLASSES"
    "${JAVAC:-javac}" --release 17 -d "$CLASSES" "$BENCH/fullsize/JavacMain.java"
  fi
}
