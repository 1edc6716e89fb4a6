#include "sampler/vm_structs.h"

#include <dlfcn.h>

#include <cstring>

namespace candor {

namespace {

template <typename T>
T field_at(const char* entry, std::uint64_t offset) {
    T value;
    std::memcpy(&value, entry + offset, sizeof value);
    return value;
}

bool named(const char* name, const char* wanted) { return name != nullptr && std::strcmp(name, wanted) == 0; }

bool exported_u64(const char* symbol, std::uint64_t& out) {
    const void* address = dlsym(RTLD_DEFAULT, symbol);
    if (address == nullptr) return false;
    std::memcpy(&out, address, sizeof out);
    return true;
}

// Each non-static field of the table: visit(type, field, offset), until the entry with no type name.
template <typename Visit>
void for_each_field(const void* entries, const VmStructsFormat& format, Visit visit) {
    if (entries == nullptr || format.stride == 0) return;
    for (const char* entry = static_cast<const char*>(entries);; entry += format.stride) {
        const char* type = field_at<const char*>(entry, format.type_name);
        if (type == nullptr) break;
        if (field_at<std::int32_t>(entry, format.is_static) != 0) continue;
        visit(type, field_at<const char*>(entry, format.field_name),
              static_cast<std::ptrdiff_t>(field_at<std::uint64_t>(entry, format.offset)));
    }
}

// The VM's table and how its entries are laid out; false where it exports none.
bool vm_table(const void*& entries, VmStructsFormat& format) {
    const void* table = dlsym(RTLD_DEFAULT, "gHotSpotVMStructs");
    if (table == nullptr || !exported_u64("gHotSpotVMStructEntryTypeNameOffset", format.type_name) ||
        !exported_u64("gHotSpotVMStructEntryFieldNameOffset", format.field_name) ||
        !exported_u64("gHotSpotVMStructEntryIsStaticOffset", format.is_static) ||
        !exported_u64("gHotSpotVMStructEntryOffsetOffset", format.offset) ||
        !exported_u64("gHotSpotVMStructEntryArrayStride", format.stride)) {
        return false;
    }
    std::memcpy(&entries, table, sizeof entries);  // the symbol is a pointer to the array
    return true;
}

}  // namespace

VmThreadLayout read_thread_layout(const void* entries, const VmStructsFormat& format) {
    VmThreadLayout layout;
    bool state = false, anchor = false, sp = false, pc = false;
    for_each_field(entries, format, [&](const char* type, const char* field, std::ptrdiff_t offset) {
        if (named(type, "JavaThread") && named(field, "_thread_state")) {
            layout.thread_state = offset;
            state = true;
        } else if (named(type, "JavaThread") && named(field, "_anchor")) {
            layout.anchor = offset;
            anchor = true;
        } else if (named(type, "JavaFrameAnchor") && named(field, "_last_Java_sp")) {
            layout.last_java_sp = offset;
            sp = true;
        } else if (named(type, "JavaFrameAnchor") && named(field, "_last_Java_pc")) {
            layout.last_java_pc = offset;
            pc = true;
        } else if (named(type, "JavaFrameAnchor") && named(field, "_last_Java_fp")) {
            layout.last_java_fp = offset;
            layout.has_fp = true;
        }
    });
    layout.valid = state && anchor && sp && pc;
    return layout;
}

VmThreadLayout find_thread_layout() {
    VmStructsFormat format;
    const void* entries = nullptr;
    return vm_table(entries, format) ? read_thread_layout(entries, format) : VmThreadLayout{};
}

VmMethodLayout read_method_layout(const void* entries, const VmStructsFormat& format) {
    VmMethodLayout layout;
    unsigned found = 0;  // a bit per field
    for_each_field(entries, format, [&](const char* type, const char* field, std::ptrdiff_t offset) {
        if (named(type, "Method") && named(field, "_constMethod")) {
            layout.const_method = offset;
            found |= 1;
        } else if (named(type, "ConstMethod") && named(field, "_constants")) {
            layout.constants = offset;
            found |= 2;
        } else if (named(type, "ConstMethod") && named(field, "_method_idnum")) {
            layout.method_idnum = offset;
            found |= 4;
        } else if (named(type, "ConstantPool") && named(field, "_pool_holder")) {
            layout.pool_holder = offset;
            found |= 8;
        } else if (named(type, "InstanceKlass") && named(field, "_methods_jmethod_ids")) {
            layout.jmethod_ids = offset;
            found |= 16;
        }
    });
    layout.valid = found == 31;
    return layout;
}

VmMethodLayout find_method_layout() {
    VmStructsFormat format;
    const void* entries = nullptr;
    return vm_table(entries, format) ? read_method_layout(entries, format) : VmMethodLayout{};
}

}  // namespace candor
