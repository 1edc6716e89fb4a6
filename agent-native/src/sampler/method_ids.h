#pragma once

#include <jni.h>
#include <jvmti.h>

namespace candor {

// AGCT can only name a method that already has a jmethodID, and a signal handler cannot create
// one. GetClassMethods makes HotSpot create the ids of all methods of a class, so the sampler
// calls it for every class as it is prepared, and once for the classes loaded before it started.

// ClassPrepare: creates the jmethodIDs of klass.
void preload_method_ids(jvmtiEnv* jvmti, jclass klass);

// For all prepared classes loaded so far (start and attach).
void preload_loaded_method_ids(jvmtiEnv* jvmti, JNIEnv* jni);

}  // namespace candor
