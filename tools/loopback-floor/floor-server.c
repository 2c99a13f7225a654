// floor-server: minimal single-threaded epoll quiz server mimicking the game
// server's traffic pattern. Output is gathered per loop iteration and written
// with one write() per connection before the next epoll_wait.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
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

typedef struct { char *p; size_t len, off, cap; } buf_t;

enum { C_NEW, C_PLAYER, C_HOST };
typedef struct {
    int fd, role, room, slot;
    int dirty, want_out;
    int inlen;
    char in[512];
    buf_t out;
} conn_t;

enum { R_WAIT, R_RUN, R_END };
typedef struct {
    char name[64];
    int host;                 // fd or -1
    int P, Q, T, G;           // G: gap between a round's end and the next question, ms
    int n, cap;               // players joined
    int *pfd;                 // fd per slot or -1
    char (*pname)[32];
    int *score, *streak, *answered;
    int state, round, open, A, B, qid, nanswered;
    int64_t qstart, deadline; // monotonic ns
    int64_t next_at;          // when the next question goes, during a gap; 0 = none
} room_t;

static conn_t **conns;        // indexed by fd
static int maxfd;
static room_t *rooms;
static int nrooms, caprooms;
static int *rhash;            // open addressing, -1 empty
#define RHASH (1 << 16)
static int epfd;
static int *dirty;
static int ndirty;
static volatile sig_atomic_t stop;
static struct {
    long iters, reads, writes, eagain, partial, accepts, rounds_full, rounds_deadline,
        ok, wrong, err_already, err_noround, err_other;
} st;

static int64_t mono_ns(void) {
    struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}
