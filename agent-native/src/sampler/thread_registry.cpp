#include "sampler/thread_registry.h"

#include <algorithm>

namespace candor {

__thread SampledThread* g_current_thread __attribute__((tls_model("initial-exec"))) = nullptr;

bool ThreadRegistry::add_slot(jlong java_id, std::string name, jthread ref, std::uint32_t& slot) {
    if (slots.size() >= max_slots) return false;
    slot = static_cast<std::uint32_t>(slots.size());
    ThreadSlot entry;
    entry.java_id = java_id;
    entry.name = std::move(name);
    entry.thread_ref = ref;
    slots.push_back(std::move(entry));
    return true;
}

void ThreadRegistry::remove_live(SampledThread* thread) {
    const auto it = std::find(live.begin(), live.end(), thread);
    if (it != live.end()) live.erase(it);
}

}  // namespace candor
