#include "counters/counter_natives.h"

#include <string>

#include "class_binder.h"
#include "agent_state.h"
#include "counters/metric_check.h"
#include "counters/metric_reader.h"
#include "counters/thread_counter.h"
#include "log.h"

namespace candor {

namespace {

bool bind_read(JNIEnv* jni, jclass klass, void* function) {
    const JNINativeMethod method = native_method("read0", "()J", function);
    if (jni->RegisterNatives(klass, &method, 1) == JNI_OK) return true;
    if (jni->ExceptionCheck()) jni->ExceptionClear();
    return false;
}

std::string row(const MetricSpec& spec, const MetricCheck& check) {
    return std::string(spec.name) + "\t" + metric_unit_name(spec.unit) + "\t" +
           (check.available ? "available" : "unavailable") + "\t" + check.read_by + "\t" + check.reason + "\t" +
           spec.description;
}

jobjectArray JNICALL list_metrics(JNIEnv* jni, jclass) {
    jclass string_class = jni->FindClass("java/lang/String");
    if (string_class == nullptr) return nullptr;
    const int count = metric_catalogue_size();
    jobjectArray rows = jni->NewObjectArray(count, string_class, nullptr);
    if (rows == nullptr) return nullptr;
    const PerfFacts facts = probe_perf_facts();
    for (int i = 0; i < count; i++) {
        const MetricSpec& spec = metric_catalogue()[i];
        jstring text = jni->NewStringUTF(row(spec, check_metric(spec, agent_state().clock, facts)).c_str());
        if (text == nullptr) return nullptr;
        jni->SetObjectArrayElement(rows, i, text);
        jni->DeleteLocalRef(text);
    }
    return rows;
}

jboolean JNICALL select_metric(JNIEnv* jni, jclass klass, jstring name) {
    if (name == nullptr) return JNI_FALSE;
    const char* chars = jni->GetStringUTFChars(name, nullptr);
    if (chars == nullptr) return JNI_FALSE;
    const MetricSpec* spec = find_metric(chars);
    jni->ReleaseStringUTFChars(name, chars);
    if (spec == nullptr || !check_metric(*spec, agent_state().clock, probe_perf_facts()).available) return JNI_FALSE;
    if (spec->kind == MetricKind::PerfCounter) set_thread_counter_metric(*spec);
    return bind_read(jni, klass, tick_reader(*spec, agent_state().clock).function) ? JNI_TRUE : JNI_FALSE;
}

}  // namespace

bool register_counter_natives(JNIEnv* jni, jclass klass) {
    const JNINativeMethod methods[] = {
        native_method("metrics0", "()[Ljava/lang/String;", reinterpret_cast<void*>(list_metrics)),
        native_method("select0", "(Ljava/lang/String;)Z", reinterpret_cast<void*>(select_metric)),
        native_method("read0", "()J", tick_reader(wall_metric(), agent_state().clock).function),
    };
    if (jni->RegisterNatives(klass, methods, 3) == JNI_OK) return true;
    if (jni->ExceptionCheck()) jni->ExceptionClear();
    log_line("cannot bind org.candor.agent.counters.NativeCounters: it must declare 'static native String[] metrics0()', "
             "'static native boolean select0(String)' and 'static native long read0()'");
    return false;
}

}  // namespace candor
