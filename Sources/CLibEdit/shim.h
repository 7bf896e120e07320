// Debian's libedit-dev installs <histedit.h>; scripts/stk and scripts/test
// install it with apt-get when it is missing.
#include <histedit.h>
