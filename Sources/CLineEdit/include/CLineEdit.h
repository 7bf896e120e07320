#pragma once
// placeholder: the shim over libedit
int cle_placeholder(void);
