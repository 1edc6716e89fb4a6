#include "sampler/sampler_natives.h"

#include "class_binder.h"
#include "agent_state.h"
#include "log.h"
#include "sampler/sampler.h"

namespace candor {

namespace {

jboolean JNICALL running0(JNIEnv*, jclass) {
    const Sampler* sampler = agent_state().sampler;
    return sampler != nullptr && sampler->running() ? JNI_TRUE : JNI_FALSE;
}

jobjectArray JNICALL drain0(JNIEnv* jni, jclass) {
    Sampler* sampler = agent_state().sampler;
    return sampler != nullptr ? sampler->drain(jni) : nullptr;
}

}  // namespace

bool register_sampler_natives(JNIEnv* jni, jclass klass) {
    const JNINativeMethod methods[] = {
        native_method("running0", "()Z", reinterpret_cast<void*>(running0)),
        native_method("drain0", "()[Ljava/lang/Object;", reinterpret_cast<void*>(drain0)),
    };
    if (jni->RegisterNatives(klass, methods, 2) == JNI_OK) return true;
    if (jni->ExceptionCheck()) jni->ExceptionClear();
    log_line("cannot bind org.candor.agent.sampling.NativeSampler: it must declare "
             "'static native boolean running0()' and 'static native Object[] drain0()'");
    return false;
}

}  // namespace candor
