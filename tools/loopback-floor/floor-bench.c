// floor-bench: single-threaded epoll load generator for floor-server.
// usage: floor-bench PORT R P Q T SPREAD [SERVER_PID [GAP_MS [floor|chalkline|chalkline-ws]]]
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

#include "ws-client.h"

typedef struct {
    int fd, room, pidx;        // pidx -1 = host
    int connected, joined;
    unsigned gen;              // bumped on round_end to cancel a scheduled answer
    int scheduled;
    long answer;
    int qid;                   // the question's id, named in the answer (/answer id=N)
    int64_t sent_ns;
    char *carry; int carrylen; // partial line carried between reads
    int ws_asked, ws_open;     // chalkline-ws: upgrade sent; its 101 read
} bconn;

typedef struct { int64_t t; int conn; unsigned gen; } timer_t_;
static timer_t_ *heap; static int hn, hcap;
static void hpush(timer_t_ x) {
    if (hn == hcap) { hcap = hcap ? hcap * 2 : 1024; heap = realloc(heap, hcap * sizeof *heap); }
    int i = hn++;
    while (i > 0) { int p = (i - 1) / 2; if (heap[p].t <= x.t) break; heap[i] = heap[p]; i = p; }
    heap[i] = x;
}
static timer_t_ hpop(void) {
    timer_t_ top = heap[0], x = heap[--hn];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < hn && heap[l].t < x.t) m = l;
        if (r < hn && heap[r].t < (m == i ? x.t : heap[l].t)) m = r;
        if (m == i) break;
        heap[i] = heap[m]; i = m;
    }
    if (hn) heap[i] = x;
    return top;
}

static int64_t mono_ns(void) {
    struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static bconn *cs; static int N, R, P, Q, T, GAP; static double SPREAD;
/* With PROTO "chalkline" the same traffic goes to chalkline-server in its own protocol (json
   replies, /create and /join with a room code), so both servers are measured by one client. */
static int chalkline;
/* With PROTO "chalkline-ws" the same lines go to chalkline-server over WebSocket (/ws): each line
   one masked text frame, each reply and event one frame, as a browser's page sends them. */
static int websocket;
static char (*codes)[16];     /* each room's code, once its host has created it */
static int epfd, port, inflight, nopened, njoined, ngameend;
static int64_t t_first_s, t_last_end;
static struct {
    long answers_sent, send_fail, ok_correct, ok_wrong, err_already, err_noround, err_other,
        questions, round_ends, cancelled, progress, reads, joins_ok;
} st;
#define LATB 200000 /* 10us buckets up to 2s */
static unsigned lat[LATB];
static unsigned rng = 2463534242u;
/* Kernel arrival stamps (SO_TIMESTAMPNS) of each question at each player, as `chalkline bench`
   takes them: a question's fan-out for a player is its arrival minus the room's earliest. */
static int64_t *qstamp;       /* [room][round-1][player], 0 = not seen */
static int64_t read_stamp;    /* the stamp of the read being handled */
static unsigned fan[LATB];
static unsigned xr(void) { rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5; return rng; }

static void wr(bconn *c, const char *s, size_t n) {
    char framed[4096];
    if (websocket) { n = ws_frame_lines(s, n, framed); s = framed; }
    ssize_t w = write(c->fd, s, n);
    if (w != (ssize_t)n) { st.send_fail++; fprintf(stderr, "short write fd %d: %zd\n", c->fd, w); }
}

static void send_join(bconn *c) {
    char b[256]; int n;
    if (websocket && !c->ws_asked) {
        c->ws_asked = 1;
        ssize_t w = write(c->fd, ws_upgrade_request, sizeof ws_upgrade_request - 1);
        if (w != (ssize_t)sizeof ws_upgrade_request - 1) st.send_fail++;
    }
    if (chalkline) {
        if (c->pidx < 0)
            n = snprintf(b, sizeof b, "/format json\n/name h%04d\n/create times rounds=%d time=%g gap=%g countdown=0 "
                         "play=no order=random late=no\n", c->room, Q, T / 1000.0, GAP / 1000.0);
        else if (!codes[c->room][0]) return; /* joins when its host has the code */
        else n = snprintf(b, sizeof b, "/format json\n/name r%04dp%03d\n/join %s\n", c->room, c->pidx, codes[c->room]);
        wr(c, b, n);
        return;
    }
    if (c->pidx < 0) n = snprintf(b, sizeof b, "H room%04d %d %d %d %d\n", c->room, P, Q, T, GAP);
    else n = snprintf(b, sizeof b, "J room%04d r%04dp%03d\n", c->room, c->room, c->pidx);
    wr(c, b, n);
}

static void open_more(void) {
    static struct sockaddr_in a;
    a.sin_family = AF_INET; a.sin_port = htons(port); inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    int one = 1;
    while (inflight < 200 && nopened < N) {
        bconn *c = &cs[nopened];
        c->room = nopened / (P + 1);
        int k = nopened % (P + 1);
        c->pidx = k - 1;
        int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
        if (fd < 0) { perror("socket"); exit(1); }
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof one);
        c->fd = fd;
        struct epoll_event ev = { .data.u32 = nopened };
        int r = connect(fd, (void *)&a, sizeof a);
        if (r == 0) { c->connected = 1; ev.events = EPOLLIN; epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev); send_join(c); }
        else if (errno == EINPROGRESS) { ev.events = EPOLLIN | EPOLLOUT; epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev); }
        else { perror("connect"); exit(1); }
        nopened++; inflight++;
    }
}

