#pragma once

#include <jni.h>

namespace candor {

// The AsyncGetCallTrace ABI. HotSpot exports the function from libjvm (forte.cpp) but no JDK
// header declares it; every user declares these types itself.

struct ASGCT_CallFrame {
    jint lineno;          // Java frame: the bci (-1 when unknown); native method: -3
    jmethodID method_id;  // may be null when the method has no jmethodID yet
};

struct ASGCT_CallTrace {
    JNIEnv* env_id;            // the sampled thread's JNIEnv; AGCT finds the JavaThread through it
    jint num_frames;           // > 0: frames written, leaf first; <= 0: one of the failure codes below
    ASGCT_CallFrame* frames;   // room for `depth` frames
};

using AsyncGetCallTraceFn = void (*)(ASGCT_CallTrace* trace, jint depth, void* ucontext);

// Failure codes (num_frames <= 0), named after forte.cpp's ticks_* constants.
enum AgctFailure : int {
    kAgctNoJavaFrame = 0,
    kAgctNoClassLoad = -1,  // no JVMTI env has ClassLoad enabled: AGCT refuses to run
    kAgctGcActive = -2,
    kAgctUnknownNotJava = -3,
    kAgctNotWalkableNotJava = -4,
    kAgctUnknownJava = -5,  // typically compiled-method entry/exit code or an itable/IC stub
    kAgctNotWalkableJava = -6,
    kAgctUnknownState = -7,
    kAgctThreadExit = -8,
    kAgctDeopt = -9,
    kAgctSafepoint = -10,
};

// Not AGCT's: the sample was not walked because the interrupted code had SIGSEGV or SIGBUS blocked (the thread was
// inside a fault handler, the JVM's own), where the crash guard cannot catch a fault: one would kill the process.
constexpr int kFaultSignalsBlocked = -100;

// One counter slot per code 0..-10, one for kFaultSignalsBlocked, and one for any other value.
constexpr int kAgctFailureSlots = 13;

inline int agct_failure_slot(int code) {
    if (code <= 0 && code >= -10) return -code;
    return code == kFaultSignalsBlocked ? kAgctFailureSlots - 2 : kAgctFailureSlots - 1;
}

// "no_java_frame", "no_class_load", ..., "safepoint", "fault_signals_blocked", "other": used in stat names and
// pseudo frames.
const char* agct_failure_name(int slot);

// dlsym(RTLD_DEFAULT, symbol): libjvm is loaded before any agent. Null when not exported.
AsyncGetCallTraceFn find_async_get_call_trace(const char* symbol);

}  // namespace candor
