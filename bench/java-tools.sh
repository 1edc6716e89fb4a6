# Sourced by the benchmark scripts: sets JAVA (the resolved java, from $JAVA_HOME or PATH, or the script's own
# `--java JAVA` argument) and JAVAC (the javac beside it, else the one on PATH). Call: bench_java_tools "$@"
bench_java_tools() {
  JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
  local args=("$@") i
  for ((i = 0; i < ${#args[@]}; i++)); do
    [ "${args[$i]}" = "--java" ] && [ $((i + 1)) -lt ${#args[@]} ] && JAVA="${args[$((i + 1))]}"
  done
  JAVA="$(readlink -f "$(command -v "$JAVA")")"
  JAVAC="$(dirname "$JAVA")/javac"
  [ -x "$JAVAC" ] || JAVAC=javac
}
