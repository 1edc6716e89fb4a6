#include "sampler/agct.h"

#include <dlfcn.h>

namespace candor {

const char* agct_failure_name(int slot) {
    static const char* const names[kAgctFailureSlots] = {
        "no_java_frame",   "no_class_load",    "gc_active",    "unknown_not_java",
        "not_walkable_not_java", "unknown_java", "not_walkable_java", "unknown_state",
        "thread_exit",     "deopt",            "safepoint",    "fault_signals_blocked", "other",
    };
    return slot >= 0 && slot < kAgctFailureSlots ? names[slot] : names[kAgctFailureSlots - 1];
}

AsyncGetCallTraceFn find_async_get_call_trace(const char* symbol) {
    return reinterpret_cast<AsyncGetCallTraceFn>(dlsym(RTLD_DEFAULT, symbol));
}

}  // namespace candor
