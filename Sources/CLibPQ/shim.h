#ifndef CHALKLINE_CLIBPQ_SHIM_H
#define CHALKLINE_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#endif
