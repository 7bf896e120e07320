#include "CProcessControl.h"

#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <unistd.h>

int stk_die_with_parent(void) {
    return prctl(PR_SET_PDEATHSIG, SIGKILL);
}

// The handlers the runtime installed, by signal number, and /dev/null,
// opened before any signal: a handler may only use async-signal-safe calls.
static struct sigaction runtime_handlers[NSIG];
static int null_descriptor = -1;

static void quiet_then_run_runtime_handler(int number, siginfo_t *info, void *context) {
    if (null_descriptor >= 0) dup2(null_descriptor, STDERR_FILENO);
    const struct sigaction *runtime = &runtime_handlers[number];
    if (runtime->sa_flags & SA_SIGINFO) {
        runtime->sa_sigaction(number, info, context);
    } else if (runtime->sa_handler != SIG_DFL && runtime->sa_handler != SIG_IGN) {
        runtime->sa_handler(number);
    }
    // The runtime's handler returns once its report is written. A fault
    // would then happen again, under the default action; a signal sent from
    // outside (the front end's SIGABRT on Ctrl-C or a hang) would not, and
    // the process went on running until the front end killed it 10 s later.
    // Raised now, with the signal blocked in this handler, it ends the
    // process as the signal's default action as soon as the handler returns.
    signal(number, SIG_DFL);
    raise(number);
}

int stk_quiet_crash_banner(void) {
    static const int fatal[] = { SIGQUIT, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGSEGV, SIGTRAP };
    if (null_descriptor < 0) {
        null_descriptor = open("/dev/null", O_WRONLY | O_CLOEXEC);
        // Never a standard stream's number: with standard output closed
        // (`stk >&-`), /dev/null would become standard output, and the
        // run's writes would succeed into it instead of failing.
        if (null_descriptor >= 0 && null_descriptor <= STDERR_FILENO) {
            int high = fcntl(null_descriptor, F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
            close(null_descriptor);
            null_descriptor = high;
        }
    }
    if (null_descriptor < 0) return 0;
    int wrapped = 0;
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        int number = fatal[i];
        struct sigaction current;
        if (sigaction(number, NULL, &current) != 0) continue;
        int handled = (current.sa_flags & SA_SIGINFO) ? current.sa_sigaction != NULL
            : (current.sa_handler != SIG_DFL && current.sa_handler != SIG_IGN);
        if (!handled || current.sa_sigaction == quiet_then_run_runtime_handler) continue;
        runtime_handlers[number] = current;
        struct sigaction quiet = current;
        quiet.sa_sigaction = quiet_then_run_runtime_handler;
        quiet.sa_flags = current.sa_flags | SA_SIGINFO;
        if (sigaction(number, &quiet, NULL) == 0) wrapped++;
    }
    return wrapped;
}
