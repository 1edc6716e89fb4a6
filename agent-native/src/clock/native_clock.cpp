#include "clock/native_clock.h"

#include "clock/monotonic.h"
#include "clock/tsc.h"
#include "log.h"

namespace candor {

namespace {

// One function per source, chosen at registration, so a call does no dispatch and reads no state.
#if CANDOR_HAS_TSC
jlong JNICALL ticks_tsc(JNIEnv*, jclass) { return static_cast<jlong>(read_tsc()); }
#endif
jlong JNICALL ticks_monotonic(JNIEnv*, jclass) { return read_monotonic_ns(); }

jint JNICALL source_tsc(JNIEnv*, jclass) { return static_cast<jint>(ClockSource::Tsc); }
jint JNICALL source_monotonic(JNIEnv*, jclass) { return static_cast<jint>(ClockSource::Monotonic); }

JNINativeMethod native_method(const char* name, const char* signature, void* function) {
    // JNINativeMethod predates const-correct C++; the JVM does not write through these pointers.
    return {const_cast<char*>(name), const_cast<char*>(signature), function};
}

}  // namespace

bool register_native_clock(JNIEnv* jni, jclass klass, ClockSource source) {
    void* ticks = reinterpret_cast<void*>(ticks_monotonic);
    void* which = reinterpret_cast<void*>(source_monotonic);
#if CANDOR_HAS_TSC
    if (source == ClockSource::Tsc) {
        ticks = reinterpret_cast<void*>(ticks_tsc);
        which = reinterpret_cast<void*>(source_tsc);
    }
#endif
    const JNINativeMethod methods[] = {
        native_method("ticks0", "()J", ticks),
        native_method("source0", "()I", which),
    };
    if (jni->RegisterNatives(klass, methods, 2) == JNI_OK) return true;
    if (jni->ExceptionCheck()) jni->ExceptionClear();
    log_line("cannot bind org.candor.probe.NativeClock: it must declare "
             "'static native long ticks0()' and 'static native int source0()'");
    return false;
}

}  // namespace candor
