#include "sampler/sampler_natives.h"

#include "agent_state.h"
#include "class_binder.h"
#include "log.h"
#include "sampler/sampler.h"

namespace candor {

namespace {

Sampler* sampler() { return agent_state().sampler; }

jboolean JNICALL running0(JNIEnv*, jclass) {
    return sampler() != nullptr && sampler()->running() ? JNI_TRUE : JNI_FALSE;
}

jobjectArray JNICALL drain0(JNIEnv* jni, jclass) { return sampler() != nullptr ? sampler()->drain(jni) : nullptr; }

jboolean JNICALL pause0(JNIEnv* jni, jclass) {
    return sampler() != nullptr && sampler()->pause(jni) ? JNI_TRUE : JNI_FALSE;
}

jboolean JNICALL resume0(JNIEnv* jni, jclass) {
    jvmtiEnv* jvmti = agent_state().jvmti;
    return sampler() != nullptr && jvmti != nullptr && sampler()->resume(jvmti, jni) ? JNI_TRUE : JNI_FALSE;
}

jboolean JNICALL reset0(JNIEnv*, jclass) { return sampler() != nullptr && sampler()->reset() ? JNI_TRUE : JNI_FALSE; }

jobjectArray JNICALL snapshot0(JNIEnv* jni, jclass, jobjectArray reuse) {
    return sampler() != nullptr ? sampler()->snapshot(jni, reuse) : nullptr;
}

void JNICALL ignoreCurrentThread0(JNIEnv* jni, jclass) {
    jvmtiEnv* jvmti = agent_state().jvmti;
    if (sampler() == nullptr || jvmti == nullptr) return;
    jthread self = nullptr;
    if (jvmti->GetCurrentThread(&self) != JVMTI_ERROR_NONE) return;
    sampler()->ignore_current_thread(jni, self);
    jni->DeleteLocalRef(self);
}

jlongArray JNICALL counters0(JNIEnv* jni, jclass) {
    jlong values[kCounterCount] = {};
    if (sampler() != nullptr) {
        std::int64_t raw[kCounterCount] = {};
        sampler()->counters(raw);
        for (int i = 0; i < kCounterCount; i++) values[i] = static_cast<jlong>(raw[i]);
    }
    jlongArray array = jni->NewLongArray(kCounterCount);
    if (array != nullptr) jni->SetLongArrayRegion(array, 0, kCounterCount, values);
    return array;
}

}  // namespace

bool register_sampler_natives(JNIEnv* jni, jclass klass) {
    const JNINativeMethod methods[] = {
        native_method("running0", "()Z", reinterpret_cast<void*>(running0)),
        native_method("drain0", "()[Ljava/lang/Object;", reinterpret_cast<void*>(drain0)),
        native_method("pause0", "()Z", reinterpret_cast<void*>(pause0)),
        native_method("resume0", "()Z", reinterpret_cast<void*>(resume0)),
        native_method("reset0", "()Z", reinterpret_cast<void*>(reset0)),
        native_method("snapshot0", "([Ljava/lang/Object;)[Ljava/lang/Object;", reinterpret_cast<void*>(snapshot0)),
        native_method("ignoreCurrentThread0", "()V", reinterpret_cast<void*>(ignoreCurrentThread0)),
        native_method("counters0", "()[J", reinterpret_cast<void*>(counters0)),
    };
    const jint count = static_cast<jint>(sizeof methods / sizeof methods[0]);
    if (jni->RegisterNatives(klass, methods, count) == JNI_OK) return true;
    if (jni->ExceptionCheck()) jni->ExceptionClear();
    log_line("cannot bind org.candor.agent.sampling.NativeSampler: it must declare 'static native boolean running0()',"
             " 'Object[] drain0()', 'boolean pause0()', 'boolean resume0()', 'boolean reset0()', 'Object[] snapshot0(Object[])',"
             " 'void ignoreCurrentThread0()' and 'long[] counters0()'");
    return false;
}

}  // namespace candor
