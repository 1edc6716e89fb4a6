#include "sampler/drain_result.h"

#include <algorithm>

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
    kNodeCounts = 12,
    kTreeGeneration = 13,
    kParts = 14,
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

// One field of every node into a Java array: `reused` when it is long enough, else a new one. Filled through a small
// buffer on the stack: a live view copies trees of hundreds of thousands of nodes every second or so, and a temporary
// vector the size of the tree was a fresh mapping to fault in each time.
template <typename Array, typename Value, typename Field>
Array column(JNIEnv* jni, Array (JNIEnv::*make)(jsize), void (JNIEnv::*set)(Array, jsize, jsize, const Value*),
             const std::vector<CallTree::Node>& nodes, Array reused, Field field) {
    const jsize n = static_cast<jsize>(nodes.size());
    Array array = reused;
    if (array == nullptr || jni->GetArrayLength(array) < n) {
        // A reused array's tree grows: room for an eighth more, so that the next ones fit.
        const jsize length = reused == nullptr ? n : static_cast<jsize>(std::min<std::int64_t>(0x7ffffff7LL, n + (n >> 3)));
        if (reused != nullptr) jni->DeleteLocalRef(reused);
        array = (jni->*make)(length);
        if (array == nullptr) return nullptr;
    }
    constexpr jsize kChunk = 1024;
    Value chunk[kChunk];
    for (jsize from = 0; from < n; from += kChunk) {
        const jsize count = n - from < kChunk ? n - from : kChunk;
        for (jsize i = 0; i < count; i++) chunk[i] = static_cast<Value>(field(nodes[static_cast<std::size_t>(from + i)]));
        (jni->*set)(array, from, count, chunk);
    }
    return array;
}

// An earlier result's part when it is an array of such rows (int[][] for "[I"), else null.
jobjectArray reusable_rows(JNIEnv* jni, jobjectArray reuse, jsize part, const char* row_class_name) {
    if (reuse == nullptr || jni->GetArrayLength(reuse) <= part) return nullptr;
    jclass rows_class = jni->FindClass((std::string("[") + row_class_name).c_str());
    if (rows_class == nullptr) return nullptr;
    jobject rows = jni->GetObjectArrayElement(reuse, part);
    if (rows != nullptr && jni->IsInstanceOf(rows, rows_class) == JNI_FALSE) {
        jni->DeleteLocalRef(rows);
        rows = nullptr;
    }
    jni->DeleteLocalRef(rows_class);
    return static_cast<jobjectArray>(rows);
}

// int[][] or long[][] with one row per thread: row(nodes, the earlier result's row i or null) -> local reference.
template <typename Array, typename Row>
jobjectArray rows(JNIEnv* jni, const char* row_class_name, const std::vector<DrainThread>& threads, jobjectArray reuse,
                  jsize part, Row row) {
    jclass row_class = jni->FindClass(row_class_name);
    if (row_class == nullptr) return nullptr;
    jobjectArray array = jni->NewObjectArray(static_cast<jsize>(threads.size()), row_class, nullptr);
    jni->DeleteLocalRef(row_class);
    if (array == nullptr) return nullptr;
    jobjectArray old_rows = reusable_rows(jni, reuse, part, row_class_name);
    const jsize old_count = old_rows != nullptr ? jni->GetArrayLength(old_rows) : 0;
    bool ok = !jni->ExceptionCheck();
    for (jsize i = 0; ok && i < static_cast<jsize>(threads.size()); i++) {
        Array reused = i < old_count ? static_cast<Array>(jni->GetObjectArrayElement(old_rows, i)) : nullptr;
        ok = put(jni, array, i, row(*threads[i].nodes, reused));
    }
    if (old_rows != nullptr) jni->DeleteLocalRef(old_rows);
    if (!ok) {
        jni->DeleteLocalRef(array);
        return nullptr;
    }
    return array;
}

}  // namespace

jobjectArray drain_result_to_java(JNIEnv* jni, const DrainResult& result, jobjectArray reuse) {
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
    using Node = CallTree::Node;
    if (ok) {
        ok = put(jni, parts, kNodeParents, rows<jintArray>(jni, "[I", result.threads, reuse, kNodeParents,
            [jni](const std::vector<Node>& nodes, jintArray reused) {
                return column<jintArray, jint>(jni, &JNIEnv::NewIntArray, &JNIEnv::SetIntArrayRegion, nodes, reused,
                                               [](const Node& node) { return node.parent; });
            }));
    }
    if (ok) {
        ok = put(jni, parts, kNodeMethods, rows<jintArray>(jni, "[I", result.threads, reuse, kNodeMethods,
            [jni](const std::vector<Node>& nodes, jintArray reused) {
                return column<jintArray, jint>(jni, &JNIEnv::NewIntArray, &JNIEnv::SetIntArrayRegion, nodes, reused,
                                               [](const Node& node) { return node.method; });
            }));
    }
    if (ok) {
        ok = put(jni, parts, kNodeSelfRunning, rows<jlongArray>(jni, "[J", result.threads, reuse, kNodeSelfRunning,
            [jni](const std::vector<Node>& nodes, jlongArray reused) {
                return column<jlongArray, jlong>(jni, &JNIEnv::NewLongArray, &JNIEnv::SetLongArrayRegion, nodes, reused,
                                                 [](const Node& node) { return node.self_running; });
            }));
    }
    if (ok) {
        ok = put(jni, parts, kNodeSelfWaiting, rows<jlongArray>(jni, "[J", result.threads, reuse, kNodeSelfWaiting,
            [jni](const std::vector<Node>& nodes, jlongArray reused) {
                return column<jlongArray, jlong>(jni, &JNIEnv::NewLongArray, &JNIEnv::SetLongArrayRegion, nodes, reused,
                                                 [](const Node& node) { return node.self_waiting; });
            }));
    }
    if (ok) {
        jintArray counts = jni->NewIntArray(static_cast<jsize>(result.threads.size()));
        for (jsize i = 0; counts != nullptr && i < static_cast<jsize>(result.threads.size()); i++) {
            const jint n = static_cast<jint>(result.threads[static_cast<std::size_t>(i)].nodes->size());
            jni->SetIntArrayRegion(counts, i, 1, &n);
        }
        ok = put(jni, parts, kNodeCounts, counts);
    }
    if (ok) ok = put(jni, parts, kTreeGeneration, longs(jni, {static_cast<jlong>(result.tree_generation)}));
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
