#include "sampler/wall_engine.h"

#include <signal.h>

namespace candor {

// Our tgkill carries this process's pid in si_pid; a SIGPROF another process sends is not ours.
bool WallEngine::is_ours(int signo, const siginfo_t& info, pid_t pid) const {
    return signo == SIGPROF && info.si_code == SI_TKILL && info.si_pid == pid;
}

int WallEngine::open_own(pid_t, std::int64_t, ThreadTimer& timer) const {
    publish(timer);
    return 0;
}

int WallEngine::open_for(pid_t, std::int64_t, bool, ThreadTimer& timer) const {
    publish(timer);
    return 0;
}

std::int64_t WallEngine::close(ThreadTimer& timer) const {
    forget(timer);
    return 0;
}

}  // namespace candor
