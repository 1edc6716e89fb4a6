#include "trace/trace_writer.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cstring>

#include "log.h"
#include "sampler/method_resolver.h"
#include "trace/switch_ring.h"
#include "trace/trace_format.h"
#include "trace/trace_periods.h"

namespace candor {

namespace {

constexpr auto kFlushEvery = std::chrono::milliseconds(100);
constexpr std::size_t kFlushBytes = 1024 * 1024;

std::uint64_t clock_ns(clockid_t clock) {
    timespec ts{};
    clock_gettime(clock, &ts);
    return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(ts.tv_nsec);
}

// A meta field: no tab or line break of its own.
std::string field(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
            case '\\': out += "\\\\"; break;
            case '\t': out += "\\t"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            default: out += c;
        }
    }
    return out;
}

template <typename T>
void append(std::vector<std::uint8_t>& out, const T& value, std::size_t bytes = sizeof(T)) {
    const auto* p = reinterpret_cast<const std::uint8_t*>(&value);
    out.insert(out.end(), p, p + bytes);
}

}  // namespace

TraceWriter::TraceWriter(std::string directory, std::int64_t interval_ns, const char* event, bool counts_kernel,
                         ThreadNamer namer)
    : directory_(std::move(directory)),
      interval_ns_(interval_ns),
      event_(event),
      counts_kernel_(counts_kernel),
      namer_(std::move(namer)) {}

TraceWriter::~TraceWriter() {
    for (CpuFile& file : files_) {
        if (file.fd >= 0) ::close(file.fd);
    }
    if (meta_fd_ >= 0) ::close(meta_fd_);
}

