// Reading HotSpot's exported struct table: the thread-state and frame-anchor offsets, and nothing guessed
// when an entry is missing.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "check.h"
#include "sampler/vm_structs.h"

using candor::read_thread_layout;
using candor::VmStructsFormat;

namespace {

// The VM's own entry layout: type name, field name, type string, is_static, offset, address.
struct Entry {
    const char* type;
    const char* field;
    const char* type_string;
    std::int32_t is_static;
    std::uint64_t offset;
    void* address;
};

VmStructsFormat format() {
    VmStructsFormat f;
    f.type_name = offsetof(Entry, type);
    f.field_name = offsetof(Entry, field);
    f.is_static = offsetof(Entry, is_static);
    f.offset = offsetof(Entry, offset);
    f.stride = sizeof(Entry);
    return f;
}

}  // namespace

TEST(vm_structs_finds_the_thread_state_and_the_frame_anchor) {
    std::vector<Entry> table = {
        {"Thread", "_tlab", "ThreadLocalAllocBuffer", 0, 88, nullptr},
        {"JavaThread", "_anchor", "JavaFrameAnchor", 0, 640, nullptr},
        {"JavaThread", "_thread_state", "JavaThreadState", 0, 904, nullptr},
        {"JavaFrameAnchor", "_last_Java_sp", "intptr_t*", 0, 0, nullptr},
        {"JavaFrameAnchor", "_last_Java_pc", "address", 0, 16, nullptr},
        {"JavaThread", "_anchor", "JavaFrameAnchor", 1, 12345, nullptr},  // a static of the same name is not it
        {nullptr, nullptr, nullptr, 0, 0, nullptr},
    };
    const candor::VmThreadLayout layout = read_thread_layout(table.data(), format());
    CHECK(layout.valid);
    CHECK(layout.anchor == 640);
    CHECK(layout.thread_state == 904);
    CHECK(layout.last_java_sp == 0);
    CHECK(layout.last_java_pc == 16);
    CHECK(!layout.has_fp);  // not named: the stub walk from the anchor is not tried

    table.insert(table.begin() + 3, Entry{"JavaFrameAnchor", "_last_Java_fp", "intptr_t*", 0, 8, nullptr});
    const candor::VmThreadLayout with_fp = read_thread_layout(table.data(), format());
    CHECK(with_fp.valid && with_fp.has_fp && with_fp.last_java_fp == 8);
}

TEST(vm_structs_without_a_field_is_invalid) {
    std::vector<Entry> table = {
        {"JavaThread", "_anchor", "JavaFrameAnchor", 0, 640, nullptr},
        {"JavaFrameAnchor", "_last_Java_sp", "intptr_t*", 0, 0, nullptr},
        {"JavaFrameAnchor", "_last_Java_pc", "address", 0, 16, nullptr},
        {nullptr, nullptr, nullptr, 0, 0, nullptr},
    };
    CHECK(!read_thread_layout(table.data(), format()).valid);
    CHECK(!read_thread_layout(nullptr, format()).valid);
}

TEST(vm_structs_finds_the_way_from_a_method_to_its_jmethod_id) {
    std::vector<Entry> table = {
        {"Method", "_constMethod", "ConstMethod*", 0, 8, nullptr},
        {"ConstMethod", "_constants", "ConstantPool*", 0, 8, nullptr},
        {"ConstMethod", "_method_idnum", "u2", 0, 42, nullptr},
        {"ConstantPool", "_pool_holder", "InstanceKlass*", 0, 24, nullptr},
        {"InstanceKlass", "_methods_jmethod_ids", "jmethodID*", 0, 360, nullptr},
        {nullptr, nullptr, nullptr, 0, 0, nullptr},
    };
    const candor::VmMethodLayout layout = candor::read_method_layout(table.data(), format());
    CHECK(layout.valid);
    CHECK(layout.const_method == 8 && layout.constants == 8 && layout.method_idnum == 42);
    CHECK(layout.pool_holder == 24 && layout.jmethod_ids == 360);
    // one field missing: nothing is named from rbx
    table.erase(table.begin() + 2);
    CHECK(!candor::read_method_layout(table.data(), format()).valid);
    CHECK(!candor::read_method_layout(nullptr, format()).valid);
}
