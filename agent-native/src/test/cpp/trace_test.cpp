#include <dirent.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "check.h"
#include "options.h"
#include "sampler/method_resolver.h"
#include "sampler/sample_buffer.h"
#include "sampler/sampling_engine.h"
#include "sampler/thread_registry.h"
#include "trace/trace_entry.h"
#include "trace/trace_format.h"
#include "trace/trace_periods.h"
#include "trace/trace_stacks.h"
#include "trace/trace_writer.h"
#include "trace/tracing_engine.h"

using candor::ASGCT_CallFrame;
using candor::SampleBuffer;
using candor::TraceEntry;
using candor::TraceEntryKind;
using unit::contains;
namespace tf = candor::trace_format;

namespace {

void spin_cpu_ms(int ms) {
    timespec start{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
    for (;;) {
        timespec now{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
        if ((now.tv_sec - start.tv_sec) * 1'000'000'000L + (now.tv_nsec - start.tv_nsec) >= ms * 1'000'000L) return;
    }
}

std::vector<TraceEntry> entries_of(SampleBuffer& buffer) {
    std::vector<TraceEntry> out;
    buffer.consume([&](const std::uint8_t* payload, std::size_t) { out.push_back(*reinterpret_cast<const TraceEntry*>(payload)); });
    return out;
}

ASGCT_CallFrame frame(std::uintptr_t id) {
    ASGCT_CallFrame f;
    f.lineno = 3;
    f.method_id = reinterpret_cast<jmethodID>(id);
    return f;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string temp_dir() {
    char name[] = "/tmp/candor-trace-test-XXXXXX";
    const char* made = mkdtemp(name);
    return made != nullptr ? std::string(made) : std::string();
}

void remove_tree(const std::string& dir) {
    if (DIR* d = opendir(dir.c_str())) {
        while (dirent* e = readdir(d)) {
            if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0) unlink((dir + "/" + e->d_name).c_str());
        }
        closedir(d);
    }
    rmdir(dir.c_str());
}

}  // namespace

TEST(trace_periods_follow_each_other_and_count_what_the_thread_did) {
    SampleBuffer buffer(64 * 1024);
    candor::PeriodStart start;
    candor::begin_period(start, tf::kFirst);
    spin_cpu_ms(5);
    CHECK(candor::end_period(buffer, start, 4242, 7, frame(0x100), tf::kTick));
    const timespec pause{0, 20'000'000};
    nanosleep(&pause, nullptr);  // a voluntary switch: the thread blocked
    CHECK(candor::end_period(buffer, start, 4242, 7, frame(0x200), tf::kTick));
    const bool watched = start.switches.base != nullptr;
    candor::end_watching(start);

    const std::vector<TraceEntry> entries = entries_of(buffer);
    CHECK(entries.size() >= 2);
    if (entries.size() < 2) return;
    // the spin may have been preempted: its stretches up to its tick
    std::size_t tick = 0;
    while (tick < entries.size() && (entries[tick].flags & tf::kTick) == 0) tick++;
    CHECK(tick < entries.size() - 1);
    if (tick >= entries.size() - 1) return;
    const TraceEntry& ran = entries[tick];
    CHECK(ran.kind == TraceEntryKind::Period && (ran.flags & tf::kTick) != 0);
    CHECK(entries[0].flags & tf::kFirst);
    CHECK(ran.thread == 4242 && ran.slot == 7 && ran.top == reinterpret_cast<jmethodID>(0x100) && ran.top_lineno == 3);
    std::uint64_t spun = 0;
    for (std::size_t i = 0; i <= tick; i++) spun += entries[i].counters[tf::TaskClock];
    CHECK(spun >= 5'000'000);
    // each period begins where the last ended, and only the first is flagged first
    for (std::size_t i = 1; i < entries.size(); i++) {
        CHECK(entries[i].time == entries[i - 1].time + entries[i - 1].duration);
        CHECK((entries[i].flags & tf::kFirst) == 0);
    }
    const TraceEntry& last = entries.back();
    CHECK(last.flags == tf::kTick && last.top == reinterpret_cast<jmethodID>(0x200));
    if (!watched) {
        // without the kernel's switches the sleep is inside one period, negated
        CHECK(entries.size() == tick + 2);
        CHECK(last.thread == -4242);
        CHECK(last.counters[tf::VoluntarySwitches] >= 1);
        CHECK(last.duration >= 20'000'000 && last.counters[tf::TaskClock] < 10'000'000);
        return;
    }
    // the kernel's switches cut the sleep out: the stretch that ran into it ends at the switch, negated; the sleep
    // is a period off the CPU, negated, with its voluntary switch; the tick's period starts when the thread came back
    std::size_t slept = entries.size();
    for (std::size_t i = tick + 1; i < entries.size(); i++) {
        if ((entries[i].flags & tf::kOffCpu) != 0 && entries[i].duration >= 20'000'000) slept = i;
    }
    CHECK(slept < entries.size() - 1);
    if (slept >= entries.size() - 1) return;
    CHECK(slept > tick + 1);
    CHECK(entries[slept].thread == -4242 && entries[slept].counters[tf::VoluntarySwitches] == 1);
    CHECK(entries[slept].counters[tf::TaskClock] == 0 && entries[slept].top == nullptr);
    const TraceEntry& into = entries[slept - 1];
    CHECK(into.flags == tf::kSwitch && into.thread == -4242 && into.counters[tf::TaskClock] <= into.duration);
    CHECK(last.duration < 10'000'000);
    for (const TraceEntry& e : entries) {
        // a stretch on a CPU never spans two
        if ((e.flags & tf::kOffCpu) == 0) CHECK(e.cpu == e.start_cpu);
    }
}

TEST(trace_period_is_not_ended_twice_nor_before_it_began) {
    SampleBuffer buffer(64 * 1024);
    candor::PeriodStart start;
    CHECK(!candor::end_period(buffer, start, 1, 0, frame(0), 0));  // none began
    candor::begin_period(start, 0);
    start.busy = 1;  // a signal inside ThreadEnd's own end of it
    CHECK(!candor::end_period(buffer, start, 1, 0, frame(0), tf::kTick));
    start.busy = 0;
    CHECK(candor::end_period(buffer, start, 1, 0, frame(0), tf::kLast));
    CHECK(entries_of(buffer).size() == 1);
}

TEST(trace_markers_keep_their_text_and_cut_it_at_the_limit) {
    SampleBuffer buffer(64 * 1024);
    CHECK(candor::write_marker(buffer, 12, 3, tf::PhaseBegin, "parse\tall", 9));
    const std::string long_text(5000, 'x');
    CHECK(candor::write_marker(buffer, 12, candor::kNoSlot, tf::Point, long_text.data(), long_text.size()));
    std::vector<std::string> texts;
    std::vector<int> kinds;
    buffer.consume([&](const std::uint8_t* payload, std::size_t) {
        const auto* entry = reinterpret_cast<const TraceEntry*>(payload);
        texts.emplace_back(entry->text(), entry->text_bytes);
        kinds.push_back(entry->flags);
    });
    CHECK(texts.size() == 2 && texts[0] == "parse\tall" && kinds[0] == tf::PhaseBegin);
    CHECK(texts.size() == 2 && texts[1].size() == tf::kMaxMarkerText);
}

TEST(trace_writer_writes_a_file_per_cpu_and_an_escaped_meta) {
    const std::string dir = temp_dir() + "/run";
    candor::TraceWriter writer(dir, 1'000'000, "cpu", true, [](std::uint32_t slot, std::string& name, std::int64_t& java_id) {
        if (slot != 5) return false;
        name = "worker\t1\nx";
        java_id = 31;
        return true;
    });
    std::string error;
    CHECK(writer.open(error));
    TraceEntry period{};
    period.kind = TraceEntryKind::Period;
    period.flags = tf::kTick;
    period.thread = -77;
    period.slot = 5;
    period.time = 1000;
    period.duration = 500;
    period.cpu = 1;
    period.start_cpu = 0;
    period.counters[tf::TaskClock] = 400;
    writer.add(period, 2, 3);
    alignas(8) std::uint8_t marker_bytes[sizeof(TraceEntry) + 8] = {};
    auto* marker = reinterpret_cast<TraceEntry*>(marker_bytes);
    marker->kind = TraceEntryKind::Marker;
    marker->flags = tf::Point;
    marker->thread = 77;
    marker->slot = 5;
    marker->time = 1200;
    marker->cpu = 1;
    marker->text_bytes = 5;
    std::memcpy(marker->text(), "hello", 5);
    writer.add(*marker, 0, 0);
    const std::int32_t stack[] = {0, 1, 1};
    CHECK(writer.stacks().intern(stack, 3) == 3);
    const std::vector<candor::MethodName> methods = {{"Lcom/acme/A;", "run", "()V"}, {"", "itable stub", ""}};
    writer.close(methods);
    CHECK(!writer.failed() && writer.records() == 2);

    const std::string meta = read_file(dir + "/meta");
    CHECK(meta.rfind("candor-trace\t1\t1\n", 0) == 0);
    CHECK(contains(meta, "\ncounter\t0\ttask-clock\tns\n"));
    CHECK(contains(meta, "\nevent\tcpu\n") && contains(meta, "\nkernel\t1\n"));
    CHECK(contains(meta, "\t31\tworker\\t1\\nx\n"));  // the thread's name escaped
    CHECK(contains(meta, "\nmethod\t1\tLcom/acme/A;\trun\t()V\n") && contains(meta, "\nmethod\t2\t[vm]\titable stub\t\n"));
    CHECK(contains(meta, "\nstack\t1\t0\t1\n") && contains(meta, "\nstack\t2\t1\t2\n") && contains(meta, "\nstack\t3\t2\t2\n"));
    CHECK(meta.find("\nstack\t") > meta.find("\nmethod\t2\t"));  // a stack line after the methods it names
    CHECK(contains(meta, "\ndropped\t0\n") && contains(meta, "\nend\t"));

    const std::string file = read_file(dir + "/cpu-1.ctrace");
    CHECK(file.size() == 32 + sizeof(tf::PeriodRecord) + 24 + 8);
    if (file.size() == 32 + sizeof(tf::PeriodRecord) + 24 + 8) {
        tf::FileHeader header;
        std::memcpy(&header, file.data(), sizeof header);
        CHECK(std::memcmp(header.magic, "CNDTRACE", 8) == 0 && header.major == 1 && header.counters == 4 && header.cpu == 1);
        tf::PeriodRecord record;
        std::memcpy(&record, file.data() + 32, sizeof record);
        CHECK(record.size == sizeof record && record.type == tf::Period && record.thread == -77 && record.method == 2);
        CHECK(record.stack == 3 && record.zero == 0);
        CHECK(record.start == 1000 && record.duration == 500 && record.counters[tf::TaskClock] == 400 && record.start_cpu == 0);
        tf::MarkerHead head;
        std::memcpy(&head, file.data() + 32 + sizeof record, sizeof head);
        CHECK(head.size == 32 && head.type == tf::Marker && head.kind == tf::Point && head.text_bytes == 5);
        CHECK(file.substr(32 + sizeof record + 24, 8) == std::string("hello\0\0\0", 8));
    }

    // a directory that holds a trace keeps it
    candor::TraceWriter again(dir, 1'000'000, "cpu", true, [](std::uint32_t, std::string&, std::int64_t&) { return false; });
    CHECK(!again.open(error) && contains(error, "holds a trace already"));
    candor::TraceWriter nowhere("/nonexistent-candor/run", 1'000'000, "cpu", true, [](std::uint32_t, std::string&, std::int64_t&) { return false; });
    CHECK(!nowhere.open(error) && contains(error, "cannot create the trace directory"));
    const std::string parent = dir.substr(0, dir.rfind('/'));
    remove_tree(dir);
    rmdir(parent.c_str());
}

TEST(options_trace_needs_a_directory_and_sampling) {
    auto parsed = candor::parse_options("sample=cpu,trace=/tmp/run1");
    CHECK(parsed.ok() && parsed.options.trace_dir == "/tmp/run1");
    parsed = candor::parse_options("trace=/tmp/run1");
    CHECK(!parsed.ok() && contains(parsed.error, "'trace' needs sample=cpu or sample=wall"));
    parsed = candor::parse_options("sample=cpu,trace=");
    CHECK(!parsed.ok() && contains(parsed.error, "trace"));
}

TEST(trace_stack_table_shares_prefixes_and_stops_at_its_limit) {
    candor::StackTable table;
    const std::int32_t a[] = {5, 6, 7};
    const std::int32_t b[] = {5, 6, 8};
    const std::int32_t c[] = {5};
    CHECK(table.intern(a, 3) == 3);
    CHECK(table.intern(b, 3) == 4);   // 5 and 5>6 shared
    CHECK(table.intern(c, 1) == 1);
    CHECK(table.intern(a, 3) == 3);
    CHECK(table.intern(a, 0) == 0);
    CHECK(table.entries().size() == 4);
    CHECK(table.entries()[3].parent == 2 && table.entries()[3].method == 8);
    // many stacks: the table grows and keeps every id
    std::int32_t path[2] = {1, 0};
    for (std::int32_t m = 0; m < 100000; m++) {
        path[1] = m;
        CHECK(table.intern(path, 2) == static_cast<std::uint32_t>(6 + m));
        if (table.intern(path, 2) != static_cast<std::uint32_t>(6 + m)) break;
    }
    CHECK(table.truncated() == 0);
}

TEST(tracing_engine_samples_with_its_timer_and_records_each_threads_periods) {
    candor::TraceWriter writer("/nonexistent-candor/unused", 1'000'000, "cpu", true,
                               [](std::uint32_t, std::string&, std::int64_t&) { return false; });
    // no trace: the timer engine itself, which records nothing besides samples
    std::unique_ptr<candor::SamplingEngine> timer = candor::make_engine(candor::TimerKind::Ctimer, true);
    const candor::SamplingEngine* plain = timer.get();
    std::unique_ptr<candor::SamplingEngine> untraced = candor::with_trace(std::move(timer), nullptr);
    CHECK(untraced.get() == plain);
    candor::SampledThread quiet;
    quiet.tid = 4343;
    TraceEntry closed{};
    untraced->thread_bound(quiet);
    CHECK(!quiet.period.started);
    CHECK(!untraced->tick(quiet, closed));
    untraced->thread_ending(quiet);
    CHECK(entries_of(writer.buffer()).empty());

    // traced: the same timer in every respect, and the thread's periods around its ticks
    std::unique_ptr<candor::SamplingEngine> traced =
            candor::with_trace(candor::make_engine(candor::TimerKind::Ctimer, true), &writer);
    CHECK(traced->kind() == candor::TimerKind::Ctimer && traced->signal() == plain->signal() && traced->cpu());
    CHECK(std::strcmp(traced->name(), plain->name()) == 0 && std::strcmp(traced->open_call(), "timer_create") == 0);
    candor::SampledThread thread;
    thread.tid = 4242;
    thread.slot = 7;
    CHECK(!traced->tick(thread, closed));  // no period yet: this tick begins one (a thread an attach found)
    CHECK(thread.period.started);
    traced->thread_freed(thread);
    candor::SampledThread bound;
    bound.tid = 4242;
    bound.slot = 7;
    traced->thread_bound(bound);
    CHECK(bound.period.started);
    spin_cpu_ms(3);
    CHECK(traced->tick(bound, closed));  // the tick closes the period, for its sample to carry
    CHECK(closed.kind == TraceEntryKind::Period && (closed.flags & tf::kTick) != 0);
    CHECK(std::abs(closed.thread) == 4242 && closed.slot == 7);
    traced->ticked(bound, closed, frame(0x300));  // no sample took it: written alone, with the tick's frame
    spin_cpu_ms(1);
    traced->thread_ending(bound);  // the last period, which no tick ends
    traced->thread_freed(bound);
    const std::vector<TraceEntry> entries = entries_of(writer.buffer());
    CHECK(entries.size() >= 2);
    if (entries.size() < 2) return;
    CHECK((entries.front().flags & tf::kFirst) != 0);  // the bound thread's first period, however the kernel cut it
    bool alone = false;
    for (const TraceEntry& e : entries) alone = alone || (e.top == reinterpret_cast<jmethodID>(0x300) && (e.flags & tf::kTick) != 0);
    CHECK(alone);
    CHECK((entries.back().flags & tf::kLast) != 0 && entries.back().top == nullptr && std::abs(entries.back().thread) == 4242);
}
