// The client's side of a WebSocket to chalkline-server, for the C load tools (floor-bench,
// fanout-client): the upgrade request, and lines as masked text frames. The mask key is 0
// (RFC 6455 lets a client pick any key; 0 keeps the bytes as they are, so the tools spend no
// time masking and the server's unmasking is measured, not the client's).
#ifndef CHALKLINE_WS_CLIENT_H
#define CHALKLINE_WS_CLIENT_H
#include <stddef.h>
#include <string.h>

static const char ws_upgrade_request[] =
    "GET /ws HTTP/1.1\r\nHost: bench\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n";

/* Each LF-terminated line of s[0..n) as one masked text frame into out (at least n + 8 bytes a
   line); returns the bytes written. Lines are shorter than 64 KiB. */
static size_t ws_frame_lines(const char *s, size_t n, char *out) {
    size_t m = 0;
    for (const char *l = s, *e; l < s + n; l = e + 1) {
        e = memchr(l, '\n', (size_t)(s + n - l));
        if (!e) e = s + n;
        size_t len = (size_t)(e - l);
        out[m++] = (char)0x81;
        if (len < 126) out[m++] = (char)(0x80 | len);
        else { out[m++] = (char)(0x80 | 126); out[m++] = (char)(len >> 8); out[m++] = (char)(len & 0xff); }
        memset(out + m, 0, 4); m += 4;
        memcpy(out + m, l, len); m += len;
    }
    return m;
}
#endif
