#include "java_session.h"

#include <dlfcn.h>
#include <unistd.h>

#include "log.h"

namespace candor {

namespace {

constexpr const char* kAgentJar = "candor-agent.jar";
constexpr const char* kEntryClass = "org/candor/agent/sampling/SamplingStart";

// The folder this library was loaded from, as the JVM was given it.
std::string library_folder() {
    Dl_info info;
    if (dladdr(reinterpret_cast<void*>(&library_folder), &info) == 0 || info.dli_fname == nullptr) return {};
    const std::string path = info.dli_fname;
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

bool failed(JNIEnv* jni, const char* what) {
    if (jni->ExceptionCheck()) {
        jni->ExceptionDescribe();
        jni->ExceptionClear();
    }
    log_line("cannot start the sampling session: %s", what);
    return false;
}

}  // namespace

bool start_java_session(jvmtiEnv* jvmti, JNIEnv* jni, const std::string& options_file) {
    const std::string jar = library_folder() + "/" + kAgentJar;
    if (access(jar.c_str(), R_OK) != 0) {
        log_line("cannot start the sampling session: %s is missing (it belongs beside libcandor.so)", jar.c_str());
        return false;
    }
    const jvmtiError err = jvmti->AddToSystemClassLoaderSearch(jar.c_str());
    if (err != JVMTI_ERROR_NONE) {
        log_line("cannot start the sampling session: the JVM refused %s on the class path (JVMTI error %d)",
                 jar.c_str(), static_cast<int>(err));
        return false;
    }
    // With no Java frame on this thread, FindClass asks the system class loader.
    jclass entry = jni->FindClass(kEntryClass);
    if (entry == nullptr) return failed(jni, "org.candor.agent.sampling.SamplingStart is not in candor-agent.jar");
    jmethodID start = jni->GetStaticMethodID(entry, "start", "(Ljava/lang/String;)V");
    if (start == nullptr) return failed(jni, "SamplingStart has no 'static void start(String)'");
    jstring args = jni->NewStringUTF(("optfile=" + options_file).c_str());
    if (args == nullptr) return failed(jni, "out of memory");
    jni->CallStaticVoidMethod(entry, start, args);
    jni->DeleteLocalRef(args);
    jni->DeleteLocalRef(entry);
    if (jni->ExceptionCheck()) return failed(jni, "SamplingStart.start threw");
    return true;
}

}  // namespace candor
