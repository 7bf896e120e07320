#include "CProcessControl.h"

#include <signal.h>
#include <sys/prctl.h>

int stk_die_with_parent(void) {
    return prctl(PR_SET_PDEATHSIG, SIGKILL);
}
