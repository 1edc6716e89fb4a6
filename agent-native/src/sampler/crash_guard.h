#pragma once

#include <signal.h>
#include <ucontext.h>

namespace candor {

// The crash guard around the stack walk. A thread marks itself "in a walk" (SampledThread::in_walk)
// after sigsetjmp into its own SampledThread::guard. Our SIGSEGV/SIGBUS handlers, installed in
// front of the ones that were there before (the JVM's), siglongjmp back to that point when the
// faulting thread is inside its walk, so a bad frame costs one sample and not the JVM; every other
// fault goes to the previous handler exactly as if ours were not there (signal_chain.h).
//
// Install after the JVM installed its handlers (VMInit or attach): earlier, the JVM would install
// its own over ours. With -Xcheck:jni the JVM notices and prints that its handler was replaced.
// Returns false when sigaction fails (nothing installed then).
bool install_crash_guard();

// Whether a fault in a walk from this signal's interrupted context would reach the guard: not when that code had
// SIGSEGV or SIGBUS blocked (it was inside a fault handler, the JVM's own), for the kernel kills a process whose
// blocked fault signal it must deliver. Async-signal-safe (reads the ucontext's mask).
inline bool crash_guard_covers(const void* ucontext) {
    const auto* uc = static_cast<const ucontext_t*>(ucontext);
    return sigismember(&uc->uc_sigmask, SIGSEGV) != 1 && sigismember(&uc->uc_sigmask, SIGBUS) != 1;
}

}  // namespace candor
