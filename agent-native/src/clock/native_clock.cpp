#include "clock/native_clock.h"

#include "class_binder.h"
#include "agent_state.h"
#include "counters/thread_counter.h"
#include "log.h"

namespace candor {

namespace {

jint JNICALL source(JNIEnv*, jclass) { return static_cast<jint>(agent_state().reader.source); }

jstring JNICALL metric(JNIEnv* jni, jclass) { return jni->NewStringUTF(agent_state().metric->name); }

jstring JNICALL counter_stats(JNIEnv* jni, jclass) {
    const bool counters = agent_state().metric->kind == MetricKind::PerfCounter;
    return jni->NewStringUTF(counters ? thread_counter_stats().text().c_str() : "");
}

}  // namespace

bool register_native_clock(JNIEnv* jni, jclass klass, const TickReader& reader) {
    const JNINativeMethod methods[] = {
        native_method("ticks0", "()J", reader.function),
        native_method("ticksEndingSection0", "()J", reader.ending),
        native_method("ticksStartingSection0", "()J", reader.starting),
        native_method("source0", "()I", reinterpret_cast<void*>(source)),
        native_method("metric0", "()Ljava/lang/String;", reinterpret_cast<void*>(metric)),
        native_method("counterStats0", "()Ljava/lang/String;", reinterpret_cast<void*>(counter_stats)),
    };
    if (jni->RegisterNatives(klass, methods, 6) == JNI_OK) return true;
    if (jni->ExceptionCheck()) jni->ExceptionClear();
    log_line("cannot bind org.candor.probe.NativeClock: it must declare 'static native long ticks0()', "
             "'ticksEndingSection0()', 'ticksStartingSection0()', 'static native int source0()', "
             "'static native String metric0()' and 'static native String counterStats0()'");
    return false;
}

}  // namespace candor
