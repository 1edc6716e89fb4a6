// After a dynamic attach: the tables the signal handler binds threads with, and their state changes.
#include <pthread.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "check.h"
#include "sampler/attach_tables.h"
#include "sampler/cpu_timer.h"

using candor::AttachTables;
using candor::AttachThreadState;
using candor::AttachTimer;
using candor::AttachTimerState;
using candor::SampledThread;

namespace {

JNIEnv* fake_env(std::uintptr_t value) { return reinterpret_cast<JNIEnv*>(value); }

}  // namespace

TEST(attach_tables_find_by_env_and_tid) {
    SampledThread a, b, c;
    std::vector<std::pair<JNIEnv*, SampledThread*>> threads{
        {fake_env(0x7000), &a}, {fake_env(0x1000), &b}, {fake_env(0x4000), &c}, {fake_env(0x1000), &a}};
    AttachTables tables(nullptr, threads, {42, 7, 1000, 7, 3});
    CHECK(tables.thread_count() == 3);  // the duplicate key is gone
    CHECK(tables.timer_count() == 4);
    CHECK(tables.find_thread(fake_env(0x7000))->record == &a);
    CHECK(tables.find_thread(fake_env(0x1000))->record == &b);  // the first of two
    CHECK(tables.find_thread(fake_env(0x4000))->record == &c);
    CHECK(tables.find_thread(fake_env(0x4008)) == nullptr);
    CHECK(tables.find_thread(fake_env(0)) == nullptr);
    CHECK(tables.find_thread(fake_env(0x8000)) == nullptr);
    for (pid_t tid : {3, 7, 42, 1000}) CHECK(tables.find_timer(tid) != nullptr && tables.find_timer(tid)->tid == tid);
    CHECK(tables.find_timer(0) == nullptr && tables.find_timer(8) == nullptr && tables.find_timer(5000) == nullptr);
    for (std::size_t i = 1; i < tables.timer_count(); i++) CHECK(tables.timer(i - 1).tid < tables.timer(i).tid);

    AttachTables empty(nullptr, {}, {});
    CHECK(empty.find_thread(fake_env(0x1000)) == nullptr && empty.find_timer(7) == nullptr);
}

TEST(attach_thread_is_bound_or_retired_once) {
    SampledThread record;
    AttachTables tables(nullptr, {{fake_env(0x1000), &record}, {fake_env(0x2000), &record}}, {});
    candor::AttachThread& first = *tables.find_thread(fake_env(0x1000));
    CHECK(first.state.load() == AttachThreadState::Unbound);
    CHECK(candor::claim_attach_thread(first));
    CHECK(!candor::claim_attach_thread(first));   // a second signal, or ThreadStart after the signal
    CHECK(!candor::retire_attach_thread(first));  // bound: the thread owns the record
    CHECK(first.state.load() == AttachThreadState::Bound);

    candor::AttachThread& second = *tables.find_thread(fake_env(0x2000));
    CHECK(candor::retire_attach_thread(second));  // ended unbound: the caller frees the record
    CHECK(!candor::retire_attach_thread(second));
    CHECK(!candor::claim_attach_thread(second));
    CHECK(second.state.load() == AttachThreadState::Gone);
}

TEST(attach_timer_is_disabled_adopted_or_closed_once) {
    AttachTables tables(nullptr, {}, {10, 11, 12});
    AttachTimer& vm_thread = *tables.find_timer(10);
    AttachTimer& java_thread = *tables.find_timer(11);
    AttachTimer& ended = *tables.find_timer(12);
    for (AttachTimer* timer : {&vm_thread, &java_thread, &ended}) {
        timer->timer.engine = nullptr;  // no real timer: the states only
        timer->timer.user_at_start_ns = 5'000'000;
        timer->timer.cpu_at_start_ns = 6'000'000;
        timer->timer.perf_fd = 99;
    }

    // A thread that is no sampled Java thread: disabled by its first signal, once.
    CHECK(candor::disable_attach_timer(vm_thread));
    CHECK(!candor::disable_attach_timer(vm_thread));
    CHECK(vm_thread.state.load() == AttachTimerState::Disabled);

    // A Java thread binding in its signal: the record takes the timer and the times it was armed at.
    SampledThread record;
    CHECK(candor::adopt_attach_timer(java_thread, record, false));
    CHECK(record.timer.perf_fd == 99 && record.timer.engine == nullptr);
    CHECK(record.timer.user_at_start_ns == 5'000'000 && record.timer.cpu_at_start_ns == 6'000'000);
    CHECK(!candor::adopt_attach_timer(java_thread, record, false));
    CHECK(!candor::disable_attach_timer(java_thread));  // a late signal leaves an adopted timer alone
    CHECK(!candor::close_attach_timer(java_thread));    // the record closes it
    CHECK(java_thread.state.load() == AttachTimerState::Adopted);

    // A disabled timer can still be adopted (ThreadStart after a signal found no record yet): it runs again.
    SampledThread late;
    CHECK(candor::adopt_attach_timer(vm_thread, late, true));
    CHECK(late.timer.user_at_start_ns != 5'000'000);  // accounting restarts now
    CHECK(vm_thread.state.load() == AttachTimerState::Adopted);

    CHECK(candor::close_attach_timer(ended));
    CHECK(!candor::close_attach_timer(ended));
    CHECK(!candor::adopt_attach_timer(ended, late, false));
    CHECK(!candor::disable_attach_timer(ended));
}

TEST(thread_cpu_clock_of_a_tid_is_the_pthread_clock) {
    clockid_t expected;
    CHECK(pthread_getcpuclockid(pthread_self(), &expected) == 0);
    CHECK(candor::thread_cpu_clock(static_cast<pid_t>(syscall(SYS_gettid))) == expected);
    timespec now;
    CHECK(clock_gettime(candor::thread_cpu_clock(static_cast<pid_t>(syscall(SYS_gettid))), &now) == 0);
}
