#include "sampler/method_resolver.h"

#include "jvmti_env.h"
#include "sampler/agct.h"
#include "sampler/code_map.h"

namespace candor {

MethodResolver::MethodResolver(const CodeMap* code_map, std::size_t limit) : code_map_(code_map), limit_(limit) {}

std::int32_t MethodResolver::add(MethodName method) {
    if (methods_.size() + 1 >= limit_) {
        // Keep the last entry for the overflow marker.
        over_limit_++;
        const auto known = by_pseudo_.find("[more methods]");
        if (known != by_pseudo_.end()) return known->second;
        const auto index = static_cast<std::int32_t>(methods_.size());
        methods_.push_back(MethodName{"", "[more methods]", ""});
        by_pseudo_.emplace("[more methods]", index);
        return index;
    }
    const auto index = static_cast<std::int32_t>(methods_.size());
    methods_.push_back(std::move(method));
    return index;
}

std::int32_t MethodResolver::pseudo(const std::string& name) {
    const auto known = by_pseudo_.find(name);
    if (known != by_pseudo_.end()) return known->second;
    const std::int32_t index = add(MethodName{"", name, ""});
    by_pseudo_.emplace(name, index);
    return index;
}

std::int32_t MethodResolver::java_method(jvmtiEnv* jvmti, JNIEnv* jni, jmethodID method) {
    const auto known = by_method_.find(method);
    if (known != by_method_.end()) return known->second;
    // Full: no more JVMTI look-ups, every new method shares the overflow entry.
    if (methods_.size() + 1 >= limit_) return add(MethodName{});
    std::int32_t index = -1;
    if (method != nullptr) {
        jclass klass = nullptr;
        if (jvmti->GetMethodDeclaringClass(method, &klass) == JVMTI_ERROR_NONE) {
            JvmtiBuffer<char> signature(jvmti);
            JvmtiBuffer<char> name(jvmti);
            JvmtiBuffer<char> descriptor(jvmti);
            if (jvmti->GetClassSignature(klass, signature.out(), nullptr) == JVMTI_ERROR_NONE &&
                jvmti->GetMethodName(method, name.out(), descriptor.out(), nullptr) == JVMTI_ERROR_NONE) {
                index = add(MethodName{signature.get(), name.get(), descriptor.get()});
            }
            jni->DeleteLocalRef(klass);
        }
    }
    if (index < 0) index = pseudo("[unknown]");
    if (by_method_.size() < limit_) by_method_.emplace(method, index);
    return index;
}

std::int32_t MethodResolver::stub(std::uintptr_t stub_id) {
    const auto known = by_stub_.find(stub_id);
    if (known != by_stub_.end()) return known->second;
    const std::int32_t index = add(MethodName{"", code_map_->stub_name(stub_id), ""});
    by_stub_.emplace(stub_id, index);
    return index;
}

std::int32_t MethodResolver::failure(int agct_code) {
    return pseudo(std::string("[") + agct_failure_name(agct_failure_slot(agct_code)) + "]");
}

std::int32_t MethodResolver::truncated() { return pseudo("[truncated]"); }

std::int32_t MethodResolver::beyond_budget() { return pseudo("[beyond the tree budget]"); }

}  // namespace candor
