#include "sampler/drain_result.h"

namespace candor {

namespace {

// NativeSampler's part indexes; keep in sync with org.candor.agent.sampling.NativeSampler.
enum Part : jsize {
    kStatNames = 0,
    kStatValues = 1,
    kMethodClasses = 2,
    kMethodNames = 3,
    kMethodDescriptors = 4,
    kThreadIds = 5,
    kThreadNames = 6,
    kNodeParents = 7,
    kNodeMethods = 8,
    kNodeSelfRunning = 9,
    kNodeSelfWaiting = 10,
    kIntervalNanos = 11,
    kParts = 12,
};

// Stores value (a local reference) at index and drops the local reference.
bool put(JNIEnv* jni, jobjectArray array, jsize index, jobject value) {
    if (value == nullptr) return false;
    jni->SetObjectArrayElement(array, index, value);
    jni->DeleteLocalRef(value);
    return !jni->ExceptionCheck();
}

jobjectArray strings(JNIEnv* jni, jclass string_class, const std::vector<const std::string*>& values) {
    jobjectArray array = jni->NewObjectArray(static_cast<jsize>(values.size()), string_class, nullptr);
    if (array == nullptr) return nullptr;
    for (jsize i = 0; i < static_cast<jsize>(values.size()); i++) {
        if (!put(jni, array, i, jni->NewStringUTF(values[i]->c_str()))) {
            jni->DeleteLocalRef(array);
            return nullptr;
        }
    }
    return array;
}

jlongArray longs(JNIEnv* jni, const std::vector<jlong>& values) {
    jlongArray array = jni->NewLongArray(static_cast<jsize>(values.size()));
    if (array != nullptr && !values.empty()) jni->SetLongArrayRegion(array, 0, static_cast<jsize>(values.size()), values.data());
    return array;
}

jintArray ints(JNIEnv* jni, const std::vector<jint>& values) {
    jintArray array = jni->NewIntArray(static_cast<jsize>(values.size()));
    if (array != nullptr && !values.empty()) jni->SetIntArrayRegion(array, 0, static_cast<jsize>(values.size()), values.data());
    return array;
}

// int[][] or long[][] with one row per thread, built by row(thread) -> local reference.
template <typename Row>
jobjectArray rows(JNIEnv* jni, const char* row_class_name, const std::vector<DrainThread>& threads, Row row) {
    jclass row_class = jni->FindClass(row_class_name);
    if (row_class == nullptr) return nullptr;
    jobjectArray array = jni->NewObjectArray(static_cast<jsize>(threads.size()), row_class, nullptr);
    jni->DeleteLocalRef(row_class);
    if (array == nullptr) return nullptr;
    for (jsize i = 0; i < static_cast<jsize>(threads.size()); i++) {
        if (!put(jni, array, i, row(*threads[i].nodes))) {
            jni->DeleteLocalRef(array);
            return nullptr;
        }
    }
    return array;
}

}  // namespace

jobjectArray drain_result_to_java(JNIEnv* jni, const DrainResult& result) {
    jclass object_class = jni->FindClass("java/lang/Object");
    jclass string_class = jni->FindClass("java/lang/String");
    if (object_class == nullptr || string_class == nullptr) return nullptr;
    jobjectArray parts = jni->NewObjectArray(kParts, object_class, nullptr);
    if (parts == nullptr) return nullptr;

    std::vector<const std::string*> text;
    std::vector<jlong> numbers;
    for (const auto& stat : result.stats) {
        text.push_back(&stat.first);
        numbers.push_back(stat.second);
    }
    bool ok = put(jni, parts, kStatNames, strings(jni, string_class, text)) &&
              put(jni, parts, kStatValues, longs(jni, numbers));

    const std::vector<MethodName>& methods = *result.methods;
    for (int field = 0; ok && field < 3; field++) {
        text.clear();
        for (const MethodName& method : methods) {
            text.push_back(field == 0 ? &method.class_signature : field == 1 ? &method.name : &method.descriptor);
        }
        ok = put(jni, parts, kMethodClasses + field, strings(jni, string_class, text));
    }

    if (ok) {
        numbers.clear();
        text.clear();
        for (const DrainThread& thread : result.threads) {
            numbers.push_back(thread.java_id);
            text.push_back(&thread.name);
        }
        ok = put(jni, parts, kThreadIds, longs(jni, numbers)) && put(jni, parts, kThreadNames, strings(jni, string_class, text));
    }
    if (ok) {
        ok = put(jni, parts, kNodeParents, rows(jni, "[I", result.threads, [jni](const std::vector<CallTree::Node>& nodes) {
            std::vector<jint> values;
            values.reserve(nodes.size());
            for (const auto& node : nodes) values.push_back(node.parent);
            return ints(jni, values);
        }));
    }
    if (ok) {
        ok = put(jni, parts, kNodeMethods, rows(jni, "[I", result.threads, [jni](const std::vector<CallTree::Node>& nodes) {
            std::vector<jint> values;
            values.reserve(nodes.size());
            for (const auto& node : nodes) values.push_back(node.method);
            return ints(jni, values);
        }));
    }
    if (ok) {
        ok = put(jni, parts, kNodeSelfRunning, rows(jni, "[J", result.threads, [jni](const std::vector<CallTree::Node>& nodes) {
            std::vector<jlong> values;
            values.reserve(nodes.size());
            for (const auto& node : nodes) values.push_back(static_cast<jlong>(node.self_running));
            return longs(jni, values);
        }));
    }
    if (ok) {
        ok = put(jni, parts, kNodeSelfWaiting, rows(jni, "[J", result.threads, [jni](const std::vector<CallTree::Node>& nodes) {
            std::vector<jlong> values;
            values.reserve(nodes.size());
            for (const auto& node : nodes) values.push_back(static_cast<jlong>(node.self_waiting));
            return longs(jni, values);
        }));
    }
    if (ok) ok = put(jni, parts, kIntervalNanos, longs(jni, {static_cast<jlong>(result.interval_ns)}));

    jni->DeleteLocalRef(object_class);
    jni->DeleteLocalRef(string_class);
    if (!ok) {
        jni->DeleteLocalRef(parts);
        return nullptr;
    }
    return parts;
}

}  // namespace candor
