#ifndef CHALKLINE_CLIBUV_SHIM_H
#define CHALKLINE_CLIBUV_SHIM_H
#include <uv.h>
#include <signal.h>
#include <sys/resource.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
/* malloc_trim, for MemoryTrim (glibc leaves it out of its Swift module). */
#include <malloc.h>
#endif
