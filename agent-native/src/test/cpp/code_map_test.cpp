// The code map: lookups at the edges of ranges, publication, unloads, overlaps, stub names, and
// lookups racing with publications (a freed snapshot is poisoned, so a reader that used one
// would see broken entries).
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "check.h"
#include "sampler/code_map.h"

using candor::CodeEntry;
using candor::CodeKind;
using candor::CodeMap;
using candor::CodeShape;

namespace {

const void* at(std::uintptr_t address) { return reinterpret_cast<const void*>(address); }
jmethodID method(std::uintptr_t id) { return reinterpret_cast<jmethodID>(id); }

bool finds(const CodeMap& map, std::uintptr_t pc, std::uintptr_t id, CodeKind kind) {
    CodeEntry entry;
    return map.lookup(pc, entry) && entry.id == id && entry.kind == kind && entry.start <= pc && pc < entry.end;
}

bool misses(const CodeMap& map, std::uintptr_t pc) {
    CodeEntry entry;
    return !map.lookup(pc, entry);
}

}  // namespace

TEST(code_map_lookup_edges) {
    CodeMap map;
    map.add_method(at(0x1000), 0x100, method(11));
    map.add_method(at(0x1100), 0x80, method(12));  // adjacent
    map.add_method(at(0x2000), 0x10, method(13));
    map.add_stub(at(0x3000), 0x40, "itable stub");
    CHECK(misses(map, 0x1000));  // nothing published yet
    CHECK(map.publish());
    CHECK(!map.publish());  // unchanged
    CHECK(map.published_entries() == 4);

    CHECK(misses(map, 0x0fff));
    CHECK(finds(map, 0x1000, 11, CodeKind::Method));
    CHECK(finds(map, 0x10ff, 11, CodeKind::Method));
    CHECK(finds(map, 0x1100, 12, CodeKind::Method));
    CHECK(finds(map, 0x117f, 12, CodeKind::Method));
    CHECK(misses(map, 0x1180));
    CHECK(misses(map, 0x1fff));
    CHECK(finds(map, 0x2000, 13, CodeKind::Method));
    CHECK(misses(map, 0x2010));
    CodeEntry stub;
    CHECK(map.lookup(0x3020, stub) && stub.kind == CodeKind::Stub && map.stub_name(stub.id) == "itable stub");
    CHECK(misses(map, 0x3040));
    CHECK(misses(map, ~std::uintptr_t{0}));
    CHECK(misses(map, 0));
}

TEST(code_map_unload_and_overlap) {
    CodeMap map;
    map.add_method(at(0x1000), 0x100, method(1));
    map.add_method(at(0x1100), 0x100, method(2));
    map.add_method(at(0x1200), 0x100, method(3));
    map.publish();
    map.remove_method(at(0x1100));
    map.remove_method(at(0x5000));  // unknown: ignored
    CHECK(map.publish());
    CHECK(misses(map, 0x1150));
    CHECK(finds(map, 0x1250, 3, CodeKind::Method));

    // Code memory reused: a new range replaces every range it overlaps.
    map.add_method(at(0x10f0), 0x120, method(4));
    map.publish();
    CHECK(misses(map, 0x1000));
    CHECK(finds(map, 0x10f0, 4, CodeKind::Method));
    CHECK(finds(map, 0x120f, 4, CodeKind::Method));
    CHECK(misses(map, 0x1210));  // method 3 overlapped and went
    CHECK(map.published_entries() == 1);

    // An unload event for a stub address does not remove the stub.
    map.add_stub(at(0x8000), 0x10, "vtable stub");
    map.remove_method(at(0x8000));
    map.publish();
    CHECK(!misses(map, 0x8000));
    // Empty ranges are ignored.
    map.add_method(at(0x9000), 0, method(9));
    map.publish();
    CHECK(misses(map, 0x9000));
}

TEST(code_map_few_changes_publish_a_delta_over_the_base) {
    CodeMap map;
    for (std::uintptr_t i = 0; i < 1000; i++) map.add_method(at(0x100000 + 0x100 * i), 0x80, method(i + 1));
    CHECK(map.publish());
    CHECK(map.base_publications() == 1);
    // a few changes: a delta, the base stays
    map.add_method(at(0x900000), 0x40, method(5000));            // new
    map.remove_method(at(0x100000));                             // out of the base
    map.add_method(at(0x100100 + 0x40), 0x100, method(6000));    // overlaps methods 2 and 3's ranges
    map.add_method(at(0x910000), 0x40, method(7000));
    map.remove_method(at(0x910000));                             // out of the delta again
    CHECK(map.publish());
    CHECK(map.base_publications() == 1);
    CHECK(map.published_entries() == 1000 - 1 - 2 + 2);
    CHECK(finds(map, 0x900010, 5000, CodeKind::Method));
    CHECK(misses(map, 0x100010));
    CHECK(misses(map, 0x100100));                  // method 2 went with the overlap
    CHECK(finds(map, 0x100150, 6000, CodeKind::Method));
    CHECK(misses(map, 0x100240));                  // method 3 too, beyond the new range
    CHECK(misses(map, 0x910010));
    CHECK(finds(map, 0x100300, 4, CodeKind::Method));  // the base answers where no change covers pc
    // many changes: a new base, the same answers
    for (std::uintptr_t i = 0; i <= CodeMap::kMaxDelta; i++) map.add_method(at(0x200000 + 0x100 * i), 0x80, method(9000 + i));
    CHECK(map.publish());
    CHECK(map.base_publications() == 2);
    CHECK(finds(map, 0x900010, 5000, CodeKind::Method));
    CHECK(misses(map, 0x100010));
    CHECK(misses(map, 0x100100));
    CHECK(finds(map, 0x100150, 6000, CodeKind::Method));
    CHECK(misses(map, 0x910010));
    CHECK(finds(map, 0x200000 + 0x100 * CodeMap::kMaxDelta, 9000 + CodeMap::kMaxDelta, CodeKind::Method));
}