static void handle_line(int ci, char *l, char *end, int64_t now) {
    bconn *c = &cs[ci];
    *end = 0;
    if (chalkline && l[0] != '{') return; /* the text welcome before /format json */
    if (strncmp(l, "{\"type\":\"", 9)) { st.err_other++; fprintf(stderr, "junk: %s\n", l); return; }
    char *t = l + 9;
    if (!strncmp(t, "question\"", 9)) {
        st.questions++;
        if (c->pidx < 0) return;
        char *nr = strstr(t, chalkline ? "\"round\":" : "\"n\":");
        int round = nr ? atoi(nr + (chalkline ? 8 : 4)) : 0;
        if (round >= 1 && round <= Q && read_stamp)
            qstamp[((int64_t)c->room * Q + round - 1) * P + c->pidx] = read_stamp;
        char *x = strstr(t, "\"text\":\"");
        if (!x) return;
        char *e; long A = strtol(x + 8, &e, 10); long B = strtol(e + 3, NULL, 10);
        c->answer = A * B;
        char *qi = strstr(t, "\"id\":");
        c->qid = qi ? atoi(qi + 5) : 0;
        double d = (double)xr() / 4294967296.0 * SPREAD * T * 1e6;
        c->gen++; c->scheduled = 1;
        hpush((timer_t_){ now + (int64_t)d, ci, c->gen });
    } else if (!strncmp(t, "round_end\"", 10)) {
        st.round_ends++;
        if (c->scheduled) { st.cancelled++; c->scheduled = 0; c->gen++; }
    } else if (!strncmp(t, "ok\"", 3)) {
        if (strstr(t, "\"cmd\":\"answer\"")) {
            if (strstr(t, "\"correct\":true")) st.ok_correct++; else st.ok_wrong++;
            int64_t us10 = (now - c->sent_ns) / 10000;
            lat[us10 < LATB ? us10 : LATB - 1]++;
        } else if (chalkline && !c->joined) {
            int host = c->pidx < 0;
            if (!strstr(t, host ? "\"cmd\":\"create\"" : "\"cmd\":\"join\"")) return;
            c->joined = 1; njoined++; inflight--; st.joins_ok++;
            char *r = strstr(t, "\"room\":\"");
            if (host && r) {
                sscanf(r + 8, "%15[^\"]", codes[c->room]);
                for (int i = ci + 1; i < N && cs[i].room == c->room; i++)
                    if (cs[i].connected) send_join(&cs[i]);
            }
        } else if (!c->joined) {
            c->joined = 1; njoined++; inflight--; st.joins_ok++;
        }
    } else if (!strncmp(t, "progress\"", 9)) {
        st.progress++;
    } else if (!strncmp(t, "game_end\"", 9)) {
        ngameend++; t_last_end = now;
    } else if (!strncmp(t, "error\"", 6)) {
        if (strstr(t, "already_answered")) st.err_already++;
        else if (strstr(t, "no_round") || strstr(t, "no_question")) st.err_noround++;
        else { st.err_other++; fprintf(stderr, "error: %s\n", l); }
    } else if (!chalkline) { st.err_other++; fprintf(stderr, "unknown: %s\n", l); }
}

