#include "trace/switch_ring.h"

#include <linux/perf_event.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

namespace candor {

namespace {

// Two pages of records: 256 switches (128 waits) between two ticks of one thread before the kernel loses some.
constexpr std::size_t kDataPages = 2;

// A switch record: the header, then sample_id_all's fields for PERF_SAMPLE_TID | TIME | CPU.
struct SwitchRecord {
    perf_event_header header;
    std::uint32_t pid;
    std::uint32_t tid;
    std::uint64_t time;
    std::uint32_t cpu;
    std::uint32_t reserved;
};
static_assert(sizeof(SwitchRecord) == 32, "switch record with its sample id");

perf_event_mmap_page* control(const SwitchRing& ring) { return static_cast<perf_event_mmap_page*>(ring.base); }

const std::uint8_t* data(const SwitchRing& ring) { return static_cast<const std::uint8_t*>(ring.base) + ring.page_bytes; }

// Copies `bytes` at ring position `at` (which may wrap round the end) into `out`.
void copy_out(const SwitchRing& ring, std::uint64_t at, void* out, std::size_t bytes) {
    const std::size_t offset = static_cast<std::size_t>(at % ring.data_bytes);
    const std::size_t first = bytes < ring.data_bytes - offset ? bytes : ring.data_bytes - offset;
    std::memcpy(out, data(ring) + offset, first);
    if (first < bytes) std::memcpy(static_cast<std::uint8_t*>(out) + first, data(ring), bytes - first);
}

// Rings open at once: each holds a file descriptor and locked pages of the target's, which must never run short
// for our sake. At most 1,024, and never more than an eighth of the process's descriptor limit.
std::atomic<long> g_open{0};

long most_open() {
    static std::atomic<long> most{0};
    long m = most.load(std::memory_order_relaxed);
    if (m == 0) {
        rlimit files{};
        m = syscall(SYS_getrlimit, RLIMIT_NOFILE, &files) == 0 && files.rlim_cur != RLIM_INFINITY
                ? static_cast<long>(files.rlim_cur / 8) : 1024;
        if (m > 1024) m = 1024;
        if (m < 1) m = 1;
        most.store(m, std::memory_order_relaxed);
    }
    return m;
}

bool open_ring(SwitchRing& ring, pid_t tid, int& error) {
    perf_event_attr attr;
    std::memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_SOFTWARE;
    attr.config = PERF_COUNT_SW_DUMMY;
    attr.context_switch = 1;
    attr.sample_id_all = 1;
    attr.sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU;
    attr.use_clockid = 1;
    attr.clockid = CLOCK_MONOTONIC;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    const int fd = static_cast<int>(syscall(SYS_perf_event_open, &attr, tid, -1, -1, PERF_FLAG_FD_CLOEXEC));
    if (fd < 0) {
        error = errno;
        return false;
    }
    const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    void* base = mmap(nullptr, (1 + kDataPages) * page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (base == MAP_FAILED) {
        error = errno;
        close(fd);
        return false;
    }
    ring.fd = fd;
    ring.base = base;
    ring.page_bytes = page;
    ring.data_bytes = kDataPages * page;
    return true;
}

}  // namespace

bool switch_ring_open(SwitchRing& ring, pid_t tid, int& error) {
    if (g_open.fetch_add(1, std::memory_order_relaxed) >= most_open()) {
        g_open.fetch_sub(1, std::memory_order_relaxed);
        error = EMFILE;
        return false;
    }
    if (!open_ring(ring, tid, error)) {
        g_open.fetch_sub(1, std::memory_order_relaxed);
        return false;
    }
    return true;
}

void switch_ring_close(SwitchRing& ring) {
    if (ring.fd >= 0) g_open.fetch_sub(1, std::memory_order_relaxed);
    if (ring.base != nullptr) munmap(ring.base, ring.page_bytes + ring.data_bytes);
    if (ring.fd >= 0) close(ring.fd);
    ring = SwitchRing{};
}

std::uint64_t switch_ring_head(const SwitchRing& ring) {
    return ring.base == nullptr ? 0 : __atomic_load_n(&control(ring)->data_head, __ATOMIC_ACQUIRE);
}

void switch_ring_consume(SwitchRing& ring, std::uint64_t head) {
    if (ring.base != nullptr) __atomic_store_n(&control(ring)->data_tail, head, __ATOMIC_RELEASE);
}

namespace switch_ring_detail {

bool walk(const SwitchRing& ring, std::uint64_t head, bool (*visit)(void*, const SwitchEvent&), void* state) {
    if (ring.base == nullptr) return true;
    std::uint64_t at = control(ring)->data_tail;
    if (head - at > ring.data_bytes) return false;
    while (at < head) {
        perf_event_header header;
        if (head - at < sizeof header) return false;
        copy_out(ring, at, &header, sizeof header);
        if (header.size < sizeof header || header.size > head - at) return false;
        if (header.type == PERF_RECORD_SWITCH) {
            if (header.size != sizeof(SwitchRecord)) return false;
            SwitchRecord record;
            copy_out(ring, at, &record, sizeof record);
            SwitchEvent event{};
            event.time = record.time;
            event.cpu = static_cast<std::uint16_t>(record.cpu);
            if ((header.misc & PERF_RECORD_MISC_SWITCH_OUT) == 0) {
                event.kind = SwitchKind::In;
            } else {
                event.kind = (header.misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT) != 0 ? SwitchKind::OutPreempted
                                                                                      : SwitchKind::OutBlocked;
            }
            if (!visit(state, event)) return false;
        } else if (header.type == PERF_RECORD_LOST) {
            return false;
        }
        at += header.size;
    }
    return true;
}

}  // namespace switch_ring_detail

}  // namespace candor