TEST(code_map_stub_names_are_interned) {
    CodeMap map;
    map.add_stub(at(0x100), 8, "vtable stub");
    map.add_stub(at(0x200), 8, "vtable stub");
    map.add_stub(at(0x300), 8, "Interpreter");
    map.add_stub(at(0x400), 8, nullptr);
    map.publish();
    CodeEntry a, b, c, d;
    CHECK(map.lookup(0x100, a) && map.lookup(0x200, b) && map.lookup(0x300, c) && map.lookup(0x400, d));
    CHECK(a.id == b.id && a.id != c.id);
    CHECK(map.stub_name(c.id) == "Interpreter");
    CHECK(map.stub_name(d.id) == "[stub]");
    CHECK(map.stub_name(12345) == "[stub]");
}

TEST(code_map_knows_stub_shapes_by_name_in_jdk_17_and_25) {
    CodeMap map;
    const char* names[] = {"vtable stub", "Interpreter", "I2C/C2I adapters(0xbbaa)", "handle_exception_nofpu Runtime1 stub",
                           "C1 Runtime handle_exception_from_callee_blob", "counter_overflow Runtime1 stub",
                           "C1 Runtime unwind_exception_blob", "handle_exception_blob"};
    const CodeShape shapes[] = {CodeShape::FramelessStub, CodeShape::Interpreter, CodeShape::Adapter,
                                CodeShape::ExceptionStub, CodeShape::ExceptionStub, CodeShape::Stub, CodeShape::Stub,
                                CodeShape::Stub};  // the last: no C1 stub by its name
    for (int i = 0; i < 8; i++) map.add_stub(at(0x100 * static_cast<std::uintptr_t>(i + 1)), 8, names[i]);
    map.publish();
    for (int i = 0; i < 8; i++) {
        CodeEntry e;
        CHECK(map.lookup(0x100 * static_cast<std::uintptr_t>(i + 1), e));
        CHECK(e.shape == shapes[i]);
    }
}

TEST(code_map_readers_race_publications) {
    // Entry i covers [base + 64 i, base + 64 i + 32) with id = start ^ key; a reader checks that
    // every entry it finds is consistent. Entries come and go while readers look up.
    constexpr std::uintptr_t kBase = 0x10000;
    constexpr std::uintptr_t kKey = 0x5eed;
    constexpr int kRanges = 512;
    CodeMap map;
    for (int i = 0; i < kRanges; i++) {
        const std::uintptr_t start = kBase + 64 * static_cast<std::uintptr_t>(i);
        map.add_method(at(start), 32, method(start ^ kKey));
    }
    map.publish();
    std::atomic<bool> stop{false};
    std::atomic<std::uint64_t> bad{0};
    std::atomic<std::uint64_t> hits{0};
    std::atomic<int> started{0};
    std::atomic<std::uint64_t> lookups{0};
    std::vector<std::thread> readers;
    for (int r = 0; r < 3; r++) {
        readers.emplace_back([&, r] {
            std::uint64_t local_hits = 0;
            started.fetch_add(1);
            for (std::uintptr_t n = static_cast<std::uintptr_t>(r); !stop.load(std::memory_order_relaxed); n++) {
                lookups.fetch_add(1, std::memory_order_relaxed);
                const std::uintptr_t pc = kBase + (n * 40503) % (64 * kRanges);
                CodeEntry entry;
                if (!map.lookup(pc, entry)) continue;
                local_hits++;
                if (entry.start > pc || pc >= entry.end || entry.end - entry.start != 32 ||
                    entry.id != (entry.start ^ kKey) || entry.kind != CodeKind::Method) {
                    bad.fetch_add(1);
                }
            }
            hits.fetch_add(local_hits);
        });
    }
    // on a loaded machine the readers may start late: let them all run while the map changes, and afterwards
    while (started.load() < 3) std::this_thread::yield();
    for (int round = 0; round < 10000; round++) {
        const std::uintptr_t start = kBase + 64 * static_cast<std::uintptr_t>(round % kRanges);
        if ((round / kRanges) % 2 == 0) map.remove_method(at(start));  // every step changes the map
        else map.add_method(at(start), 32, method(start ^ kKey));
        map.publish();
    }
    const std::uint64_t seen = lookups.load();
    while (lookups.load() < seen + 30000) std::this_thread::yield();
    stop.store(true);
    for (auto& reader : readers) reader.join();
    CHECK(bad.load() == 0);
    CHECK(hits.load() > 0);
    CHECK(map.publications() == 10001);
}
