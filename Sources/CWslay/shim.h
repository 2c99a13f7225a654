#ifndef CHALKLINE_CWSLAY_SHIM_H
#define CHALKLINE_CWSLAY_SHIM_H
/* Debian's libwslay-dev ships no pkg-config file: the header is in the default include path. */
#include <wslay/wslay.h>
#endif
