#ifndef CPROCESSCONTROL_H
#define CPROCESSCONTROL_H

// Process controls that Swift cannot call directly: prctl is variadic.

/// Asks the kernel to send SIGKILL to this process when its parent ends
/// (Linux's PR_SET_PDEATHSIG). Returns 0 on success, -1 with errno set.
int stk_die_with_parent(void);

#endif