static int64_t wall_ms(void) {
    struct timespec ts; clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void out_append(conn_t *c, const char *s, size_t n) {
    buf_t *b = &c->out;
    if (b->len + n > b->cap) {
        if (b->off) { memmove(b->p, b->p + b->off, b->len - b->off); b->len -= b->off; b->off = 0; }
        size_t cap = b->cap ? b->cap : 512;
        while (cap < b->len + n) cap *= 2;
        if (cap != b->cap) { b->p = realloc(b->p, cap); b->cap = cap; }
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    if (!c->dirty) { c->dirty = 1; dirty[ndirty++] = c->fd; }
}
static void send_fd(int fd, const char *s, size_t n) {
    if (fd >= 0 && conns[fd]) out_append(conns[fd], s, n);
}

static unsigned hstr(const char *s) { unsigned h = 2166136261u; while (*s) h = (h ^ (unsigned char)*s++) * 16777619u; return h; }
static int room_get(const char *name) {
    unsigned h = hstr(name) & (RHASH - 1);
    while (rhash[h] >= 0) {
        if (!strcmp(rooms[rhash[h]].name, name)) return rhash[h];
        h = (h + 1) & (RHASH - 1);
    }
    if (nrooms >= RHASH / 2) return -1;
    if (nrooms == caprooms) { caprooms = caprooms ? caprooms * 2 : 256; rooms = realloc(rooms, caprooms * sizeof *rooms); }
    room_t *r = &rooms[nrooms];
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s", name);
    r->host = -1;
    rhash[h] = nrooms;
    return nrooms++;
}

static void send_err(conn_t *c, const char *code) {
    char b[128];
    int n = snprintf(b, sizeof b, "{\"type\":\"error\",\"code\":\"%s\",\"msg\":\"request rejected\"}\n", code);
    out_append(c, b, n);
}

static void broadcast(room_t *r, const char *s, size_t n) {
    for (int i = 0; i < r->n; i++) send_fd(r->pfd[i], s, n);
    send_fd(r->host, s, n);
}

static void next_question(room_t *r, int64_t now) {
    r->round++; r->qid++;
    r->A = 2 + rand() % 11; r->B = 2 + rand() % 11;
    r->open = 1; r->nanswered = 0;
    memset(r->answered, 0, r->n * sizeof(int));
    r->qstart = now; r->deadline = now + (int64_t)r->T * 1000000;
    char b[160];
    int n = snprintf(b, sizeof b,
        "{\"type\":\"question\",\"id\":%d,\"n\":%d,\"of\":%d,\"text\":\"%d x %d\",\"time_ms\":%d,\"at\":%lld}\n",
        r->qid, r->round, r->Q, r->A, r->B, r->T, (long long)wall_ms());
    broadcast(r, b, n);
}

static char *bigbuf; static size_t bigcap;
static void close_round(room_t *r, int64_t now) {
    r->open = 0;
    size_t need = 128 + (size_t)r->n * 80;
    if (need > bigcap) { bigcap = need * 2; bigbuf = realloc(bigbuf, bigcap); }
    char *p = bigbuf;
    p += sprintf(p, "{\"type\":\"round_end\",\"id\":%d,\"n\":%d,\"answer\":%d,\"answers\":%d,\"players\":[",
                 r->qid, r->round, r->A * r->B, r->nanswered);
    for (int i = 0; i < r->n; i++)
        p += sprintf(p, "%s{\"name\":\"%s\",\"points\":%d,\"streak\":%d}", i ? "," : "",
                     r->pname[i], r->score[i], r->streak[i]);
    p += sprintf(p, "]}\n");
    broadcast(r, bigbuf, p - bigbuf);
    if (r->round < r->Q) {
        if (r->G > 0) r->next_at = now + (int64_t)r->G * 1000000; else next_question(r, now);
        return;
    }
    r->state = R_END;
    int best = 0;
    for (int i = 1; i < r->n; i++) if (r->score[i] > r->score[best]) best = i;
    char b[160];
    int n = snprintf(b, sizeof b, "{\"type\":\"game_end\",\"room\":\"%s\",\"winner\":\"%s\",\"score\":%d}\n",
                     r->name, r->n ? r->pname[best] : "", r->n ? r->score[best] : 0);
    broadcast(r, b, n);
}

static void handle_line(conn_t *c, char *line, int64_t now) {
    char b[256];
    if (c->role == C_NEW) {
        char room[64], name[32];
        int P, Q, T, G = 0;
        if (line[0] == 'J' && sscanf(line, "J %63s %31s", room, name) == 2) {
            int ri = room_get(room);
            if (ri < 0) { send_err(c, "too_many_rooms"); return; }
            room_t *r = &rooms[ri];
            if (r->state != R_WAIT || (r->host >= 0 && r->n >= r->P)) { send_err(c, "room_closed"); return; }
            if (r->n == r->cap) {
                r->cap = r->cap ? r->cap * 2 : 16;
                r->pfd = realloc(r->pfd, r->cap * sizeof(int));
                r->pname = realloc(r->pname, r->cap * sizeof *r->pname);
                r->score = realloc(r->score, r->cap * sizeof(int));
                r->streak = realloc(r->streak, r->cap * sizeof(int));
                r->answered = realloc(r->answered, r->cap * sizeof(int));
            }
            int s = r->n++;
            r->pfd[s] = c->fd; snprintf(r->pname[s], 32, "%s", name);
            r->score[s] = r->streak[s] = r->answered[s] = 0;
            c->role = C_PLAYER; c->room = ri; c->slot = s;
            int n = snprintf(b, sizeof b, "{\"type\":\"ok\",\"cmd\":\"join\",\"room\":\"%s\",\"name\":\"%s\",\"slot\":%d}\n", room, name, s);
            out_append(c, b, n);
        } else if (line[0] == 'H' && sscanf(line, "H %63s %d %d %d %d", room, &P, &Q, &T, &G) >= 4 && P > 0 && Q > 0 && T > 0) {
            int ri = room_get(room);
            if (ri < 0) { send_err(c, "too_many_rooms"); return; }
            room_t *r = &rooms[ri];
            if (r->host >= 0 || r->state != R_WAIT) { send_err(c, "room_has_host"); return; }
            r->host = c->fd; r->P = P; r->Q = Q; r->T = T; r->G = G;
            c->role = C_HOST; c->room = ri;
            int n = snprintf(b, sizeof b, "{\"type\":\"ok\",\"cmd\":\"host\",\"room\":\"%s\",\"players\":%d}\n", room, P);
            out_append(c, b, n);
        } else send_err(c, "bad_hello");
        return;
    }
    room_t *r = &rooms[c->room];
    if (c->role == C_HOST) {
        if (line[0] == 'S' && line[1] == 0) {
            if (r->state != R_WAIT || r->n < r->P) { send_err(c, "not_ready"); return; }
            r->state = R_RUN;
            next_question(r, now);
        } else send_err(c, "bad_command");
        return;
    }
    if (strncmp(line, "/answer ", 8)) { send_err(c, "bad_command"); st.err_other++; return; }
    if (r->state != R_RUN || !r->open) { send_err(c, "no_round"); st.err_noround++; return; }
    int s = c->slot;
    if (r->answered[s]) { send_err(c, "already_answered"); st.err_already++; return; }
    // An answer may name its question (/answer id=N VALUE), as Chalkline's do: one for a
    // question that has closed is refused, like Chalkline's no_question.
    const char *value = line + 8;
    if (!strncmp(value, "id=", 3)) {
        char *e; long id = strtol(value + 3, &e, 10);
        if (id != r->qid) { send_err(c, "no_round"); st.err_noround++; return; }
        value = e;
    }
    long v = strtol(value, NULL, 10);
    r->answered[s] = 1; r->nanswered++;
    int ms = (int)((now - r->qstart) / 1000000);
    int correct = v == (long)r->A * r->B, pts = 0;
    if (correct) {
        pts = 1000 - 500 * ms / r->T; if (pts < 500) pts = 500;
        r->streak[s]++; r->score[s] += pts; st.ok++;
    } else { r->streak[s] = 0; st.wrong++; }
    int n = snprintf(b, sizeof b,
        "{\"type\":\"ok\",\"cmd\":\"answer\",\"id\":%d,\"correct\":%s,\"expected\":%d,\"points\":%d,\"ms\":%d,\"streak\":%d,\"score\":%d}\n",
        r->qid, correct ? "true" : "false", r->A * r->B, pts, ms, r->streak[s], r->score[s]);
    out_append(c, b, n);
    n = snprintf(b, sizeof b, "{\"type\":\"progress\",\"id\":%d,\"answers\":%d,\"players\":%d}\n",
                 r->qid, r->nanswered, r->n);
    send_fd(r->host, b, n);
    if (r->nanswered == r->n) { st.rounds_full++; close_round(r, now); }
}

static void close_conn(conn_t *c) {
    if (c->role == C_PLAYER) rooms[c->room].pfd[c->slot] = -1;
    else if (c->role == C_HOST) rooms[c->room].host = -1;
    epoll_ctl(epfd, EPOLL_CTL_DEL, c->fd, NULL);
    close(c->fd);
    conns[c->fd] = NULL;
    free(c->out.p);
    free(c); // a dirty-list entry for this fd is skipped since conns[fd] is NULL
}

static void on_readable(conn_t *c, int64_t now) {
    ssize_t n = read(c->fd, c->in + c->inlen, sizeof c->in - 1 - c->inlen);
    st.reads++;
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
    if (n <= 0) { close_conn(c); return; }
    c->inlen += n;
    char *p = c->in, *end = c->in + c->inlen, *nl;
    while ((nl = memchr(p, '\n', end - p))) {
        *nl = 0;
        handle_line(c, p, now);
        p = nl + 1;
        if (!conns[c->fd] || conns[c->fd] != c) return;
    }
    c->inlen = end - p;
    if (c->inlen == sizeof c->in - 1) { close_conn(c); return; } // line too long
    memmove(c->in, p, c->inlen);
}

static void flush_dirty(void) {
    for (int i = 0; i < ndirty; i++) {
        conn_t *c = conns[dirty[i]];
        if (!c) continue;
        c->dirty = 0;
        buf_t *b = &c->out;
        if (b->len > b->off) {
            ssize_t n = write(c->fd, b->p + b->off, b->len - b->off);
            st.writes++;
            if (n < 0) {
                if (errno != EAGAIN) { close_conn(c); continue; }
                st.eagain++; n = 0;
            }
            b->off += n;
            if (b->off < b->len && n > 0) st.partial++;
        }
        if (b->off == b->len) b->off = b->len = 0;
        int want = b->len > 0;
        if (want != c->want_out) {
            struct epoll_event ev = { .events = EPOLLIN | (want ? EPOLLOUT : 0), .data.fd = c->fd };
            epoll_ctl(epfd, EPOLL_CTL_MOD, c->fd, &ev);
            c->want_out = want;
        }
    }
    ndirty = 0;
}

static void on_sig(int s) { (void)s; stop = 1; }

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s PORT\n", argv[0]); return 1; }
    struct rlimit rl; getrlimit(RLIMIT_NOFILE, &rl); rl.rlim_cur = rl.rlim_max; setrlimit(RLIMIT_NOFILE, &rl);
    maxfd = (int)rl.rlim_cur + 16;
    conns = calloc(maxfd, sizeof *conns);
    dirty = malloc(maxfd * sizeof(int));
    rhash = malloc(RHASH * sizeof(int)); memset(rhash, -1, RHASH * sizeof(int));
    signal(SIGPIPE, SIG_IGN);
    struct sigaction sa = { .sa_handler = on_sig }; sigaction(SIGINT, &sa, NULL); sigaction(SIGTERM, &sa, NULL);
    srand(12345);

    int lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0), one = 1;
    setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(atoi(argv[1])) };
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    if (bind(lfd, (void *)&a, sizeof a) || listen(lfd, 4096)) { perror("bind/listen"); return 1; }
    epfd = epoll_create1(0);
    struct epoll_event ev = { .events = EPOLLIN, .data.fd = lfd };
    epoll_ctl(epfd, EPOLL_CTL_ADD, lfd, &ev);
    fprintf(stderr, "floor-server listening on 127.0.0.1:%s pid %d nofile %d\n", argv[1], getpid(), (int)rl.rlim_cur);

    enum { MAXEV = 4096 };
    static struct epoll_event evs[MAXEV];
    int timeout = -1;
    while (!stop) {
        int n = epoll_wait(epfd, evs, MAXEV, timeout);
        if (n < 0) { if (errno == EINTR) continue; perror("epoll_wait"); break; }
        st.iters++;
        int64_t now = mono_ns();
        for (int i = 0; i < n; i++) {
            int fd = evs[i].data.fd;
            if (fd == lfd) {
                for (;;) {
                    int cfd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK);
                    if (cfd < 0) break;
                    st.accepts++;
                    setsockopt(cfd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                    conn_t *c = calloc(1, sizeof *c);
                    c->fd = cfd; c->room = -1;
                    conns[cfd] = c;
                    struct epoll_event e = { .events = EPOLLIN, .data.fd = cfd };
                    epoll_ctl(epfd, EPOLL_CTL_ADD, cfd, &e);
                }
                continue;
            }
            conn_t *c = conns[fd];
            if (!c) continue;
            if (evs[i].events & EPOLLOUT && !c->dirty) { c->dirty = 1; dirty[ndirty++] = fd; }
            if (evs[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) on_readable(c, now);
        }
        // round deadlines
        now = mono_ns();
        int64_t next = INT64_MAX;
        for (int i = 0; i < nrooms; i++) {
            room_t *r = &rooms[i];
            if (r->state == R_RUN && r->next_at) {
                if (r->next_at <= now) { r->next_at = 0; next_question(r, now); }
                else if (r->next_at < next) next = r->next_at;
            }
            if (r->state != R_RUN || !r->open) continue;
            if (r->deadline <= now) { st.rounds_deadline++; close_round(r, now); }
            if (r->state == R_RUN && r->open && r->deadline < next) next = r->deadline;
        }
        timeout = next == INT64_MAX ? -1 : (int)((next - now + 999999) / 1000000);
        flush_dirty();
    }
    fprintf(stderr,
        "server stats: iters=%ld reads=%ld writes=%ld eagain=%ld partial=%ld accepts=%ld rounds_full=%ld rounds_deadline=%ld "
        "ok_correct=%ld ok_wrong=%ld err_already=%ld err_noround=%ld err_other=%ld\n",
        st.iters, st.reads, st.writes, st.eagain, st.partial, st.accepts, st.rounds_full, st.rounds_deadline,
        st.ok, st.wrong, st.err_already, st.err_noround, st.err_other);
    return 0;
}
