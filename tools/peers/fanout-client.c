// fanout-client: one client program for both sides of the broadcast comparison (issue 15,
// target 4), so neither side is measured with a faster reader than the other.
//
//   fanout-client chalkline PORT N M   a host creates a room, N players join it, the host sends
//                                      M `/say` lines back to back
//   fanout-client chalkline-ws PORT N M  the same, the N players on WebSocket (/ws), as browsers
//   fanout-client redis PORT N M       N connections SUBSCRIBE to one channel, a publisher sends
//                                      M PUBLISH commands back to back
//
// Every message carries one '~' and nothing else the server sends does, so a subscriber counts
// deliveries by counting that byte, whatever the framing (json lines or RESP). The clock runs
// from the publisher's write to the moment the last subscriber has all M; it prints deliveries a
// second (N x M over that time), the median of five bursts. Single-threaded, epoll, reads of 64 KiB.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "../loopback-floor/ws-client.h"

enum { CHALKLINE, REDIS };
typedef struct {
    int fd, ready;
    long got;           // deliveries counted
    char line[512]; int linelen; // the start of the current line, while joining
} conn_t;

static int mode, websocket, port, N, M, epfd;
static conn_t *subs, pub;
static char code[16];
static char rbuf[1 << 16];

static int64_t mono_ns(void) {
    struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void die(const char *what) { perror(what); exit(1); }

static void send_all(int fd, const char *s, size_t n) {
    while (n) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EAGAIN) { struct timespec t = { 0, 100000 }; nanosleep(&t, NULL); continue; }
        if (w <= 0) die("write");
        s += w; n -= (size_t)w;
    }
}

static int open_conn(uint32_t tag) {
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(port) };
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) die("socket");
    if (connect(fd, (void *)&a, sizeof a)) die("connect");
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct epoll_event ev = { .events = EPOLLIN, .data.u32 = tag };
    if (epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev)) die("epoll_ctl");
    return fd;
}

/// Reads what `c` has; while it is not ready, looks at whole lines for the reply that makes it
/// ready (`ok` to `/create` or `/join`, or Redis's `subscribe`); afterwards only counts '~'.
static void on_readable(conn_t *c, int is_pub) {
    ssize_t n = read(c->fd, rbuf, sizeof rbuf);
    if (n < 0 && errno == EAGAIN) return;
    if (n <= 0) { fprintf(stderr, "a connection closed (%s)\n", n ? strerror(errno) : "eof"); exit(1); }
    if (c->ready) {
        if (is_pub) return;
        for (char *p = rbuf, *end = rbuf + n; (p = memchr(p, '~', end - p)); p++) c->got++;
        return;
    }
    for (ssize_t i = 0; i < n; i++) {
        char ch = rbuf[i];
        // A WebSocket's messages end with no LF: while joining, '}' ends what is looked at (the
        // reply's type and cmd come before any nested object).
        if (websocket && ch == 0) continue; // a frame's length bytes, not text
        if (ch != '\n' && !(websocket && !is_pub && ch == '}')) { if (c->linelen < (int)sizeof c->line - 1) c->line[c->linelen++] = ch; continue; }
        c->line[c->linelen] = 0; c->linelen = 0;
        if (mode == REDIS) { if (!strncmp(c->line, "subscribe", 9)) c->ready = 1; continue; }
        if (strstr(c->line, "\"type\":\"error\"")) { fprintf(stderr, "server: %s\n", c->line); exit(1); }
        if (!strstr(c->line, "\"type\":\"ok\"")) continue;
        char *r = strstr(c->line, "\"room\":\"");
        if (is_pub && strstr(c->line, "\"cmd\":\"create\"") && r) {
            sscanf(r + 8, "%15[^\"]", code); c->ready = 1;
        } else if (!is_pub && strstr(c->line, "\"cmd\":\"join\"")) c->ready = 1;
        if (c->ready) break; // the rest of this read (joins, the lobby) carries no '~'
    }
}

static void pump(int timeout_ms) {
    static struct epoll_event evs[1024];
    int n = epoll_wait(epfd, evs, 1024, timeout_ms);
    for (int i = 0; i < n; i++) {
        uint32_t tag = evs[i].data.u32;
        if (tag == UINT32_MAX) on_readable(&pub, 1); else on_readable(&subs[tag], 0);
    }
}

