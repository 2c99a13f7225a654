#ifndef CHALKLINE_DISCOVERY_H
#define CHALKLINE_DISCOVERY_H
#include <stdint.h>

/* DNS-SD through the system's Avahi daemon, for finding a Chalkline server on the LAN.
   Advertising runs on Avahi's own thread (a threaded poll), so the server's libuv loop never
   waits on D-Bus; browsing blocks its caller, which is the client's command line. */

typedef struct cl_advert cl_advert;

/* Starts advertising `_chalkline._tcp` on `port` under `name` with the TXT record `txt`
   ("protocol=1"). NULL when no Avahi daemon can be reached; `error` gets why. */
cl_advert *cl_advertise_start(const char *name, uint16_t port, const char *txt, char *error, int error_len);
void cl_advertise_stop(cl_advert *advert);

/* One server found: its advertised name, host name (`laptop.local`), address and port. */
typedef void (*cl_found_cb)(void *context, const char *name, const char *host, const char *address, uint16_t port, const char *txt);

/* Browses for `timeout_ms` and calls `found` for each server resolved. 0, or -1 when no
   Avahi daemon can be reached (`error` says why). */
int cl_browse(int timeout_ms, cl_found_cb found, void *context, char *error, int error_len);

#endif
