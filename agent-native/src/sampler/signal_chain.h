#pragma once

#include <signal.h>

namespace candor {

// Passes a signal on to the action that was installed before ours, as the kernel would have run
// it: a handler with its own calling convention (sa_sigaction or sa_handler); SIG_DFL (or SIG_IGN
// for a fault the kernel would not let a program ignore) by restoring that disposition and
// raising the signal again, so it takes its default effect when our handler returns; SIG_IGN
// otherwise by doing nothing. Async-signal-safe.
void chain_signal(const struct sigaction& previous, int signo, siginfo_t* info, void* ucontext);

}  // namespace candor
