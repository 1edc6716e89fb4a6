#include "sampler/method_ids.h"

#include "jvmti_env.h"

namespace candor {

void preload_method_ids(jvmtiEnv* jvmti, jclass klass) {
    jint count = 0;
    JvmtiBuffer<jmethodID> methods(jvmti);
    jvmti->GetClassMethods(klass, &count, methods.out());
}

void preload_loaded_method_ids(jvmtiEnv* jvmti, JNIEnv* jni) {
    // GetLoadedClasses hands out one local reference per class: a local frame sized for them
    // holds them (-Xcheck:jni warns past the planned capacity) and frees them all at once.
    if (jni->PushLocalFrame(kLoadedClassesFrame) != JNI_OK) {
        jni->ExceptionClear();
        return;
    }
    jint count = 0;
    JvmtiBuffer<jclass> classes(jvmti);
    if (jvmti->GetLoadedClasses(&count, classes.out()) == JVMTI_ERROR_NONE) {
        for (jint i = 0; i < count; i++) {
            jint status = 0;
            if (jvmti->GetClassStatus(classes[i], &status) == JVMTI_ERROR_NONE &&
                (status & JVMTI_CLASS_STATUS_PREPARED) != 0 &&
                (status & (JVMTI_CLASS_STATUS_ARRAY | JVMTI_CLASS_STATUS_PRIMITIVE)) == 0) {
                preload_method_ids(jvmti, classes[i]);
            }
        }
    }
    jni->PopLocalFrame(nullptr);
}

}  // namespace candor
