#ifndef CPROCESSCONTROL_H
#define CPROCESSCONTROL_H

// Process controls that Swift cannot call directly: prctl is variadic, and a
// signal handler that calls the one before it must be async-signal-safe.

/// Asks the kernel to send SIGKILL to this process when its parent ends
/// (Linux's PR_SET_PDEATHSIG). Returns 0 on success, -1 with errno set.
int stk_die_with_parent(void);

/// Keeps the Swift runtime's crash banner ("*** Signal 4: Backtracing from
/// 0x...... done ***") off this process's standard error: for each fatal
/// signal the runtime's backtracer handles, a handler first points standard
/// error at /dev/null, then runs the runtime's handler, which writes its
/// report where SWIFT_BACKTRACE's output-to says. What was written before the
/// signal (the runtime's "Fatal error: Index out of range") stays. Then the
/// signal ends the process, sent from outside too (the runtime's handler
/// returns, and a process stopped by another's SIGABRT went on running).
/// Signals without a handler are left alone. Returns how many it wrapped.
int stk_quiet_crash_banner(void);

#endif
