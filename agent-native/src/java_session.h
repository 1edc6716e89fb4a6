#pragma once

#include <jni.h>
#include <jvmti.h>

#include <string>

namespace candor {

// The Java half of a sampling session launched with session=FILE: the code that writes the snapshot at exit lives
// in candor-agent.jar, but sampling needs no java.lang.instrument, and -javaagent would add the java.instrument
// module, which turns off the JVM's archived module graph (about 30 ms of CPU at every launch). So this library
// puts candor-agent.jar (beside itself) on the system class path and calls
// org.candor.agent.sampling.SamplingStart.start("optfile=FILE") from VMInit, as a -javaagent's premain would run.
// Returns false, with a line printed, when that cannot be done.
bool start_java_session(jvmtiEnv* jvmti, JNIEnv* jni, const std::string& options_file);

}  // namespace candor