int main(int argc, char **argv) {
    if (argc != 5 || (strcmp(argv[1], "chalkline") && strcmp(argv[1], "chalkline-ws") && strcmp(argv[1], "redis"))) {
        fprintf(stderr, "usage: %s chalkline|chalkline-ws|redis PORT N M\n", argv[0]); return 2;
    }
    mode = strcmp(argv[1], "redis") ? CHALKLINE : REDIS;
    websocket = !strcmp(argv[1], "chalkline-ws");
    port = atoi(argv[2]); N = atoi(argv[3]); M = atoi(argv[4]);
    signal(SIGPIPE, SIG_IGN);
    struct rlimit rl; getrlimit(RLIMIT_NOFILE, &rl); rl.rlim_cur = rl.rlim_max; setrlimit(RLIMIT_NOFILE, &rl);
    epfd = epoll_create1(0);
    subs = calloc(N, sizeof *subs);
    char b[256];

    pub.fd = open_conn(UINT32_MAX);
    if (mode == CHALKLINE) {
        const char *hello = "/format json\n/name fanhost\n/create times play=no\n";
        send_all(pub.fd, hello, strlen(hello));
        while (!pub.ready) pump(5000);
    } else pub.ready = 1;

    int64_t t0 = mono_ns();
    for (int i = 0; i < N; i++) {
        subs[i].fd = open_conn((uint32_t)i);
        int n = mode == REDIS ? snprintf(b, sizeof b, "SUBSCRIBE fanroom\r\n")
                              : snprintf(b, sizeof b, "/format json\n/name fan%d\n/join %s\n", i, code);
        if (websocket) {
            char framed[512];
            send_all(subs[i].fd, ws_upgrade_request, sizeof ws_upgrade_request - 1);
            send_all(subs[i].fd, framed, ws_frame_lines(b, (size_t)n, framed));
        } else send_all(subs[i].fd, b, (size_t)n);
        if (i % 100 == 99) pump(0);
    }
    for (int ready = 0; ready < N;) {
        pump(5000);
        ready = 0;
        for (int i = 0; i < N; i++) ready += subs[i].ready;
        if (mono_ns() - t0 > 60000000000LL) { fprintf(stderr, "only %d of %d joined\n", ready, N); return 1; }
    }
    // Let the joins' own broadcasts drain before the clock starts.
    for (int64_t quiet = mono_ns(); mono_ns() - quiet < 300000000LL;) pump(50);

    size_t cap = (size_t)M * 96, len = 0;
    char *burst_text = malloc(cap);
    for (int i = 0; i < M; i++)
        len += (size_t)(mode == REDIS
            ? snprintf(burst_text + len, cap - len, "PUBLISH fanroom \"~line %d of %d from the publisher\"\r\n", i + 1, M)
            : snprintf(burst_text + len, cap - len, "/say ~line %d of %d from the publisher\n", i + 1, M));
    // A pause to attach a profiler to the server for the burst alone (FANOUT_PAUSE seconds).
    if (getenv("FANOUT_PAUSE")) {
        fprintf(stderr, "ready\n");
        for (int64_t t = mono_ns(); mono_ns() - t < (int64_t)(atof(getenv("FANOUT_PAUSE")) * 1e9);) pump(50);
    }
    // Five bursts, each timed from the publisher's write to the last subscriber's last message;
    // the median is printed, so one slow burst (the first one grows every buffer) does not decide.
    enum { BURSTS = 5 };
    double rates[BURSTS];
    long want = (long)N * M, total = 0;
    for (int burst = 0; burst < BURSTS; burst++) {
        for (int i = 0; i < N; i++) subs[i].got = 0;
        total = 0;
        int64_t start = mono_ns();
        send_all(pub.fd, burst_text, len);
        while (total < want) {
            pump(2000);
            total = 0;
            for (int i = 0; i < N; i++) total += subs[i].got;
            if (mono_ns() - start > 60000000000LL) { fprintf(stderr, "only %ld of %ld delivered\n", total, want); return 1; }
        }
        rates[burst] = total / ((mono_ns() - start) / 1e9);
        for (int64_t quiet = mono_ns(); mono_ns() - quiet < 100000000LL;) pump(20);
    }
    for (int i = 1; i < BURSTS; i++)
        for (int j = i; j > 0 && rates[j] < rates[j - 1]; j--) { double t = rates[j]; rates[j] = rates[j - 1]; rates[j - 1] = t; }
    printf("%s subscribers=%d messages=%d bursts=%d deliveries_per_s=%.0f min=%.0f max=%.0f\n",
           argv[1], N, M, BURSTS, rates[BURSTS / 2], rates[0], rates[BURSTS - 1]);
    return 0;
}
