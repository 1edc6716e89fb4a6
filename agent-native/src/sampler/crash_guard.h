#pragma once

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

}  // namespace candor
