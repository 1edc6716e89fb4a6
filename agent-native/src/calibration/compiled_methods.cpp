#include "calibration/compiled_methods.h"

#include <jvmticmlr.h>

#include <atomic>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "class_binder.h"
#include "agent_state.h"
#include "jvmti_env.h"
#include "log.h"

namespace candor {

namespace {

constexpr std::size_t kMaxPending = 200000;

struct CodeEvent {
    int delta;                        // +1 loaded, -1 unloaded
    std::vector<jmethodID> methods;   // the compiled method first, then what it inlined
};

struct Tracker {
    std::mutex mutex;
    bool started = false;
    std::vector<CodeEvent> pending;
    std::unordered_map<const void*, std::vector<jmethodID>> live;  // code address -> its methods
    std::int64_t compilations = 0;
    std::int64_t dropped = 0;
};

Tracker& tracker() {
    static Tracker t;
    return t;
}

// The distinct methods of a compiled body: the root and every method in the inlining records.
std::vector<jmethodID> methods_of(jmethodID method, const void* compile_info) {
    std::vector<jmethodID> out{method};
    for (auto* header = static_cast<const jvmtiCompiledMethodLoadRecordHeader*>(compile_info); header != nullptr;
         header = header->next) {
        if (header->kind != JVMTI_CMLR_INLINE_INFO) continue;
        const auto* inline_info = reinterpret_cast<const jvmtiCompiledMethodLoadInlineRecord*>(header);
        for (jint pc = 0; pc < inline_info->numpcs; pc++) {
            const PCStackInfo& info = inline_info->pcinfo[pc];
            for (jint f = 0; f < info.numstackframes; f++) {
                const jmethodID m = info.methods[f];
                bool seen = false;
                for (jmethodID known : out) {
                    if (known == m) {
                        seen = true;
                        break;
                    }
                }
                if (!seen) out.push_back(m);
            }
        }
    }
    return out;
}

void queue(Tracker& t, int delta, std::vector<jmethodID> methods) {
    if (t.pending.size() >= kMaxPending) {
        t.dropped++;
        return;
    }
    t.pending.push_back(CodeEvent{delta, std::move(methods)});
}

jboolean JNICALL start0(JNIEnv*, jclass) {
    jvmtiEnv* jvmti = agent_state().jvmti;
    if (jvmti == nullptr) return JNI_FALSE;
    jvmtiCapabilities capabilities;
    std::memset(&capabilities, 0, sizeof capabilities);
    jvmti->GetCapabilities(&capabilities);
    if (capabilities.can_generate_compiled_method_load_events == 0) return JNI_FALSE;
    {
        std::lock_guard<std::mutex> lock(tracker().mutex);
        if (tracker().started) return JNI_TRUE;
        tracker().started = true;
    }
    if (!enable_compiled_method_events(jvmti)) return JNI_FALSE;
    // Code compiled before now: the JVM replays it through the same callback.
    jvmti->GenerateEvents(JVMTI_EVENT_COMPILED_METHOD_LOAD);
    return JNI_TRUE;
}

// The method's "Lpkg/Class;" signature, name and descriptor, or false when it is gone (class unloaded).
bool describe(jvmtiEnv* jvmti, jmethodID m, std::string& klass, std::string& name, std::string& descriptor) {
    jclass holder = nullptr;
    if (jvmti->GetMethodDeclaringClass(m, &holder) != JVMTI_ERROR_NONE) return false;
    JvmtiBuffer<char> class_signature(jvmti);
    JvmtiBuffer<char> method_name(jvmti);
    JvmtiBuffer<char> method_signature(jvmti);
    const bool ok = jvmti->GetClassSignature(holder, class_signature.out(), nullptr) == JVMTI_ERROR_NONE &&
                    jvmti->GetMethodName(m, method_name.out(), method_signature.out(), nullptr) == JVMTI_ERROR_NONE;
    if (ok) {
        klass = class_signature.get();
        name = method_name.get();
        descriptor = method_signature.get();
    }
    return ok;
}

// { String[] keys ("Lpkg/Class;" "." name descriptor), int[] group sizes (negative: unloaded),
//   long[] {compilations so far, events dropped} }; null when tracking is off.
jobjectArray JNICALL drain0(JNIEnv* jni, jclass) {
    jvmtiEnv* jvmti = agent_state().jvmti;
    std::vector<CodeEvent> events;
    std::int64_t compilations = 0;
    std::int64_t dropped = 0;
    {
        Tracker& t = tracker();
        std::lock_guard<std::mutex> lock(t.mutex);
        if (!t.started || jvmti == nullptr) return nullptr;
        events.swap(t.pending);
        compilations = t.compilations;
        dropped = t.dropped;
    }
    std::vector<std::string> keys;
    std::vector<jint> groups;
    std::string klass, name, descriptor;
    for (const CodeEvent& e : events) {
        jint n = 0;
        for (jmethodID m : e.methods) {
            if (!describe(jvmti, m, klass, name, descriptor)) continue;
            keys.push_back(klass + "." + name + descriptor);
            n++;
        }
        groups.push_back(e.delta > 0 ? n : -n);
    }
    jclass string_class = jni->FindClass("java/lang/String");
    jclass object_class = jni->FindClass("java/lang/Object");
    if (string_class == nullptr || object_class == nullptr) return nullptr;
    jobjectArray key_array = jni->NewObjectArray(static_cast<jsize>(keys.size()), string_class, nullptr);
    jintArray group_array = jni->NewIntArray(static_cast<jsize>(groups.size()));
    jlongArray counters = jni->NewLongArray(2);
    jobjectArray result = jni->NewObjectArray(3, object_class, nullptr);
    if (key_array == nullptr || group_array == nullptr || counters == nullptr || result == nullptr) return nullptr;
    for (std::size_t i = 0; i < keys.size(); i++) {
        jstring s = jni->NewStringUTF(keys[i].c_str());
        if (s == nullptr) return nullptr;
        jni->SetObjectArrayElement(key_array, static_cast<jsize>(i), s);
        jni->DeleteLocalRef(s);
    }
    if (!groups.empty()) jni->SetIntArrayRegion(group_array, 0, static_cast<jsize>(groups.size()), groups.data());
    const jlong values[2] = {compilations, dropped};
    jni->SetLongArrayRegion(counters, 0, 2, values);
    jni->SetObjectArrayElement(result, 0, key_array);
    jni->SetObjectArrayElement(result, 1, group_array);
    jni->SetObjectArrayElement(result, 2, counters);
    return result;
}

}  // namespace

void compiled_method_load(jvmtiEnv*, jmethodID method, const void* code_address, const void* compile_info) {
    Tracker& t = tracker();
    std::lock_guard<std::mutex> lock(t.mutex);
    if (!t.started) return;
    t.compilations++;
    std::vector<jmethodID> methods = methods_of(method, compile_info);
    auto it = t.live.find(code_address);
    if (it != t.live.end()) {
        // Replayed by GenerateEvents, or the address was reused without an unload we saw: count it once.
        queue(t, -1, it->second);
        t.live.erase(it);
    }
    t.live.emplace(code_address, methods);
    queue(t, +1, std::move(methods));
}

void compiled_method_unload(jmethodID, const void* code_address) {
    Tracker& t = tracker();
    std::lock_guard<std::mutex> lock(t.mutex);
    if (!t.started) return;
    auto it = t.live.find(code_address);
    if (it == t.live.end()) return;
    queue(t, -1, std::move(it->second));
    t.live.erase(it);
}

bool register_compiled_methods_natives(JNIEnv* jni, jclass klass) {
    const JNINativeMethod methods[] = {
        native_method("start0", "()Z", reinterpret_cast<void*>(start0)),
        native_method("drain0", "()[Ljava/lang/Object;", reinterpret_cast<void*>(drain0)),
    };
    if (jni->RegisterNatives(klass, methods, 2) == JNI_OK) return true;
    if (jni->ExceptionCheck()) jni->ExceptionClear();
    log_line("cannot bind org.candor.agent.calibration.CompiledMethods: it must declare "
             "'static native boolean start0()' and 'static native Object[] drain0()'");
    return false;
}

}  // namespace candor
