#include "counters/thread_counter.h"

#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <new>

#include "counters/perf_counter.h"
#include "counters/rdpmc.h"

namespace candor {

namespace {

struct ThreadCounter {
    int fd = -1;
    const perf_event_mmap_page* page = nullptr;  // hardware events whose page allows rdpmc
    std::int64_t last = 0;
    bool failed = false;  // nothing to read: the read returns `last`
};

// Shared by every thread whose counter could not be opened, or has been closed: never written
// (a failed counter's read returns before it would store anything).
ThreadCounter g_no_counter{-1, nullptr, 0, true};

__thread ThreadCounter* t_counter __attribute__((tls_model("initial-exec"))) = nullptr;

const MetricSpec* g_spec = nullptr;
CounterStats g_stats;
pthread_key_t g_key;
pthread_once_t g_key_once = PTHREAD_ONCE_INIT;
bool g_key_ok = false;
// Cleared once a page says rdpmc is not allowed: later threads do not map a page for nothing.
std::atomic<bool> g_try_rdpmc{true};

void close_counter(ThreadCounter* counter) {
    perf_counter_unmap(counter->page);
    close(counter->fd);
    delete counter;
    g_stats.threads_closed.fetch_add(1, std::memory_order_relaxed);
}

void on_thread_exit(void* value) {
    close_counter(static_cast<ThreadCounter*>(value));
    t_counter = &g_no_counter;
}

void create_key() { g_key_ok = pthread_key_create(&g_key, on_thread_exit) == 0; }

ThreadCounter* fail(int error) {
    g_stats.threads_failed.fetch_add(1, std::memory_order_relaxed);
    g_stats.last_open_errno.store(error, std::memory_order_relaxed);
    t_counter = &g_no_counter;
    return &g_no_counter;
}

__attribute__((noinline)) ThreadCounter* open_for_this_thread() {
    if (g_spec == nullptr || g_spec->kind != MetricKind::PerfCounter) return fail(0);
    const int fd = perf_counter_open(*g_spec, 0);
    if (fd < 0) return fail(-fd);
    auto* counter = new (std::nothrow) ThreadCounter;
    if (counter == nullptr) {
        close(fd);
        return fail(ENOMEM);
    }
    counter->fd = fd;
    if (CANDOR_HAS_RDPMC && is_hardware_metric(*g_spec) && g_try_rdpmc.load(std::memory_order_relaxed)) {
        const perf_event_mmap_page* page = perf_counter_map(fd);
        if (page == nullptr) {
            g_stats.mmap_failed.fetch_add(1, std::memory_order_relaxed);
        } else if (!rdpmc_allowed(page)) {
            perf_counter_unmap(page);
            g_try_rdpmc.store(false, std::memory_order_relaxed);
        } else {
            counter->page = page;
            g_stats.threads_rdpmc.fetch_add(1, std::memory_order_relaxed);
        }
    }
    // Without the key the counter stays open until the process ends; still correct.
    if (g_key_ok) pthread_setspecific(g_key, counter);
    g_stats.threads.fetch_add(1, std::memory_order_relaxed);
    t_counter = counter;
    return counter;
}

}  // namespace

void set_thread_counter_metric(const MetricSpec& spec) {
    pthread_once(&g_key_once, create_key);
    g_spec = &spec;
    g_try_rdpmc.store(true, std::memory_order_relaxed);
    ThreadCounter* mine = t_counter;
    if (mine != nullptr && mine != &g_no_counter) {
        if (g_key_ok) pthread_setspecific(g_key, nullptr);
        close_counter(mine);
    }
    t_counter = nullptr;
}

std::int64_t read_thread_counter() {
    ThreadCounter* counter = t_counter;
    if (__builtin_expect(counter == nullptr, 0)) counter = open_for_this_thread();
    if (counter->failed) return counter->last;
    std::uint64_t value;
    if (counter->page != nullptr && rdpmc_read(counter->page, value)) return counter->last = static_cast<std::int64_t>(value);
    if (perf_counter_read(counter->fd, value)) return counter->last = static_cast<std::int64_t>(value);
    g_stats.read_failed.fetch_add(1, std::memory_order_relaxed);
    return counter->last;
}

const CounterStats& thread_counter_stats() { return g_stats; }

}  // namespace candor
