#pragma once

#include <jni.h>

namespace candor {

// The public marker API's class (modules/api): org.candor.api.Candor.
constexpr const char kCandorApiSignature[] = "Lorg/candor/api/Candor;";

// Binds Candor's `static native void mark0(int kind, String text)` and sets its `static boolean agent` to true,
// so that the API calls the native only where this library is loaded (without it, a marker costs a field read).
// The marker goes into the trace when one is written (trace=DIR), else nowhere. Logs and returns false when the
// class does not declare them as expected.
bool register_candor_api_natives(JNIEnv* jni, jclass klass);

}  // namespace candor