bool TraceWriter::open(std::string& error) {
    if (!buffer_.valid()) {
        error = "cannot map the trace buffer";
        return false;
    }
    if (mkdir(directory_.c_str(), 0755) != 0 && errno != EEXIST) {
        error = "cannot create the trace directory " + directory_ + ": " + std::strerror(errno);
        return false;
    }
    struct stat info{};
    if (stat(directory_.c_str(), &info) != 0 || !S_ISDIR(info.st_mode)) {
        error = "the trace directory " + directory_ + " is not a directory";
        return false;
    }
    const std::string meta = directory_ + "/meta";
    // O_EXCL: a directory that holds a trace already keeps it.
    meta_fd_ = ::open(meta.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (meta_fd_ < 0) {
        error = errno == EEXIST ? "the trace directory " + directory_ + " holds a trace already (" + meta + ")"
                                : "cannot create " + meta + ": " + std::strerror(errno);
        return false;
    }
    run_id_ = clock_ns(CLOCK_REALTIME);
    append_meta("candor-trace\t" + std::to_string(trace_format::kMajor) + "\t" + std::to_string(trace_format::kMinor));
    append_meta("run\t" + std::to_string(run_id_));
    append_meta("pid\t" + std::to_string(getpid()));
    append_meta("clock\tmonotonic\t1000000000");
    append_meta("interval\t" + std::to_string(interval_ns_));
    append_meta("event\t" + event_);
    append_meta(std::string("kernel\t") + (counts_kernel_ ? "1" : "0"));
    append_meta("cpus\t" + std::to_string(sysconf(_SC_NPROCESSORS_CONF)));
    append_meta("counter\t0\ttask-clock\tns");
    append_meta("counter\t1\tpage-faults\tevents");
    append_meta("counter\t2\tvoluntary-switches\tevents");
    append_meta("counter\t3\tinvoluntary-switches\tevents");
    append_meta(switches_line());
    next_flush_ = std::chrono::steady_clock::now() + kFlushEvery;
    if (!write_meta()) {
        error = "cannot write " + meta;
        return false;
    }
    return true;
}

// Whether the kernel lets this process watch its threads' context switches: tried on the calling thread.
std::string TraceWriter::switches_line() {
    SwitchRing ring;
    int error = 0;
    if (!switch_ring_open(ring, 0, error)) return std::string("switches\tnone\t") + std::strerror(error);
    switch_ring_close(ring);
    return "switches\tkernel";
}

TraceWriter::CpuFile* TraceWriter::file_for(std::uint16_t cpu) {
    if (cpu >= files_.size()) files_.resize(cpu + 1u);
    CpuFile& file = files_[cpu];
    if (file.fd < 0) {
        const std::string path = directory_ + "/cpu-" + std::to_string(cpu) + ".ctrace";
        file.fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (file.fd < 0) {
            fail(path.c_str(), errno);
            return nullptr;
        }
        trace_format::FileHeader header{};
        std::memcpy(header.magic, trace_format::kMagic, sizeof header.magic);
        header.major = trace_format::kMajor;
        header.minor = trace_format::kMinor;
        header.counters = trace_format::kCounters;
        header.cpu = cpu;
        header.run_id = run_id_;
        append(file.pending, header);
    }
    return &file;
}

void TraceWriter::name_thread(std::int32_t thread, std::uint32_t slot) {
    const std::int32_t tid = thread < 0 ? -thread : thread;
    if (tid == 0 || slot == kNoSlot || named_.count(tid) != 0) return;
    std::string name;
    std::int64_t java_id = 0;
    if (!namer_(slot, name, java_id)) return;
    named_.insert(tid);
    append_thread_line(tid, java_id, name);
}

void TraceWriter::rename_thread(std::int32_t tid, std::int64_t java_id, const std::string& name) {
    if (failed_ || named_.count(tid) == 0) return;
    append_thread_line(tid, java_id, name);
}

void TraceWriter::append_thread_line(std::int32_t tid, std::int64_t java_id, const std::string& name) {
    append_meta("thread\t" + std::to_string(tid) + "\t" + std::to_string(clock_ns(CLOCK_MONOTONIC)) + "\t" +
                std::to_string(java_id) + "\t" + field(name));
}

void TraceWriter::add(const TraceEntry& entry, std::uint32_t method, std::uint32_t stack) {
    if (failed_) return;
    CpuFile* file = file_for(entry.cpu);
    if (file == nullptr) return;
    name_thread(entry.thread, entry.slot);
    const std::size_t before = file->pending.size();
    if (entry.kind == TraceEntryKind::Period) {
        trace_format::PeriodRecord record{};
        record.size = sizeof record;
        record.type = trace_format::Period;
        record.flags = entry.flags;
        record.thread = entry.thread;
        record.start = entry.time;
        record.duration = entry.duration;
        record.method = method;
        record.stack = stack;
        record.cpu = entry.cpu;
        record.start_cpu = entry.start_cpu;
        std::memcpy(record.counters, entry.counters, sizeof record.counters);
        append(file->pending, record);
    } else {
        const std::size_t text = entry.text_bytes;
        const std::size_t size = (sizeof(trace_format::MarkerHead) + text + 7) & ~std::size_t{7};
        trace_format::MarkerHead head{};
        head.size = static_cast<std::uint16_t>(size);
        head.type = trace_format::Marker;
        head.kind = entry.flags;
        head.thread = entry.thread;
        head.time = entry.time;
        head.cpu = entry.cpu;
        head.text_bytes = static_cast<std::uint16_t>(text);
        append(file->pending, head);
        file->pending.insert(file->pending.end(), entry.text(), entry.text() + text);
        file->pending.resize(before + size, 0);
    }
    pending_bytes_ += file->pending.size() - before;
    records_.fetch_add(1, std::memory_order_relaxed);
}

void TraceWriter::append_meta(const std::string& line) {
    meta_pending_ += line;
    meta_pending_ += '\n';
}

void TraceWriter::flush(const std::vector<MethodName>& methods, bool force) {
    if (failed_) return;
    const auto now = std::chrono::steady_clock::now();
    if (!force && pending_bytes_ < kFlushBytes && now < next_flush_) return;
    next_flush_ = now + kFlushEvery;
    // Methods first: a record read back always finds its method's line (records name methods added until now).
    for (; methods_written_ < methods.size(); methods_written_++) {
        const MethodName& m = methods[methods_written_];
        append_meta("method\t" + std::to_string(methods_written_ + 1) + "\t" +
                    field(m.class_signature.empty() ? "[vm]" : m.class_signature) + "\t" + field(m.name) + "\t" +
                    field(m.descriptor));
    }
    // Stacks after the methods they name; every id a pending record uses is in the table by now.
    const std::vector<StackTable::Entry>& stacks = stacks_.entries();
    for (; stacks_written_ < stacks.size(); stacks_written_++) {
        const StackTable::Entry& e = stacks[stacks_written_];
        append_meta("stack\t" + std::to_string(stacks_written_ + 1) + "\t" + std::to_string(e.parent) + "\t" +
                    std::to_string(e.method + 1));
    }
    if (dropped() != dropped_written_) {
        dropped_written_ = dropped();
        append_meta("dropped\t" + std::to_string(dropped_written_));
    }
    const std::uint64_t unwatched = unwatched_threads(), lost = lost_switch_stretches();
    if (unwatched != unwatched_written_ || lost != lost_written_) {
        unwatched_written_ = unwatched;
        lost_written_ = lost;
        append_meta("unswitched\t" + std::to_string(unwatched) + "\t" + std::to_string(lost));
    }
    if (!write_meta()) return;
    for (CpuFile& file : files_) {
        if (file.pending.empty()) continue;
        if (!write_all(file.fd, file.pending.data(), file.pending.size(), "a CPU's trace file")) return;
        file.pending.clear();
    }
    pending_bytes_ = 0;
}

void TraceWriter::close(const std::vector<MethodName>& methods) {
    flush(methods, true);
    if (failed_) return;
    append_meta("dropped\t" + std::to_string(dropped()));
    append_meta("end\t" + std::to_string(clock_ns(CLOCK_MONOTONIC)));
    flush(methods, true);
}

bool TraceWriter::write_meta() {
    if (meta_pending_.empty()) return true;
    if (!write_all(meta_fd_, reinterpret_cast<const std::uint8_t*>(meta_pending_.data()), meta_pending_.size(), "meta")) {
        return false;
    }
    meta_pending_.clear();
    return true;
}

bool TraceWriter::write_all(int fd, const std::uint8_t* data, std::size_t size, const char* what) {
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            fail(what, n < 0 ? errno : ENOSPC);
            return false;
        }
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

void TraceWriter::fail(const char* what, int error) {
    if (failed_.exchange(true)) return;
    log_line("cannot write the trace (%s in %s): %s; the trace ends here, sampling goes on", what, directory_.c_str(),
             std::strerror(error));
}

}  // namespace candor
