#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

#include "sampler/sample_buffer.h"
#include "trace/trace_entry.h"
#include "trace/trace_stacks.h"

namespace candor {

struct MethodName;

// Writes a run's trace directory (docs/formats/trace.md): a file per CPU and the meta file. Producers put
// entries into buffer() from any thread, signal handlers included; the sample writer thread takes them in
// (add), names their methods, and flushes the files every ~100 ms, so a run killed at any moment leaves every
// record written up to then readable. Writer thread only, except buffer() and dropped().
class TraceWriter {
public:
    static constexpr std::size_t kBufferBytes = 4 * 1024 * 1024;

    // A thread's name and Java id from its registry slot; false when the slot names none.
    using ThreadNamer = std::function<bool(std::uint32_t slot, std::string& name, std::int64_t& java_id)>;

    // `event`: what the ticks count ("cpu" or "wall"); `counts_kernel`: cpu ticks count kernel time too.
    TraceWriter(std::string directory, std::int64_t interval_ns, const char* event, bool counts_kernel, ThreadNamer namer);
    ~TraceWriter();
    TraceWriter(const TraceWriter&) = delete;
    TraceWriter& operator=(const TraceWriter&) = delete;

    // Creates the directory (its parent must exist; one that already holds a trace is refused) and writes
    // the meta file's head. False with `error` set.
    bool open(std::string& error);

    SampleBuffer& buffer() { return buffer_; }
    std::uint64_t dropped() const { return buffer_.dropped(); }

    // One entry, its top frame already named: `method` the method table's index + 1, 0 none; `stack` the
    // stack table's id of the sample that ended the period, 0 none.
    void add(const TraceEntry& entry, std::uint32_t method, std::uint32_t stack);
    // The stack table the sample writer names sampled periods' stacks with.
    StackTable& stacks() { return stacks_; }
    // Writes what is pending (records, new method, stack and thread lines) when `force` or enough time or bytes
    // piled up. `methods`: the sample writer's method table, whose new entries become meta lines.
    void flush(const std::vector<MethodName>& methods, bool force);
    // The last flush and the meta's dropped and end lines.
    void close(const std::vector<MethodName>& methods);

    // Whether writing failed (logged once); nothing more is written then. Any thread.
    bool failed() const { return failed_.load(std::memory_order_relaxed); }
    // Records taken in so far (written, or to be at the next flush). Any thread.
    std::uint64_t records() const { return records_.load(std::memory_order_relaxed); }

private:
    struct CpuFile {
        int fd = -1;
        std::vector<std::uint8_t> pending;
    };

    CpuFile* file_for(std::uint16_t cpu);
    void name_thread(std::int32_t thread, std::uint32_t slot);
public:
    // Thread `tid` is called `name` from now on (Thread.setName after its first period): another thread line. A
    // thread not yet named here gets its name when its first record comes.
    void rename_thread(std::int32_t tid, std::int64_t java_id, const std::string& name);
private:
    // The meta line naming thread `tid` from now on (its first name, or a new one).
    void append_thread_line(std::int32_t tid, std::int64_t java_id, const std::string& name);
    void append_meta(const std::string& line);
    // The meta lines appended so far, written out; false (logged once) when writing failed.
    bool write_meta();
    static std::string switches_line();
    bool write_all(int fd, const std::uint8_t* data, std::size_t size, const char* what);
    void fail(const char* what, int error);

    const std::string directory_;
    const std::int64_t interval_ns_;
    const std::string event_;
    const bool counts_kernel_;
    const ThreadNamer namer_;
    SampleBuffer buffer_{kBufferBytes};
    std::uint64_t run_id_ = 0;
    int meta_fd_ = -1;
    std::string meta_pending_;
    std::vector<CpuFile> files_;
    std::unordered_set<std::int32_t> named_;  // tids with a thread line
    StackTable stacks_;
    std::size_t methods_written_ = 0;
    std::size_t stacks_written_ = 0;
    std::size_t pending_bytes_ = 0;
    std::atomic<std::uint64_t> records_{0};
    std::uint64_t dropped_written_ = 0;
    std::uint64_t unwatched_written_ = 0;
    std::uint64_t lost_written_ = 0;
    std::chrono::steady_clock::time_point next_flush_{};
    std::atomic<bool> failed_{false};
};

}  // namespace candor
