#!/usr/bin/env bash
# The verification corpus (issue 17): `candor verify` (every class instrumented as under Total, then checked by the
# JVM's verifier and ASM's) over real jars of many JVM languages, found offline in the local Maven repository, and
# over modules of the running JDK. Prints one row per jar: classes, classes instrumented, methods checked, methods
# with probes, failures caused by Candor, classes that fail unmodified (a dependency not in the set: counted apart).
# Exit 1 when Candor causes any failure. A jar that is not there is listed as missing, not fetched.
#
# usage: bench/verify-corpus.sh [--quick]     (--quick: a few small jars and java.logging, for a smoke run)
# env:   JAVA_HOME (the JDK that runs candor verify and whose modules are checked; else java on the PATH),
#        M2_REPO (default ~/.m2/repository), JDK_MODULES (default: java.base jdk.compiler java.xml java.sql java.desktop)
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
M2=${M2_REPO:-$HOME/.m2/repository}
CANDOR="$ROOT/candor"
[ -f "$ROOT/modules/cli/target/candor/lib/candor-cli.jar" ] || { echo "build first: mvn -B -q -o package -DskipTests -pl modules/cli -am" >&2; exit 2; }

# newest version present of group:artifact (its plain jar), or nothing
newest() {
  local g=${1%%:*} a=${1#*:} d v
  d="$M2/${g//.//}/$a"
  [ -d "$d" ] || return 0
  for v in $(ls "$d" | sort -rV); do
    [ -f "$d/$v/$a-$v.jar" ] && { echo "$d/$v/$a-$v.jar"; return 0; }
  done
}

# label | the jar checked | the jars it links against (resolved, not counted)
CORPUS=(
  "scala-library (Scala 2)|org.scala-lang:scala-library|"
  "scala-reflect (Scala 2)|org.scala-lang:scala-reflect|org.scala-lang:scala-library"
  "scala-compiler (Scala 2)|org.scala-lang:scala-compiler|org.scala-lang:scala-library org.scala-lang:scala-reflect"
  "scala3-library (Scala 3)|org.scala-lang:scala3-library_3|org.scala-lang:scala-library"
  "scala3-compiler (Scala 3)|org.scala-lang:scala3-compiler_3|org.scala-lang:scala3-library_3 org.scala-lang:scala-library org.scala-lang:tasty-core_3 org.scala-lang:scala3-interfaces org.scala-lang.modules:scala-asm org.scala-sbt:compiler-interface"
  "kotlin-stdlib (Kotlin)|org.jetbrains.kotlin:kotlin-stdlib|"
  "kotlin-reflect (Kotlin)|org.jetbrains.kotlin:kotlin-reflect|org.jetbrains.kotlin:kotlin-stdlib"
  "kotlinx-coroutines (Kotlin)|org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm|org.jetbrains.kotlin:kotlin-stdlib"
  "kotlin-compiler (Kotlin)|org.jetbrains.kotlin:kotlin-compiler-embeddable|org.jetbrains.kotlin:kotlin-stdlib org.jetbrains.kotlin:kotlin-script-runtime org.jetbrains.kotlin:kotlin-daemon-embeddable org.jetbrains.intellij.deps:trove4j org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm org.jetbrains:annotations"
  "groovy (Groovy)|org.apache.groovy:groovy|"
  "clojure (Clojure)|org.clojure:clojure|org.clojure:spec.alpha org.clojure:core.specs.alpha"
  "jruby-complete (Ruby)|org.jruby:jruby-complete|"
  "jython-standalone (Python)|org.python:jython-standalone|"
  "ecj (Eclipse Java compiler)|org.eclipse.jdt:ecj|"
  "guava|com.google.guava:guava|com.google.guava:failureaccess"
  "byte-buddy|net.bytebuddy:byte-buddy|"
  "asm|org.ow2.asm:asm|"
  "asm-commons|org.ow2.asm:asm-commons|org.ow2.asm:asm org.ow2.asm:asm-tree org.ow2.asm:asm-analysis"
  "asm-util|org.ow2.asm:asm-util|org.ow2.asm:asm org.ow2.asm:asm-tree org.ow2.asm:asm-analysis"
  "h2 (SQL database)|com.h2database:h2|"
  "jackson-databind|com.fasterxml.jackson.core:jackson-databind|com.fasterxml.jackson.core:jackson-core com.fasterxml.jackson.core:jackson-annotations"
  "protobuf-java|com.google.protobuf:protobuf-java|"
  "jgit|org.eclipse.jgit:org.eclipse.jgit|"
  "commons-math3|org.apache.commons:commons-math3|"
  "commons-lang3|org.apache.commons:commons-lang3|"
)
MODULES=(${JDK_MODULES:-java.base jdk.compiler java.xml java.sql java.desktop})
if [ "${1:-}" = "--quick" ]; then
  CORPUS=("asm|org.ow2.asm:asm|" "commons-lang3|org.apache.commons:commons-lang3|"); MODULES=(java.logging)
fi

OUT=$(mktemp -d); trap 'rm -rf "$OUT"' EXIT
rows=(); missing=(); failed=0
row() { # label, output of one candor verify whose first line is the checked source
  local label=$1 first unmod
  first=$(head -1 "$OUT/run")
  unmod=$(sed -n 2,4p "$OUT/run" | grep -o '^  [0-9]* classes fail to verify unmodified' | grep -o '[0-9]*' || true)
  # "NAME: C classes, I instrumented; M methods checked (P with probes); F failures caused by Candor"
  rows+=("$(echo "$first" | sed -E "s#^.*: ([0-9]+) classes, ([0-9]+) instrumented; ([0-9]+) methods checked \(([0-9]+) with probes\); ([0-9]+) failures.*#| $label | \1 | \2 | \3 | \4 | \5 | ${unmod:-0} |#")")
}
start=$(date +%s)
for entry in "${CORPUS[@]}"; do
  IFS='|' read -r label main deps <<<"$entry"
  jar=$(newest "$main")
  if [ -z "$jar" ]; then missing+=("$main"); continue; fi
  set -- "$jar"
  for d in $deps; do dj=$(newest "$d"); [ -n "$dj" ] && set -- "$@" "$dj"; done
  echo "verifying $(basename "$jar") ..." >&2
  "$CANDOR" verify "$@" >"$OUT/run" 2>"$OUT/err"; rc=$?
  [ $rc -ne 0 ] && { failed=1; cat "$OUT/run" "$OUT/err" >&2; }
  row "$label $(basename "$jar" .jar | sed -E 's/.*-([0-9][^-]*.*)$/\1/')"
done
for m in "${MODULES[@]}"; do
  echo "verifying jrt:/$m ..." >&2
  "$CANDOR" verify "jrt:/$m" >"$OUT/run" 2>"$OUT/err"; rc=$?
  [ $rc -ne 0 ] && { failed=1; cat "$OUT/run" "$OUT/err" >&2; }
  row "jrt:/$m (JDK $("${JAVA_HOME:+$JAVA_HOME/bin/}java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.version =/{print $2}'))"
done
echo
echo "| jar | classes | instrumented | methods checked | with probes | failures caused by Candor | fail unmodified |"
echo "|---|---:|---:|---:|---:|---:|---:|"
printf '%s\n' "${rows[@]}"
echo
echo "$(( ${#rows[@]} )) jars and modules in $(( $(date +%s) - start )) s; not in $M2: ${missing[*]:-none}"
exit $failed
