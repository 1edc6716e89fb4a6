#include "sampler/crash_guard.h"

#include <setjmp.h>
#include <signal.h>

#include <cstring>

#include "sampler/signal_chain.h"
#include "sampler/thread_registry.h"

namespace candor {

namespace {

struct sigaction previous_segv;
struct sigaction previous_bus;

void on_fault(int signo, siginfo_t* info, void* ucontext) {
    SampledThread* thread = g_current_thread;
    if (thread != nullptr && thread->in_walk != 0) {
        thread->in_walk = 0;
        // Back into the sampling handler's frame. The mask is not restored here: the sampling
        // handler returns right away, and its sigreturn restores the mask of before the sample.
        siglongjmp(thread->guard, 1);
    }
    chain_signal(signo == SIGBUS ? previous_bus : previous_segv, signo, info, ucontext);
}

bool install(int signo, struct sigaction& previous) {
    struct sigaction current;
    if (sigaction(signo, nullptr, &current) != 0) return false;
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fault;
    // The previous handler's mask and flags, so that it runs as it would without us.
    action.sa_mask = current.sa_mask;
    action.sa_flags = (current.sa_flags | SA_SIGINFO) & ~SA_RESETHAND;
    if ((current.sa_flags & SA_SIGINFO) == 0 && current.sa_handler == SIG_DFL) action.sa_flags |= SA_RESTART;
    previous = current;
    return sigaction(signo, &action, nullptr) == 0;
}

}  // namespace

bool install_crash_guard() {
    static bool installed = false;
    if (installed) return true;
    if (!install(SIGSEGV, previous_segv)) return false;
    if (!install(SIGBUS, previous_bus)) {
        sigaction(SIGSEGV, &previous_segv, nullptr);
        return false;
    }
    installed = true;
    return true;
}

}  // namespace candor
