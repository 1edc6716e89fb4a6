// The lock-free sample buffer: order, wrap-around, full buffer, records still being written,
// and many producers against one consumer with every record checked for tearing.
#include <atomic>
#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

#include "check.h"
#include "sampler/sample_buffer.h"

using candor::SampleBuffer;

namespace {

// A test record: producer, sequence number, word count, then words derived from all three.
struct Header {
    std::uint32_t producer;
    std::uint32_t words;
    std::uint64_t sequence;
};

std::uint64_t word_value(std::uint32_t producer, std::uint64_t sequence, std::uint32_t i) {
    return (static_cast<std::uint64_t>(producer) << 56) ^ (sequence * 0x9e3779b97f4a7c15ULL) ^ (i * 0x632be59bd9b4e019ULL);
}

bool write(SampleBuffer& buffer, std::uint32_t producer, std::uint64_t sequence, std::uint32_t words) {
    SampleBuffer::Slot slot;
    if (!buffer.reserve(sizeof(Header) + words * sizeof(std::uint64_t), slot)) return false;
    Header header{producer, words, sequence};
    std::memcpy(slot.payload, &header, sizeof header);
    auto* body = reinterpret_cast<std::uint64_t*>(slot.payload + sizeof header);
    for (std::uint32_t i = 0; i < words; i++) body[i] = word_value(producer, sequence, i);
    SampleBuffer::commit(slot);
    return true;
}

// True when the record is intact; its header in *out.
bool verify(const std::uint8_t* payload, std::size_t capacity, Header* out) {
    Header header;
    std::memcpy(&header, payload, sizeof header);
    if (sizeof header + header.words * sizeof(std::uint64_t) > capacity) return false;
    const auto* body = reinterpret_cast<const std::uint64_t*>(payload + sizeof header);
    for (std::uint32_t i = 0; i < header.words; i++) {
        if (body[i] != word_value(header.producer, header.sequence, i)) return false;
    }
    *out = header;
    return true;
}

}  // namespace

TEST(sample_buffer_keeps_order_and_content_across_wraps) {
    SampleBuffer buffer(64 * 1024);
    CHECK(buffer.valid() && buffer.capacity() == 64 * 1024);
    std::uint64_t next_written = 0;
    std::uint64_t next_read = 0;
    bool intact = true;
    // Sizes that do not divide the capacity, so records end at odd places and padding is needed.
    for (int round = 0; round < 200; round++) {
        for (int i = 0; i < 37; i++) {
            CHECK(write(buffer, 1, next_written, static_cast<std::uint32_t>((next_written * 7) % 61)));
            next_written++;
        }
        buffer.consume([&](const std::uint8_t* payload, std::size_t capacity) {
            Header header;
            intact = intact && verify(payload, capacity, &header) && header.sequence == next_read;
            next_read++;
        });
    }
    CHECK(intact);
    CHECK(next_read == next_written);
    CHECK(buffer.empty());
    CHECK(buffer.dropped() == 0);
}

TEST(sample_buffer_drops_and_counts_when_full) {
    SampleBuffer buffer(64 * 1024);
    std::uint64_t written = 0;
    while (write(buffer, 1, written, 100)) written++;  // 832 bytes per record
    CHECK(written > 60 && written < 80);
    CHECK(buffer.dropped() == 1);
    CHECK(!write(buffer, 1, written, 100));
    CHECK(buffer.dropped() == 2);
    std::uint64_t read = 0;
    buffer.consume([&](const std::uint8_t*, std::size_t) { read++; });
    CHECK(read == written);
    CHECK(write(buffer, 1, written, 100));  // room again
    // Larger than a quarter of the buffer: refused, counted.
    SampleBuffer::Slot slot;
    CHECK(!buffer.reserve(buffer.max_payload() + 1, slot));
    CHECK(buffer.dropped() == 3);
}

TEST(sample_buffer_waits_for_a_record_still_being_written) {
    SampleBuffer buffer(64 * 1024);
    SampleBuffer::Slot first;
    CHECK(buffer.reserve(sizeof(Header), first));
    CHECK(write(buffer, 2, 1, 3));
    int seen = 0;
    CHECK(buffer.consume([&](const std::uint8_t*, std::size_t) { seen++; }) == 0);
    CHECK(seen == 0 && !buffer.empty());
    Header header{2, 0, 0};
    std::memcpy(first.payload, &header, sizeof header);
    SampleBuffer::commit(first);
    std::vector<std::uint64_t> order;
    CHECK(buffer.consume([&](const std::uint8_t* payload, std::size_t capacity) {
        Header h;
        if (verify(payload, capacity, &h)) order.push_back(h.sequence);
    }) == 2);
    CHECK(order == (std::vector<std::uint64_t>{0, 1}));
}