static char rbuf[1 << 17];
static void on_readable(int ci, int64_t now) {
    bconn *c = &cs[ci];
    int have = c->carrylen;
    if (have) memcpy(rbuf, c->carry, have);
    char ctl[CMSG_SPACE(sizeof(struct timespec))];
    struct iovec iov = { rbuf + have, sizeof rbuf - have };
    struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl, .msg_controllen = sizeof ctl };
    ssize_t n = recvmsg(c->fd, &mh, 0);
    read_stamp = 0;
    for (struct cmsghdr *cm = CMSG_FIRSTHDR(&mh); n > 0 && cm; cm = CMSG_NXTHDR(&mh, cm))
        if (cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_TIMESTAMPNS) {
            struct timespec ts; memcpy(&ts, CMSG_DATA(cm), sizeof ts);
            read_stamp = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
        }
    st.reads++;
    if (n < 0 && errno == EAGAIN) return;
    if (n <= 0) { fprintf(stderr, "conn %d closed by server\n", ci); epoll_ctl(epfd, EPOLL_CTL_DEL, c->fd, NULL); close(c->fd); c->fd = -1; return; }
    char *p = rbuf, *end = rbuf + have + n, *nl;
    if (websocket) {
        if (!c->ws_open) {
            char *h = memmem(p, end - p, "\r\n\r\n", 4);
            if (!h) goto carry;
            c->ws_open = 1; p = h + 4;
        }
        for (;;) { /* server frames: unmasked, FIN, 2- or 4-byte headers for lines */
            if (end - p < 2) break;
            size_t len = (unsigned char)p[1] & 0x7f, hl = 2;
            if (len == 126) { if (end - p < 4) break; len = ((unsigned char)p[2] << 8) | (unsigned char)p[3]; hl = 4; }
            if ((size_t)(end - p) < hl + len) break;
            char *body = p + hl, *bend = body + len, saved = *bend;
            if ((p[0] & 0x0f) == 1) handle_line(ci, body, bend, now);
            else if ((p[0] & 0x0f) == 8) { st.err_other++; fprintf(stderr, "conn %d: close frame\n", ci); }
            *bend = saved; p = bend;
        }
        goto carry;
    }
    while ((nl = memchr(p, '\n', end - p))) { handle_line(ci, p, nl, now); p = nl + 1; }
carry:
    c->carrylen = end - p;
    if (c->carrylen) { c->carry = realloc(c->carry, c->carrylen); memcpy(c->carry, p, c->carrylen); }
}

