// The crash guard's reach: a walk is guarded only where the interrupted code could take a fault signal.
#include <signal.h>
#include <ucontext.h>

#include "check.h"
#include "sampler/crash_guard.h"

TEST(crash_guard_covers_only_code_that_can_take_a_fault_signal) {
    ucontext_t uc{};
    sigemptyset(&uc.uc_sigmask);
    sigaddset(&uc.uc_sigmask, SIGPROF);  // the sampling signal's own block is no matter
    CHECK(candor::crash_guard_covers(&uc));
    sigaddset(&uc.uc_sigmask, SIGSEGV);  // inside the JVM's SIGSEGV handler: a fault would kill the process
    CHECK(!candor::crash_guard_covers(&uc));
    sigdelset(&uc.uc_sigmask, SIGSEGV);
    sigaddset(&uc.uc_sigmask, SIGBUS);
    CHECK(!candor::crash_guard_covers(&uc));
}
