#include "boot_classes.h"

#include "class_binder.h"
#include "log.h"

namespace candor {

namespace {

// A failure (a class already defined, a superclass not defined yet) leaves its exception pending for the
// Java side, which retries or reports it.
jclass JNICALL define0(JNIEnv* jni, jclass, jstring internal_name, jbyteArray class_file) {
    if (internal_name == nullptr || class_file == nullptr) return nullptr;
    const char* name = jni->GetStringUTFChars(internal_name, nullptr);
    if (name == nullptr) return nullptr;
    const jsize length = jni->GetArrayLength(class_file);
    jbyte* bytes = jni->GetByteArrayElements(class_file, nullptr);
    jclass defined = nullptr;
    if (bytes != nullptr) {
        defined = jni->DefineClass(name, nullptr, bytes, length);
        jni->ReleaseByteArrayElements(class_file, bytes, JNI_ABORT);
    }
    jni->ReleaseStringUTFChars(internal_name, name);
    return defined;
}

}  // namespace

bool register_boot_classes_natives(JNIEnv* jni, jclass klass) {
    const JNINativeMethod methods[] = {
        native_method("define0", "(Ljava/lang/String;[B)Ljava/lang/Class;", reinterpret_cast<void*>(define0)),
    };
    if (jni->RegisterNatives(klass, methods, 1) == JNI_OK) return true;
    if (jni->ExceptionCheck()) jni->ExceptionClear();
    log_line("cannot bind org.candor.agent.BootClasses: it must declare "
             "'static native Class<?> define0(String, byte[])'");
    return false;
}

}  // namespace candor
