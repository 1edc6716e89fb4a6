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

// One field of every node as a Java array, filled through a small buffer on the stack: a live view copies trees of
// hundreds of thousands of nodes every second or so, and a temporary vector the size of the tree was a fresh mapping
// to fault in each time.
template <typename Array, typename Value, typename Field>
Array column(JNIEnv* jni, Array (JNIEnv::*make)(jsize), void (JNIEnv::*set)(Array, jsize, jsize, const Value*),
             const std::vector<CallTree::Node>& nodes, Field field) {
    const jsize n = static_cast<jsize>(nodes.size());
    Array array = (jni->*make)(n);
    if (array == nullptr) return nullptr;
    constexpr jsize kChunk = 1024;
    Value chunk[kChunk];
    for (jsize from = 0; from < n; from += kChunk) {
        const jsize count = n - from < kChunk ? n - from : kChunk;
        for (jsize i = 0; i < count; i++) chunk[i] = static_cast<Value>(field(nodes[static_cast<std::size_t>(from + i)]));
        (jni->*set)(array, from, count, chunk);
    }
    return array;
}

template <typename Field>
jintArray int_column(JNIEnv* jni, const std::vector<CallTree::Node>& nodes, Field field) {
    return column<jintArray, jint>(jni, &JNIEnv::NewIntArray, &JNIEnv::SetIntArrayRegion, nodes, field);
}

template <typename Field>
jlongArray long_column(JNIEnv* jni, const std::vector<CallTree::Node>& nodes, Field field) {
    return column<jlongArray, jlong>(jni, &JNIEnv::NewLongArray, &JNIEnv::SetLongArrayRegion, nodes, field);
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
            return int_column(jni, nodes, [](const CallTree::Node& node) { return node.parent; });
        }));
    }
    if (ok) {
        ok = put(jni, parts, kNodeMethods, rows(jni, "[I", result.threads, [jni](const std::vector<CallTree::Node>& nodes) {
            return int_column(jni, nodes, [](const CallTree::Node& node) { return node.method; });
        }));
    }
    if (ok) {
        ok = put(jni, parts, kNodeSelfRunning, rows(jni, "[J", result.threads, [jni](const std::vector<CallTree::Node>& nodes) {
            return long_column(jni, nodes, [](const CallTree::Node& node) { return node.self_running; });
        }));
    }
    if (ok) {
        ok = put(jni, parts, kNodeSelfWaiting, rows(jni, "[J", result.threads, [jni](const std::vector<CallTree::Node>& nodes) {
            return long_column(jni, nodes, [](const CallTree::Node& node) { return node.self_waiting; });
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