TEST(sample_buffer_many_producers_one_consumer) {
    constexpr std::uint32_t kProducers = 4;
    constexpr std::uint64_t kRecords = 200'000;
    SampleBuffer buffer(64 * 1024);  // small: forces wraps, padding and drops
    std::vector<std::uint64_t> dropped(kProducers, 0);
    std::atomic<std::uint32_t> finished{0};
    std::vector<std::thread> producers;
    for (std::uint32_t p = 0; p < kProducers; p++) {
        producers.emplace_back([&buffer, &dropped, &finished, p] {
            for (std::uint64_t sequence = 0; sequence < kRecords; sequence++) {
                const auto words = static_cast<std::uint32_t>((sequence * 13 + p * 5) % 97);
                if (!write(buffer, p, sequence, words)) dropped[p]++;
            }
            finished.fetch_add(1);
        });
    }
    std::vector<std::uint64_t> received(kProducers, 0);
    std::vector<std::int64_t> last(kProducers, -1);
    std::uint64_t torn = 0;
    std::uint64_t out_of_order = 0;
    auto take = [&](const std::uint8_t* payload, std::size_t capacity) {
        Header header;
        if (!verify(payload, capacity, &header) || header.producer >= kProducers) {
            torn++;
            return;
        }
        if (static_cast<std::int64_t>(header.sequence) <= last[header.producer]) out_of_order++;
        last[header.producer] = static_cast<std::int64_t>(header.sequence);
        received[header.producer]++;
    };
    while (finished.load() < kProducers) buffer.consume(take);
    for (auto& producer : producers) producer.join();
    buffer.consume(take);

    CHECK(torn == 0);
    CHECK(out_of_order == 0);
    CHECK(buffer.empty());
    std::uint64_t all_dropped = 0;
    for (std::uint32_t p = 0; p < kProducers; p++) {
        CHECK(received[p] + dropped[p] == kRecords);
        all_dropped += dropped[p];
    }
    CHECK(buffer.dropped() == all_dropped);
}

TEST(sample_buffer_stale_bytes_never_look_committed) {
    // Lap 1 leaves payload words that look like commit words (committed bit, plausible size)
    // all over the memory; lap 2 uses another record size, so its records start inside old
    // payloads. A record reserved but not yet committed must never be handed to the consumer.
    SampleBuffer buffer(64 * 1024);
    const std::uint64_t looks_committed = (std::uint64_t{1} << 32) | 64;
    for (int i = 0; i < 3000; i++) {
        SampleBuffer::Slot slot;
        CHECK(buffer.reserve(40 * 8, slot));
        for (int w = 0; w < 40; w++) reinterpret_cast<std::uint64_t*>(slot.payload)[w] = looks_committed;
        SampleBuffer::commit(slot);
        buffer.consume([](const std::uint8_t*, std::size_t) {});
    }
    int handed_early = 0;
    for (int i = 0; i < 3000; i++) {
        SampleBuffer::Slot slot;
        CHECK(buffer.reserve(sizeof(Header) + 3 * 8, slot));
        handed_early += static_cast<int>(buffer.consume([](const std::uint8_t*, std::size_t) {}));
        Header header{3, 3, static_cast<std::uint64_t>(i)};
        std::memcpy(slot.payload, &header, sizeof header);
        for (std::uint32_t w = 0; w < 3; w++) {
            reinterpret_cast<std::uint64_t*>(slot.payload + sizeof header)[w] = word_value(3, static_cast<std::uint64_t>(i), w);
        }
        SampleBuffer::commit(slot);
        bool intact = false;
        CHECK(buffer.consume([&](const std::uint8_t* payload, std::size_t capacity) {
            Header h;
            intact = verify(payload, capacity, &h) && h.sequence == static_cast<std::uint64_t>(i);
        }) == 1);
        CHECK(intact);
    }
    CHECK(handed_early == 0);
}
