# Sourced by the benchmarks that run async-profiler beside Candor: bench_async_profiler NAME fetches
# tools.profiler:async-profiler:$AP_VERSION (the peer every benchmark compares with) from Maven Central into the workload
# cache ($CACHE, never committed) once and sets AP_LIB to its linux-x64/libasyncProfiler.so; non-zero when that fails.
# Needs CACHE and SHARED_WORKLOADS.
AP_VERSION=4.5
bench_async_profiler() {
  local version="$AP_VERSION" name="$1"
  local dir="$CACHE/async-profiler-$version"
  AP_LIB="$dir/linux-x64/libasyncProfiler.so"
  [ -f "$AP_LIB" ] && return 0
  echo "$name: fetching async-profiler $version into $dir"
  "$SHARED_WORKLOADS/fetch.sh" "$dir/jar" "tools.profiler:async-profiler:$version" \
    && (cd "$dir" && unzip -o -q "jar/async-profiler-$version.jar" 'linux-x64/*')
}