static void proc_cpu(int pid, double *u, double *s) {
    char path[64], buf[2048]; *u = *s = -1;
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r"); if (!f) return;
    size_t n = fread(buf, 1, sizeof buf - 1, f); fclose(f); buf[n] = 0;
    char *p = strrchr(buf, ')'); if (!p) return;
    unsigned long ut, stt;
    // fields after ')': 3 state ... 14 utime 15 stime
    if (sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &stt) != 2) return;
    double hz = sysconf(_SC_CLK_TCK); *u = ut / hz; *s = stt / hz;
}
static double tv(struct timeval t) { return t.tv_sec + t.tv_usec / 1e6; }
static double pct_of(const unsigned *h, double q) {
    long tot = 0; for (int i = 0; i < LATB; i++) tot += h[i];
    long want = (long)(q * tot), acc = 0;
    if (want >= tot) want = tot - 1;
    for (int i = 0; i < LATB; i++) { acc += h[i]; if (acc > want) return i * 0.01; }
    return -1;
}
static double pct(double q) { return pct_of(lat, q); }
/* Scores every (room, round) whose question reached every player. */
static long score_fanout(void) {
    long samples = 0;
    for (int64_t rq = 0; rq < (int64_t)R * Q; rq++) {
        int64_t *s = qstamp + rq * P, first = 0;
        int all = 1;
        for (int p = 0; p < P; p++) { if (!s[p]) { all = 0; break; } if (!first || s[p] < first) first = s[p]; }
        if (!all) continue;
        for (int p = 0; p < P; p++) { int64_t b = (s[p] - first) / 10000; fan[b < LATB ? b : LATB - 1]++; samples++; }
    }
    return samples;
}

