#pragma once

#include <jni.h>
#include <jvmti.h>

namespace candor {

// Starts a JVMTI agent thread: a daemon java.lang.Thread named `name` whose body is native
// `body(jvmti, jni, arg)`. It can call JVMTI and JNI like any Java thread. Live phase only.
// Stores a global reference to its Thread object in *thread before the thread starts (so that
// its ThreadStart event can recognise it). False, after one line, when it could not start.
bool start_agent_thread(jvmtiEnv* jvmti, JNIEnv* jni, const char* name, jvmtiStartFunction body, void* arg,
                        jthread* thread);

}  // namespace candor
