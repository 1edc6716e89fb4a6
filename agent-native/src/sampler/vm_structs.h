#pragma once

#include <cstddef>
#include <cstdint>

namespace candor {

// Where HotSpot keeps a Java thread's state and its last Java frame (the frame anchor), read from the
// tables the VM exports for its Serviceability Agent (gHotSpotVMStructs). Nothing is guessed: a field the
// table does not name leaves the layout invalid, and whatever needs it is not done.
struct VmThreadLayout {
    bool valid = false;
    std::ptrdiff_t thread_state = 0;  // JavaThread::_thread_state (a 32-bit JavaThreadState)
    std::ptrdiff_t anchor = 0;        // JavaThread::_anchor
    std::ptrdiff_t last_java_sp = 0;  // JavaFrameAnchor::_last_Java_sp, within the anchor
    std::ptrdiff_t last_java_pc = 0;  // JavaFrameAnchor::_last_Java_pc, within the anchor
    bool has_fp = false;              // x86: the table names JavaFrameAnchor::_last_Java_fp
    std::ptrdiff_t last_java_fp = 0;  // within the anchor
};

// Where a Method* leads to the method's jmethodID, as HotSpot keeps it: Method -> ConstMethod (its idnum and
// constant pool) -> ConstantPool -> its holder InstanceKlass -> the klass's jmethodID cache, whose first word is its
// length and whose entry idnum + 1 the method's jmethodID (null until one was made). From the same tables.
struct VmMethodLayout {
    bool valid = false;
    std::ptrdiff_t const_method = 0;  // Method::_constMethod
    std::ptrdiff_t constants = 0;     // ConstMethod::_constants
    std::ptrdiff_t method_idnum = 0;  // ConstMethod::_method_idnum (16 bits)
    std::ptrdiff_t pool_holder = 0;   // ConstantPool::_pool_holder
    std::ptrdiff_t jmethod_ids = 0;   // InstanceKlass::_methods_jmethod_ids
};

// JavaThreadState values (globalDefinitions.hpp, the same in JDK 17 to 25).
constexpr std::int32_t kThreadInVm = 6;
constexpr std::int32_t kThreadInJava = 8;

// How an entry of gHotSpotVMStructs is laid out, as the VM's exported gHotSpotVMStructEntry*Offset
// symbols say.
struct VmStructsFormat {
    std::uint64_t type_name = 0;
    std::uint64_t field_name = 0;
    std::uint64_t is_static = 0;
    std::uint64_t offset = 0;
    std::uint64_t stride = 0;
};

// The layout from a table (entries until one with no type name), or invalid.
VmThreadLayout read_thread_layout(const void* entries, const VmStructsFormat& format);

// The layout of the VM this library runs in (dlsym of the exported symbols), or invalid.
VmThreadLayout find_thread_layout();

// The method layout from a table, or invalid; and that of the VM this library runs in.
VmMethodLayout read_method_layout(const void* entries, const VmStructsFormat& format);
VmMethodLayout find_method_layout();

}  // namespace candor