int main(int argc, char **argv) {
    if (argc < 7) { fprintf(stderr, "usage: %s PORT R P Q T SPREAD [SERVER_PID [GAP_MS [floor|chalkline]]]\n", argv[0]); return 1; }
    port = atoi(argv[1]); R = atoi(argv[2]); P = atoi(argv[3]); Q = atoi(argv[4]); T = atoi(argv[5]);
    SPREAD = atof(argv[6]); int spid = argc > 7 ? atoi(argv[7]) : 0;
    GAP = argc > 8 ? atoi(argv[8]) : 0;
    websocket = argc > 9 && !strcmp(argv[9], "chalkline-ws");
    chalkline = websocket || (argc > 9 && !strcmp(argv[9], "chalkline"));
    struct rlimit rl; getrlimit(RLIMIT_NOFILE, &rl); rl.rlim_cur = rl.rlim_max; setrlimit(RLIMIT_NOFILE, &rl);
    signal(SIGPIPE, SIG_IGN);
    N = R * (P + 1);
    if ((rlim_t)N + 16 > rl.rlim_cur) { fprintf(stderr, "need %d fds, limit %lu\n", N, (unsigned long)rl.rlim_cur); return 1; }
    cs = calloc(N, sizeof *cs);
    codes = calloc(R, sizeof *codes);
    qstamp = calloc((size_t)R * Q * P, sizeof *qstamp);
    epfd = epoll_create1(0);
    enum { MAXEV = 4096 };
    static struct epoll_event evs[MAXEV];

    int64_t t0 = mono_ns();
    open_more();
    while (njoined < N) {
        int n = epoll_wait(epfd, evs, MAXEV, 5000);
        if (n == 0) { fprintf(stderr, "join stalled: %d/%d joined\n", njoined, N); return 1; }
        int64_t now = mono_ns();
        for (int i = 0; i < n; i++) {
            int ci = evs[i].data.u32; bconn *c = &cs[ci];
            if (!c->connected && (evs[i].events & (EPOLLOUT | EPOLLERR | EPOLLHUP))) {
                int err = 0; socklen_t l = sizeof err;
                getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &l);
                if (err) { fprintf(stderr, "connect failed: %s\n", strerror(err)); return 1; }
                c->connected = 1;
                struct epoll_event ev = { .events = EPOLLIN, .data.u32 = ci };
                epoll_ctl(epfd, EPOLL_CTL_MOD, c->fd, &ev);
                send_join(c);
            }
            if (evs[i].events & EPOLLIN) on_readable(ci, now);
        }
        open_more();
    }
    fprintf(stderr, "all %d connections joined in %.2fs\n", N, (mono_ns() - t0) / 1e9);
    if (spid) { /* the server's memory with every connection seated, before the game */
        char path[64], line[256]; long rss = -1;
        snprintf(path, sizeof path, "/proc/%d/status", spid);
        FILE *f = fopen(path, "r");
        while (f && fgets(line, sizeof line, f)) if (!strncmp(line, "VmRSS:", 6)) rss = atol(line + 6);
        if (f) fclose(f);
        printf("server_rss_kb_seated=%ld conns=%d\n", rss, N);
    }

    struct rusage ru0, ru1; double su0 = 0, ss0 = 0, su1 = 0, ss1 = 0;
    if (spid) proc_cpu(spid, &su0, &ss0);
    getrusage(RUSAGE_SELF, &ru0);
    t_first_s = mono_ns();
    for (int i = 0; i < N; i++) if (cs[i].pidx < 0) { if (chalkline) wr(&cs[i], "/start\n", 7); else wr(&cs[i], "S\n", 2); }

    int64_t last_progress = mono_ns();
    long last_count = -1;
    while (ngameend < N) {
        int64_t now = mono_ns();
        int timeout = 1000;
        if (hn) { int64_t d = heap[0].t - now; timeout = d <= 0 ? 0 : (int)((d + 999999) / 1000000); if (timeout > 1000) timeout = 1000; }
        int n = epoll_wait(epfd, evs, MAXEV, timeout);
        now = mono_ns();
        for (int i = 0; i < n; i++) {
            int ci = evs[i].data.u32;
            if (cs[ci].fd >= 0 && (evs[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR))) on_readable(ci, now);
        }
        now = mono_ns();
        while (hn && heap[0].t <= now) {
            timer_t_ x = hpop();
            bconn *c = &cs[x.conn];
            if (x.gen != c->gen || !c->scheduled || c->fd < 0) continue;
            c->scheduled = 0;
            char b[64]; int len = snprintf(b, sizeof b, "/answer id=%d %ld\n", c->qid, c->answer);
            c->sent_ns = now;
            wr(c, b, len);
            st.answers_sent++;
        }
        long cnt = st.ok_correct + st.ok_wrong + ngameend + st.questions;
        if (cnt != last_count) { last_count = cnt; last_progress = now; }
        else if (now - last_progress > 10000000000LL) { fprintf(stderr, "stalled: %d/%d game_end\n", ngameend, N); break; }
    }
    getrusage(RUSAGE_SELF, &ru1);
    if (spid) proc_cpu(spid, &su1, &ss1);
    double wall = (t_last_end - t_first_s) / 1e9;
    double bu = tv(ru1.ru_utime) - tv(ru0.ru_utime), bs = tv(ru1.ru_stime) - tv(ru0.ru_stime);
    double ans = st.ok_correct;
    printf("config R=%d P=%d Q=%d T=%d SPREAD=%.2f conns=%d\n", R, P, Q, T, SPREAD, N);
    printf("wall=%.3fs answers_sent=%ld ok_correct=%ld ok_wrong=%ld err_already=%ld err_noround=%ld err_other=%ld send_fail=%ld cancelled=%ld game_end=%d/%d\n",
           wall, st.answers_sent, st.ok_correct, st.ok_wrong, st.err_already, st.err_noround, st.err_other, st.send_fail,
           st.cancelled, ngameend, N);
    printf("answers_per_s=%.0f  max_possible=%d  latency_ms p50=%.2f p99=%.2f p999=%.2f\n",
           ans / wall, R * P * Q, pct(0.5), pct(0.99), pct(0.999));
    printf("bench_cpu user=%.2f sys=%.2f total=%.2f us/answer=%.1f  reads=%ld\n", bu, bs, bu + bs, (bu + bs) * 1e6 / ans, st.reads);
    long fs = score_fanout();
    printf("fanout_ms samples=%ld p50=%.3f p90=%.3f p99=%.3f max=%.3f\n", fs,
           pct_of(fan, 0.5), pct_of(fan, 0.9), pct_of(fan, 0.99), pct_of(fan, 1.0));
    if (spid) printf("server_cpu user=%.2f sys=%.2f total=%.2f us/answer=%.1f\n", su1 - su0, ss1 - ss0,
                     su1 - su0 + ss1 - ss0, (su1 - su0 + ss1 - ss0) * 1e6 / ans);
    return 0;
}
