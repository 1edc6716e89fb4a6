#pragma once

#include <jni.h>
#include <jvmti.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace candor {

class CodeMap;

// A method as drain0 reports it. Stubs and pseudo frames have an empty class signature: a stub
// keeps the name the JVM gave it ("itable stub"), a pseudo frame's name is in brackets
// ("[unknown]", "[truncated]", "[gc_active]", ...).
struct MethodName {
    std::string class_signature;  // "Lcom/acme/Foo;"
    std::string name;
    std::string descriptor;       // "(I)V"
};

// Turns what the handler recorded (jmethodIDs, stub ids, AGCT failure codes) into indexes of one
// method table, resolving each jmethodID once through JVMTI. Writer thread only.
//
// Bounded: at most `limit` entries; past it, new methods all map to "[more methods]" (counted).
// A jmethodID whose class was unloaded makes JVMTI return an error, which gives "[unknown]"; it
// never dereferences the id itself.
class MethodResolver {
public:
    MethodResolver(const CodeMap* code_map, std::size_t limit);

    std::int32_t java_method(jvmtiEnv* jvmti, JNIEnv* jni, jmethodID method);
    std::int32_t stub(std::uintptr_t stub_id);
    std::int32_t failure(int agct_code);  // "[gc_active]", "[unknown_java]", ...
    std::int32_t truncated();             // "[truncated]": the stack was deeper than `depth`
    std::int32_t beyond_budget();         // "[beyond the tree budget]": the trees' node budget was full

    const std::vector<MethodName>& methods() const { return methods_; }
    std::uint64_t over_limit() const { return over_limit_; }

private:
    std::int32_t add(MethodName method);
    std::int32_t pseudo(const std::string& name);

    const CodeMap* code_map_;
    std::size_t limit_;
    std::vector<MethodName> methods_;
    std::unordered_map<jmethodID, std::int32_t> by_method_;
    std::unordered_map<std::uintptr_t, std::int32_t> by_stub_;
    std::unordered_map<std::string, std::int32_t> by_pseudo_;
    std::uint64_t over_limit_ = 0;
};

}  // namespace candor
