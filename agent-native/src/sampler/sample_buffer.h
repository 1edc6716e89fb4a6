#pragma once

#include <sys/mman.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace candor {

// A bounded, lock-free, multi-producer single-consumer ring of variable-size records.
//
// Producers are signal handlers on any thread: reserve() and commit() take no lock, allocate
// nothing and only use atomics on memory that exists for the buffer's lifetime, so they are
// async-signal-safe. A full buffer drops the record and counts it; producers never wait.
// The consumer is one thread (the sample writer).
//
// Layout: `head` and `tail` are byte positions that only grow; position p lives at p & mask.
// Every record starts with an 8-byte commit word (size | flags) followed by its payload, rounded
// up to 8 bytes. A record never wraps: when it does not fit before the end of the memory, its
// producer also reserves the rest of the memory and fills it with a padding record.
//
// Protocol:
//  - A producer CASes head forward over [h, h + need) after checking that this range does not
//    reach into unconsumed data (h + need - tail <= capacity). The range is all zeros.
//  - It writes the payload, then stores the commit word with release order.
//  - The consumer reads the commit word at tail with acquire order. Zero means the record at the
//    tail is still being written (later records wait behind it: records leave in reservation
//    order). After processing it zeroes the whole record and then publishes the new tail with
//    release order, so that a producer which sees that tail also sees zeros.
// Zeroing the whole record (not only its commit word) matters: a later record may start in the
// middle of an old one, where stale payload bytes must not look like a commit word.
class SampleBuffer {
public:
    // Rounded up to a power of two, at least 64 KiB. Memory comes from mmap, untouched pages cost
    // nothing; valid() is false when the mapping failed.
    explicit SampleBuffer(std::size_t capacity_bytes) {
        std::size_t capacity = 64 * 1024;
        while (capacity < capacity_bytes) capacity <<= 1;
        void* memory = mmap(nullptr, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memory != MAP_FAILED) {
            data_ = static_cast<std::uint8_t*>(memory);
            capacity_ = capacity;
            mask_ = capacity - 1;
        }
    }
    ~SampleBuffer() {
        if (data_ != nullptr) munmap(data_, capacity_);
    }
    SampleBuffer(const SampleBuffer&) = delete;
    SampleBuffer& operator=(const SampleBuffer&) = delete;

    bool valid() const { return data_ != nullptr; }
    std::size_t capacity() const { return capacity_; }
    // The largest payload reserve() accepts.
    std::size_t max_payload() const { return capacity_ / 4; }

    // A reserved record: write `payload`, then commit().
    struct Slot {
        std::uint8_t* payload = nullptr;
        std::uint64_t* commit_word = nullptr;
        std::uint64_t size = 0;  // the whole record: commit word + payload + alignment
    };

    // Producer: reserves room for payload_bytes. False (and counted) when the buffer is full.
    bool reserve(std::size_t payload_bytes, Slot& slot) {
        if (data_ == nullptr || payload_bytes > max_payload()) {
            dropped_.fetch_add(1, std::memory_order_relaxed);
            return false;
        }
        const std::uint64_t size = kWord + ((payload_bytes + kWord - 1) & ~(kWord - 1));
        std::uint64_t head = head_.load(std::memory_order_relaxed);
        std::uint64_t pad = 0;
        for (;;) {
            const std::uint64_t tail = tail_.load(std::memory_order_acquire);
            const std::uint64_t offset = head & mask_;
            pad = offset + size > capacity_ ? capacity_ - offset : 0;
            if (head + pad + size - tail > capacity_) {
                dropped_.fetch_add(1, std::memory_order_relaxed);
                return false;
            }
            if (head_.compare_exchange_weak(head, head + pad + size, std::memory_order_acq_rel,
                                            std::memory_order_relaxed)) {
                break;
            }
        }
        if (pad != 0) {
            // The rest of the memory up to its end: a record the consumer skips.
            __atomic_store_n(word_at(head), pad | kCommitted | kPadding, __ATOMIC_RELEASE);
        }
        std::uint64_t* word = word_at(head + pad);
        slot.commit_word = word;
        slot.payload = reinterpret_cast<std::uint8_t*>(word + 1);
        slot.size = size;
        return true;
    }

    // Producer: publishes a reserved record to the consumer.
    static void commit(const Slot& slot) { __atomic_store_n(slot.commit_word, slot.size | kCommitted, __ATOMIC_RELEASE); }

    // Consumer: hands each committed record, in reservation order, to f(payload, payload_capacity)
    // and frees it. Stops at the first record still being written. Returns the records handed over.
    template <typename F>
    std::size_t consume(F&& f) {
        std::size_t records = 0;
        std::uint64_t tail = tail_.load(std::memory_order_relaxed);
        for (;;) {
            if (tail == head_.load(std::memory_order_acquire)) break;
            std::uint64_t* word = word_at(tail);
            const std::uint64_t commit = __atomic_load_n(word, __ATOMIC_ACQUIRE);
            if ((commit & kCommitted) == 0) break;
            const std::uint64_t size = commit & kSizeMask;
            if ((commit & kPadding) == 0) {
                f(static_cast<const std::uint8_t*>(static_cast<const void*>(word + 1)),
                  static_cast<std::size_t>(size - kWord));
                records++;
            }
            std::memset(word, 0, size);
            tail += size;
            tail_.store(tail, std::memory_order_release);
        }
        return records;
    }

    // Consumer: true when nothing is reserved or waiting.
    bool empty() const { return tail_.load(std::memory_order_acquire) == head_.load(std::memory_order_acquire); }

    std::uint64_t dropped() const { return dropped_.load(std::memory_order_relaxed); }

private:
    static constexpr std::uint64_t kWord = 8;
    static constexpr std::uint64_t kSizeMask = 0xffffffffu;
    static constexpr std::uint64_t kCommitted = std::uint64_t{1} << 32;
    static constexpr std::uint64_t kPadding = std::uint64_t{1} << 33;

    std::uint64_t* word_at(std::uint64_t position) const {
        return reinterpret_cast<std::uint64_t*>(data_ + (position & mask_));
    }

    std::uint8_t* data_ = nullptr;
    std::uint64_t capacity_ = 0;
    std::uint64_t mask_ = 0;
    alignas(64) std::atomic<std::uint64_t> head_{0};
    alignas(64) std::atomic<std::uint64_t> tail_{0};
    alignas(64) std::atomic<std::uint64_t> dropped_{0};
};

static_assert(std::atomic<std::uint64_t>::is_always_lock_free, "the sample buffer needs lock-free 64-bit atomics");

}  // namespace candor
