#pragma once

#include <jvmti.h>

namespace candor {

// Finds org.candor.probe.NativeClock as it appears and binds its natives to the chosen clock.
//
// Policy for several class loaders: every copy that appears is bound. Once the copy in the
// bootstrap loader is bound, the ClassPrepare event is switched off, because every
// parent-first loader resolves to that copy; from then on class loading costs nothing extra.
// While the class lives only in other loaders the event stays on (one signature lookup per
// prepared class), so that copies in further loaders are bound as well.

// ClassPrepare handler: binds klass if it is NativeClock.
void bind_if_native_clock(jvmtiEnv* jvmti, JNIEnv* jni, jclass klass);

// For dynamic attach: binds the copies that were prepared before the agent arrived.
// Enable ClassPrepare first, so a class prepared during the scan is not missed.
void bind_loaded_native_clocks(jvmtiEnv* jvmti, JNIEnv* jni);

}  // namespace candor
