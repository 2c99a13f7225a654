#ifndef CHALKLINE_CNETTLE_SHIM_H
#define CHALKLINE_CNETTLE_SHIM_H
/* SHA-1 and base64 for the WebSocket handshake's Sec-WebSocket-Accept (RFC 6455 section 4.2.2). */
#include <nettle/sha1.h>
#include <nettle/base64.h>
#endif
