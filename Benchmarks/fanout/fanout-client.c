/*
 * fanout-client — an epoll load client for Server-Sent Events fan-out.
 *
 * Opens N subscriber connections (one thread, non-blocking sockets, level-triggered epoll),
 * sends each `GET <path>` with `Accept: text/event-stream`, waits until every one has its
 * response head (and, for fontd, the snapshot event), then triggers K broadcasts, one at a
 * time, over a separate keep-alive connection:
 *
 *   --server fontd   PUT <publish-path> {"category":"xl"} (with `Authorization: Bearer <token>`
 *                    when --token is given), alternating two categories so that every PUT is
 *                    a change; the event is recognised by `"sequence":N}` in its data line,
 *                    N = the sequence read from GET <publish-path> before the first
 *                    broadcast, plus one per broadcast.
 *   --server nchan   POST <publish-path> with the body fontd's event would carry,
 *                    {"category":"xl","previous":"l","sequence":N}, N = 1, 2, …, and
 *                    `X-EventSource-Event: contentSizeCategoryDidChange`; same marker.
 *
 * For every subscriber and broadcast it records the time from just before the publish request
 * is sent to the epoll_wait() return that reported the marker's bytes readable (an upper bound
 * on the arrival time: it includes the client's own lag, at most one batch of events). The
 * next broadcast starts when every live subscriber has its event and the publisher has
 * answered (or after --timeout), plus a pause. --warmup broadcasts come first and are not
 * counted. With --poll-us, the client naps that long whenever nothing is readable instead of
 * sleeping in epoll_wait(): fewer wake-ups for the server's send() to pay for, less client CPU,
 * timestamps late by up to the nap — a check that the client does not shape the figures.
 *
 * With --scope-prefix P (fontd, docs/DESIGN.md §23 (Reader scopes and scoped tokens)), subscriber i subscribes to
 * `<path>?scope=P<i>` instead, a scope of its own that inherits the root's preferences: the
 * broadcasts stay on the root and reach every one of them (the snapshot is recognised by
 * `"sequence":S,"inherited"`, the events by the same marker as the root's). With
 * --scope-changes K as well, K changes on the one scope P<scope-index> follow the broadcasts
 * (after --scope-change-warmup unmeasured ones): `PUT <publish-path>?scope=P<k>`, categories s
 * and xs alternating (never a broadcast's, so every PUT is a change), each sent the moment the
 * previous one has its answer and its event has reached subscriber k, over the same keep-alive
 * connection. The server's CPU over the K changes gives the cost of one; an event of theirs at
 * any other subscriber is counted as a stray (it must reach only that scope's subscribers).
 *
 * With --port2 P2 (fontd replicas sharing one store, docs/DESIGN.md §24 (Replicas on PostgreSQL)), every second
 * subscriber (the odd indexes) subscribes to the server on port P2 instead, and the
 * sequence is read from the first; with --publish-alternate as well, broadcast b's PUT goes to
 * the first server when b is even and to the second when it is odd (one keep-alive connection
 * to each). The result then also splits the latencies into subscribers of the server that took
 * the PUT and of the other one, which had the change through the store.
 *
 * Source addresses are spread over 127.0.0.<first-source>, … (--per-source connections each,
 * bound with IP_BIND_ADDRESS_NO_PORT so the port is chosen at connect() by the 4-tuple):
 * one loopback address has only ~28k ephemeral ports and connect() slows past ~14k.
 *
 * Server cost comes from /proc: utime+stime (/proc/PID/stat) summed over --pids over the K
 * broadcasts, and VmRSS (/proc/PID/status) summed over --pids before the first subscriber
 * connects and after all are connected.
 *
 * Progress goes to stderr; the last line on stdout is `result key=value …` for scripts.
 *
 * Build: cc -O2 -o fanout-client fanout-client.c
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#ifndef IP_BIND_ADDRESS_NO_PORT
#define IP_BIND_ADDRESS_NO_PORT 24
#endif

#define CARRY_BYTES 31 /* kept from one recv() to the next: longer than any marker */
#define RECV_BYTES (256 * 1024)
#define MAX_EVENTS 1024
#define PUBLISHER UINT32_MAX /* epoll data of the publisher connection */
#define MAX_PIDS 64

enum server_kind { FONTD, NCHAN };
enum sub_state { CONNECTING, STATUS, HEAD, SNAPSHOT, LIVE, CLOSED };

struct subscriber {
    int fd;
    int32_t delivered; /* index of the last broadcast whose event arrived; -1 before any */
    uint8_t state;
    uint8_t carry_len;
    char carry[CARRY_BYTES]; /* the last bytes of the previous recv(), for a marker cut in two */
};

/* ---- options --------------------------------------------------------------------------- */
static enum server_kind server = FONTD;
static const char *label = NULL; /* the name in the result line; the server kind's by default */
static const char *host = "127.0.0.1";
static int port = 0;
static int port2 = 0;                /* > 0: the odd subscribers are on this port (a second replica) */
static bool publish_alternate = false; /* with port2: odd broadcasts are published on the second server */
static const char *path = "/events";
static const char *publish_path = NULL;
static const char *token = NULL;
static long subscriber_count = 1000;
static long broadcast_count = 20;
static long warmup_count = 1;
static long poll_us = 0;
static long pause_ms = 200;
static long timeout_s = 30;
static long connect_timeout_s = 120;
static long per_source = 10000;
static long first_source = 2;
static long concurrency = 512;
static pid_t pids[MAX_PIDS];
static int pid_count = 0;
static const char *scope_prefix = NULL; /* subscriber i subscribes to scope <prefix><i> */
static long scope_change_count = 0;
static long scope_change_warmup = 10;
static long scope_index = 0;

/* ---- state ----------------------------------------------------------------------------- */
static int epoll_fd = -1;
static struct subscriber *subs;
static struct sockaddr_in server_addr;
static struct sockaddr_in server_addr2; /* --port2 */
static char request[512];
static size_t request_len;
static char request2[512]; /* the GET for subscribers of --port2 */
static size_t request2_len;
static char rbuf[CARRY_BYTES + RECV_BYTES];

static long in_setup = 0;      /* connecting, or waiting for the head / snapshot */
static long ready_count = 0;   /* have had their head (and snapshot) */
static long live_count = 0;    /* ready and still open */
static long setup_failed = 0;  /* never became ready */
static long dropped = 0;       /* closed by the server after becoming ready */
static char first_failure[256];

static char ready_marker[48]; /* fontd: the snapshot's `"sequence":S,"fontGeneration"`; empty: the head suffices */
static size_t ready_marker_len;
static char marker[32]; /* the current broadcast's `"sequence":N}` */
static size_t marker_len;
static int32_t active = -1;     /* index of the broadcast under way (warm-up ones first), -1 between */
static long undelivered;        /* live subscribers still waiting for the active broadcast */
static uint64_t t0;             /* CLOCK_MONOTONIC ns just before the publish request */
static uint64_t *latencies;     /* ns, one per delivery */
static size_t latency_count;
static int publish_target;      /* 0: the PUT goes to --port; 1: to --port2 */
static uint64_t *other_latencies; /* with --port2: the deliveries at the server that did not take the PUT */
static size_t other_latency_count;
static uint64_t epoll_waits, epoll_events; /* during broadcasts: how busy the client is */
static bool changing_scope;     /* the changes on one scope are under way: only subscriber scope_index expects the event */
static uint64_t scope_event_at; /* ns after t0 when the changed scope's subscriber had the event */
static long strays;             /* events of a change on one scope that reached another scope's subscriber */

static int pub_fd = -1;
static char pub_buf[16384];
static size_t pub_len;
static bool pub_done;
static uint64_t pub_answered; /* ns after t0 */

/* ---- helpers --------------------------------------------------------------------------- */
static void die(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("fanout-client: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(1);
}

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static long parse_long(const char *text, const char *option, long min, long max) {
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    if (errno || end == text || *end || value < min || value > max)
        die("%s must be an integer in %ld…%ld, not '%s'", option, min, max, text);
    return value;
}

/* utime + stime of a process, in clock ticks, or -1 if it is gone. */
static long long process_ticks(pid_t pid) {
    char file[64], line[2048];
    snprintf(file, sizeof file, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(file, "r");
    if (!f) return -1;
    size_t n = fread(line, 1, sizeof line - 1, f);
    fclose(f);
    line[n] = 0;
    char *p = strrchr(line, ')'); /* the command name may hold spaces and parentheses */
    if (!p) return -1;
    unsigned long long utime, stime;
    /* after ")": state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime */
    if (sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &utime, &stime) != 2) return -1;
    return (long long)(utime + stime);
}

/* VmRSS of a process in KiB, or -1 if it is gone. */
static long long process_rss_kib(pid_t pid) {
    char file[64], line[256];
    snprintf(file, sizeof file, "/proc/%d/status", (int)pid);
    FILE *f = fopen(file, "r");
    if (!f) return -1;
    long long kib = -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %lld kB", &kib) == 1) break;
    fclose(f);
    return kib;
}

/* A figure of the server summed over --pids; fails if one of them is gone. */
static long long sum_over_pids(long long (*figure)(pid_t)) {
    long long sum = 0;
    for (int i = 0; i < pid_count; i++) {
        long long value = figure(pids[i]);
        if (value < 0) die("server process %d is gone", (int)pids[i]);
        sum += value;
    }
    return sum;
}

static double own_cpu_seconds(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return (double)usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + (double)usage.ru_stime.tv_sec +
           usage.ru_stime.tv_usec / 1e6;
}

static int compare_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Nearest-rank percentile of a sorted array, in ms. */
static double percentile_ms(const uint64_t *sorted, size_t n, double q) {
    if (n == 0) return 0;
    size_t rank = (size_t)(q * (double)n + 0.999999999);
    if (rank < 1) rank = 1;
    if (rank > n) rank = n;
    return (double)sorted[rank - 1] / 1e6;
}

/* Where the value of "key" starts in a flat JSON object (after the colon); NULL if absent. */
static const char *json_value(const char *json, const char *key) {
    char quoted[64];
    snprintf(quoted, sizeof quoted, "\"%s\"", key);
    const char *p = strstr(json, quoted);
    if (!p) return NULL;
    p += strlen(quoted);
    while (*p == ' ' || *p == ':') p++;
    return p;
}

/* The value of "key": "…" in a flat JSON object, copied to out; false if absent. */
static bool json_string(const char *json, const char *key, char *out, size_t size) {
    const char *p = json_value(json, key);
    if (!p || *p++ != '"') return false;
    size_t n = 0;
    while (*p && *p != '"' && n + 1 < size) out[n++] = *p++;
    out[n] = 0;
    return *p == '"';
}

/* The value of "key": <digits> in a flat JSON object; false if absent. */
static bool json_uint(const char *json, const char *key, unsigned long long *out) {
    const char *p = json_value(json, key);
    if (!p || *p < '0' || *p > '9') return false;
    *out = strtoull(p, NULL, 10);
    return true;
}

/* ---- HTTP responses on the publisher connection ------------------------------------------ */
struct response {
    int status;
    const char *body; /* NUL-terminated inside pub_buf */
    size_t total;     /* bytes of pub_buf the response used */
};

/* 1 when pub_buf holds a whole response (Content-Length or chunked), 0 if more is needed. */
static int parse_response(struct response *r, bool at_eof) {
    char *end = memmem(pub_buf, pub_len, "\r\n\r\n", 4);
    if (!end) {
        if (pub_len == sizeof pub_buf - 1) die("publisher: response head larger than %zu bytes", sizeof pub_buf);
        return 0;
    }
    size_t head_len = (size_t)(end - pub_buf) + 4;
    if (pub_len < 12 || memcmp(pub_buf, "HTTP/1.", 7) != 0) die("publisher: not an HTTP response");
    r->status = atoi(pub_buf + 9);
    long long content_length = -1;
    bool chunked = false;
    for (char *line = memchr(pub_buf, '\n', head_len); line && line < end; line = memchr(line, '\n', (size_t)(end - line))) {
        line++;
        if (strncasecmp(line, "Content-Length:", 15) == 0) content_length = atoll(line + 15);
        if (strncasecmp(line, "Transfer-Encoding:", 18) == 0 && memmem(line, (size_t)(end - line), "chunked", 7))
            chunked = true;
    }
    pub_buf[pub_len] = 0;
    r->body = pub_buf + head_len;
    if (content_length >= 0) {
        if (pub_len < head_len + (size_t)content_length) return 0;
        r->total = head_len + (size_t)content_length;
    } else if (chunked) {
        /* Enough to find the end; the body is only read for fontd's sequence number. */
        char *last = memmem(pub_buf + head_len, pub_len - head_len, "0\r\n\r\n", 5);
        if (!last) return 0;
        r->total = (size_t)(last - pub_buf) + 5;
    } else {
        if (!at_eof) return 0; /* ends when the server closes */
        r->total = pub_len;
    }
    return 1;
}

static int connect_publisher(void) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) die("publisher socket: %s", strerror(errno));
    struct sockaddr_in *target = publish_target ? &server_addr2 : &server_addr;
    if (connect(fd, (struct sockaddr *)target, sizeof *target) != 0)
        die("publisher: connect to %s:%d: %s", host, publish_target ? port2 : port, strerror(errno));
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    pub_len = 0;
    return fd;
}

static void send_all(int fd, const char *data, size_t len) {
    while (len > 0) {
        ssize_t n = send(fd, data, len, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR) continue;
            die("publisher: send: %s", strerror(errno));
        }
        data += n;
        len -= (size_t)n;
    }
}

/* fontd's trigger: PUT <target><query> {"category":"<category>"}, with the token when there is one. */
static void put_request(char *out, size_t size, const char *target, const char *query, const char *category) {
    char payload[64];
    int len = snprintf(payload, sizeof payload, "{\"category\":\"%s\"}", category);
    snprintf(out, size,
             "PUT %s%s HTTP/1.1\r\nHost: %s:%d\r\n%s%s%sContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
             target, query, host, publish_target ? port2 : port, token ? "Authorization: Bearer " : "", token ? token : "", token ? "\r\n" : "", len,
             payload);
}

/* One request on the (blocking) publisher connection, before any subscriber: the body is copied to out. */
static int blocking_exchange(const char *req, char *out, size_t size) {
    send_all(pub_fd, req, strlen(req));
    struct response r;
    bool eof = false;
    for (;;) {
        if (parse_response(&r, eof)) break;
        if (eof) die("publisher: connection closed mid-response");
        ssize_t n = recv(pub_fd, pub_buf + pub_len, sizeof pub_buf - 1 - pub_len, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) die("publisher: recv: %s", strerror(errno));
        if (n == 0) eof = true;
        pub_len += (size_t)n;
    }
    snprintf(out, size, "%s", r.body);
    if (eof) {
        close(pub_fd);
        pub_fd = connect_publisher();
    }
    memmove(pub_buf, pub_buf + r.total, pub_len - r.total);
    pub_len -= r.total;
    return r.status;
}

/* ---- subscribers ------------------------------------------------------------------------- */
static void fail_setup(struct subscriber *s, const char *format, ...) {
    if (!first_failure[0]) {
        va_list args;
        va_start(args, format);
        vsnprintf(first_failure, sizeof first_failure, format, args);
        va_end(args);
    }
    if (s->fd >= 0) close(s->fd);
    s->fd = -1;
    s->state = CLOSED;
    setup_failed++;
    in_setup--;
}

static void close_subscriber(struct subscriber *s) {
    if (s->state != LIVE) return;
    close(s->fd);
    s->fd = -1;
    s->state = CLOSED;
    live_count--;
    dropped++;
    if (active >= 0 && s->delivered != active && (!changing_scope || s == subs + scope_index)) undelivered--;
}

static void open_subscriber(uint32_t index) {
    struct subscriber *s = &subs[index];
    s->delivered = -1;
    s->carry_len = 0;
    s->state = CONNECTING;
    in_setup++;
    s->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (s->fd < 0) {
        fail_setup(s, "socket: %s", strerror(errno));
        return;
    }
    int one = 1;
    setsockopt(s->fd, IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
    struct sockaddr_in source = {.sin_family = AF_INET};
    source.sin_addr.s_addr = htonl((127u << 24) | (uint32_t)(first_source + index / per_source));
    struct epoll_event ev = {.events = EPOLLOUT | EPOLLIN | EPOLLRDHUP, .data.u32 = index};
    if (bind(s->fd, (struct sockaddr *)&source, sizeof source) != 0)
        fail_setup(s, "bind to %s: %s", inet_ntoa(source.sin_addr), strerror(errno));
    else if (connect(s->fd, (struct sockaddr *)(port2 && index % 2 ? &server_addr2 : &server_addr), sizeof server_addr) != 0 &&
             errno != EINPROGRESS)
        fail_setup(s, "connect from %s: %s", inet_ntoa(source.sin_addr), strerror(errno));
    else if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, s->fd, &ev) != 0)
        fail_setup(s, "epoll_ctl: %s", strerror(errno));
}

static void connected(struct subscriber *s, uint32_t index) {
    int error = 0;
    socklen_t len = sizeof error;
    getsockopt(s->fd, SOL_SOCKET, SO_ERROR, &error, &len);
    if (error) {
        fail_setup(s, "connect: %s", strerror(error));
        return;
    }
    const char *get = port2 && index % 2 ? request2 : request;
    size_t get_len = port2 && index % 2 ? request2_len : request_len;
    char scoped[sizeof request];
    if (scope_prefix) {
        get_len = (size_t)snprintf(scoped, sizeof scoped,
                                   "GET %s?scope=%s%" PRIu32 " HTTP/1.1\r\nHost: %s:%d\r\nAccept: text/event-stream\r\n\r\n",
                                   path, scope_prefix, index, host, port2 && index % 2 ? port2 : port);
        get = scoped;
    }
    ssize_t n = send(s->fd, get, get_len, MSG_NOSIGNAL);
    if (n != (ssize_t)get_len) {
        fail_setup(s, "send of the GET: %s", n < 0 ? strerror(errno) : "short write");
        return;
    }
    struct epoll_event ev = {.events = EPOLLIN | EPOLLRDHUP, .data.u32 = index};
    epoll_ctl(epoll_fd, EPOLL_CTL_MOD, s->fd, &ev);
    s->state = STATUS;
}

static void became_ready(struct subscriber *s) {
    s->state = LIVE;
    in_setup--;
    ready_count++;
    live_count++;
}

/* Prints the bytes that brought the first event to the first subscriber, escaped, to compare servers. */
static void show_event(const char *data, size_t n) {
    fputs("fanout-client: the first subscriber received \"", stderr);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)data[i];
        if (c == '\n') fputs("\\n", stderr);
        else if (c == '\r') fputs("\\r", stderr);
        else if (c == '"' || c == '\\') fprintf(stderr, "\\%c", c);
        else if (c < 0x20 || c >= 0x7f) fprintf(stderr, "\\x%02x", c);
        else fputc(c, stderr);
    }
    fputs("\"\n", stderr);
}

/* Reads what one subscriber has; `now` is when epoll_wait() reported it. */
static void read_subscriber(struct subscriber *s, uint64_t now) {
    char *data = rbuf + CARRY_BYTES;
    ssize_t got = recv(s->fd, data, RECV_BYTES, 0);
    if (got <= 0) {
        if (got < 0 && (errno == EAGAIN || errno == EINTR)) return;
        if (s->state == LIVE)
            close_subscriber(s);
        else if (got < 0)
            fail_setup(s, "recv: %s", strerror(errno));
        else
            fail_setup(s, "closed by the server before the %s", s->state == SNAPSHOT ? "snapshot" : "response head");
        return;
    }
    /* Search the carried tail and the new bytes as one run. */
    data -= s->carry_len;
    memcpy(data, s->carry, s->carry_len);
    size_t n = (size_t)got + s->carry_len, at = 0;

    if (s->state == STATUS) {
        if (n < 12) goto keep; /* fewer bytes than "HTTP/1.1 200" */
        if (memcmp(data, "HTTP/1.", 7) != 0 || memcmp(data + 9, "200", 3) != 0) {
            char *eol = memchr(data, '\r', n);
            fail_setup(s, "answered '%.*s'", (int)(eol ? eol - data : (ptrdiff_t)(n < 60 ? n : 60)), data);
            return;
        }
        s->state = HEAD;
    }
    if (s->state == HEAD) {
        char *end = memmem(data + at, n - at, "\r\n\r\n", 4);
        if (!end) goto keep;
        at = (size_t)(end - data) + 4;
        if (ready_marker_len) {
            s->state = SNAPSHOT;
        } else {
            became_ready(s);
        }
    }
    if (s->state == SNAPSHOT) {
        char *found = memmem(data + at, n - at, ready_marker, ready_marker_len);
        if (!found) goto keep;
        at = (size_t)(found - data) + ready_marker_len;
        became_ready(s);
    }
    if (s->state == LIVE && active >= 0 && s->delivered != active) {
        char *found = memmem(data + at, n - at, marker, marker_len);
        if (found) {
            at = (size_t)(found - data) + marker_len;
            s->delivered = active;
            if (!changing_scope) {
                undelivered--;
                latencies[latency_count++] = now - t0;
                if (port2 && (int)((s - subs) % 2) != publish_target) other_latencies[other_latency_count++] = now - t0;
                if (s == subs && active == 0) show_event(data + s->carry_len, (size_t)got);
            } else if (s == subs + scope_index) {
                undelivered--;
                scope_event_at = now - t0;
            } else {
                strays++;
            }
        }
    }
keep:;
    size_t keep = n - at;
    if (keep > CARRY_BYTES) keep = CARRY_BYTES;
    memcpy(s->carry, data + n - keep, keep);
    s->carry_len = (uint8_t)keep;
}

/* ---- publisher during broadcasts --------------------------------------------------------- */
static unsigned long long expected_sequence;

static void read_publisher(uint64_t now) {
    bool eof = false;
    ssize_t n = recv(pub_fd, pub_buf + pub_len, sizeof pub_buf - 1 - pub_len, 0);
    if (n < 0) {
        if (errno == EAGAIN || errno == EINTR) return;
        die("publisher: recv: %s", strerror(errno));
    }
    if (n == 0) eof = true;
    pub_len += (size_t)n;
    struct response r;
    if (!parse_response(&r, eof)) {
        if (eof) die("publisher: the server closed the connection without an answer");
        return;
    }
    if (r.status < 200 || r.status > 299) die("publisher: the server answered %d: %.200s", r.status, r.body);
    if (server == FONTD) {
        unsigned long long sequence;
        if (!json_uint(r.body, "sequence", &sequence)) die("publisher: no sequence in the answer: %.200s", r.body);
        if (sequence != expected_sequence)
            die("publisher: fontd answered sequence %llu, expected %llu (is something else changing the category?)",
                sequence, expected_sequence);
    }
    pub_done = true;
    pub_answered = now - t0;
    memmove(pub_buf, pub_buf + r.total, pub_len - r.total);
    pub_len -= r.total;
    if (eof) {
        epoll_ctl(epoll_fd, EPOLL_CTL_DEL, pub_fd, NULL);
        close(pub_fd);
        pub_fd = -1;
    }
}

/* One epoll_wait() and everything it reported. */
static int poll_once(int timeout_ms) {
    static struct epoll_event events[MAX_EVENTS];
    int n = epoll_wait(epoll_fd, events, MAX_EVENTS, timeout_ms);
    if (n < 0) {
        if (errno == EINTR) return 0;
        die("epoll_wait: %s", strerror(errno));
    }
    uint64_t now = now_ns();
    if (active >= 0) {
        epoll_waits++;
        epoll_events += (uint64_t)n;
    }
    for (int i = 0; i < n; i++) {
        uint32_t index = events[i].data.u32;
        if (index == PUBLISHER) {
            read_publisher(now);
            continue;
        }
        struct subscriber *s = &subs[index];
        if (s->state == CLOSED) continue;
        if (s->state == CONNECTING) {
            connected(s, index);
            continue;
        }
        if (events[i].events & EPOLLIN) read_subscriber(s, now);
        if (s->state != CLOSED && (events[i].events & (EPOLLRDHUP | EPOLLHUP | EPOLLERR))) {
            if (s->state == LIVE)
                close_subscriber(s);
            else
                fail_setup(s, "connection closed by the server during setup");
        }
    }
    return n;
}

/* Polls until every expected subscriber has the active event and the publisher has answered, or `until`. */
static void await_delivery(uint64_t until) {
    while ((undelivered > 0 || !pub_done) && now_ns() < until) {
        if (poll_us == 0) {
            poll_once(100);
        } else if (poll_once(0) == 0) {
            struct timespec nap = {.tv_sec = 0, .tv_nsec = poll_us * 1000};
            nanosleep(&nap, NULL);
        }
    }
}

/* ---- main -------------------------------------------------------------------------------- */
static void usage(void) {
    fprintf(stderr,
            "usage: fanout-client --server fontd|nchan [--label NAME] --port PORT [--host 127.0.0.1] [--path /events]\n"
            "         [--publish-path PATH] [--token T] [--subscribers N] [--broadcasts K] [--warmup 1]\n"
            "         [--pause-ms 200] [--timeout 30] [--connect-timeout 120] [--per-source 10000] [--first-source 2]\n"
            "         [--concurrency 512] [--scope-prefix P [--scope-changes K] [--scope-change-warmup 10]\n"
            "         [--scope-index 0]] [--port2 PORT [--publish-alternate]] --pids PID,PID,… (the server's processes)\n");
    exit(2);
}

int main(int argc, char **argv) {
    static const struct option options[] = {
        {"server", required_argument, 0, 'S'},        {"host", required_argument, 0, 'h'},
        {"port", required_argument, 0, 'p'},          {"path", required_argument, 0, 'P'},
        {"publish-path", required_argument, 0, 'u'},  {"token", required_argument, 0, 't'},
        {"subscribers", required_argument, 0, 'n'},   {"broadcasts", required_argument, 0, 'k'},
        {"warmup", required_argument, 0, 'W'}, {"poll-us", required_argument, 0, 'U'},
        {"pause-ms", required_argument, 0, 'w'},      {"timeout", required_argument, 0, 'T'},
        {"connect-timeout", required_argument, 0, 'C'}, {"per-source", required_argument, 0, 's'},
        {"first-source", required_argument, 0, 'f'},  {"concurrency", required_argument, 0, 'c'},
        {"pids", required_argument, 0, 'i'},          {"label", required_argument, 0, 'L'},
        {"scope-prefix", required_argument, 0, 'x'},  {"scope-changes", required_argument, 0, 'X'},
        {"scope-change-warmup", required_argument, 0, 'y'}, {"scope-index", required_argument, 0, 'I'},
        {"port2", required_argument, 0, 'q'},         {"publish-alternate", no_argument, 0, 'a'},
        {0, 0, 0, 0},
    };
    int option;
    while ((option = getopt_long(argc, argv, "", options, NULL)) != -1) {
        switch (option) {
        case 'S':
            if (strcmp(optarg, "fontd") == 0) server = FONTD;
            else if (strcmp(optarg, "nchan") == 0) server = NCHAN;
            else die("--server must be fontd or nchan, not '%s'", optarg);
            break;
        case 'L': label = optarg; break;
        case 'h': host = optarg; break;
        case 'p': port = (int)parse_long(optarg, "--port", 1, 65535); break;
        case 'q': port2 = (int)parse_long(optarg, "--port2", 1, 65535); break;
        case 'a': publish_alternate = true; break;
        case 'P': path = optarg; break;
        case 'u': publish_path = optarg; break;
        case 't': token = optarg; break;
        case 'n': subscriber_count = parse_long(optarg, "--subscribers", 1, 10000000); break;
        case 'k': broadcast_count = parse_long(optarg, "--broadcasts", 1, 1000000); break;
        case 'U': poll_us = parse_long(optarg, "--poll-us", 0, 999999); break;
        case 'W': warmup_count = parse_long(optarg, "--warmup", 0, 1000000); break;
        case 'w': pause_ms = parse_long(optarg, "--pause-ms", 0, 3600000); break;
        case 'T': timeout_s = parse_long(optarg, "--timeout", 1, 3600); break;
        case 'C': connect_timeout_s = parse_long(optarg, "--connect-timeout", 1, 3600); break;
        case 's': per_source = parse_long(optarg, "--per-source", 1, 28000); break;
        case 'f': first_source = parse_long(optarg, "--first-source", 1, 254); break;
        case 'c': concurrency = parse_long(optarg, "--concurrency", 1, 1000000); break;
        case 'x': scope_prefix = optarg; break;
        case 'X': scope_change_count = parse_long(optarg, "--scope-changes", 0, 10000000); break;
        case 'y': scope_change_warmup = parse_long(optarg, "--scope-change-warmup", 0, 1000000); break;
        case 'I': scope_index = parse_long(optarg, "--scope-index", 0, 10000000); break;
        case 'i':
            for (char *item = strtok(optarg, ","); item; item = strtok(NULL, ",")) {
                if (pid_count == MAX_PIDS) die("at most %d --pids", MAX_PIDS);
                pids[pid_count++] = (pid_t)parse_long(item, "--pids", 1, 1L << 30);
            }
            break;
        default: usage();
        }
    }
    if (optind != argc || port == 0 || pid_count == 0) usage();
    if (!publish_path) publish_path = server == FONTD ? "/category" : "/pub";
    if (scope_prefix) {
        /* A segment of §23 (Reader scopes and scoped tokens): [A-Za-z0-9][A-Za-z0-9._-]{0,63}, the number included; or a path of them. */
        size_t len = strlen(scope_prefix);
        if (server != FONTD) die("--scope-prefix is for --server fontd");
        if (len == 0 || len > 40 || strspn(scope_prefix, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-/") != len)
            die("--scope-prefix must be up to 40 letters, digits, '.', '_', '-' or '/', not '%s'", scope_prefix);
    }
    if (scope_change_count > 0 && !scope_prefix) die("--scope-changes needs --scope-prefix");
    if (port2 && (server != FONTD || scope_prefix)) die("--port2 is for --server fontd without --scope-prefix");
    if (publish_alternate && !port2) die("--publish-alternate needs --port2");
    if (scope_change_count > 0 && scope_index >= subscriber_count)
        die("--scope-index %ld is not a subscriber's (there are %ld)", scope_index, subscriber_count);
    long sources = (subscriber_count + per_source - 1) / per_source;
    if (first_source + sources - 1 > 254)
        die("%ld subscribers at %ld per source address need 127.0.0.%ld…%ld: past 127.0.0.254", subscriber_count,
            per_source, first_source, first_source + sources - 1);
    if (strlen(host) + strlen(path) + strlen(publish_path) > 200) die("--host, --path or --publish-path too long");
    server_addr.sin_family = AF_INET;
    server_addr.sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, host, &server_addr.sin_addr) != 1) die("--host must be an IPv4 address, not '%s'", host);
    server_addr2 = server_addr;
    server_addr2.sin_port = htons((uint16_t)port2);

    /* One descriptor per subscriber, plus the publisher, epoll and stdio. */
    struct rlimit limit;
    getrlimit(RLIMIT_NOFILE, &limit);
    limit.rlim_cur = limit.rlim_max;
    if (limit.rlim_cur == RLIM_INFINITY) { /* no hard limit: the kernel's ceiling for one process */
        FILE *f = fopen("/proc/sys/fs/nr_open", "r");
        unsigned long long nr_open = 1048576;
        if (f) {
            if (fscanf(f, "%llu", &nr_open) != 1) nr_open = 1048576;
            fclose(f);
        }
        limit.rlim_cur = (rlim_t)nr_open;
    }
    if (setrlimit(RLIMIT_NOFILE, &limit) != 0) die("setrlimit(RLIMIT_NOFILE): %s", strerror(errno));
    if ((rlim_t)subscriber_count + 16 > limit.rlim_cur)
        die("%ld subscribers need %ld descriptors; the hard open-file limit is %llu", subscriber_count,
            subscriber_count + 16, (unsigned long long)limit.rlim_cur);

    subs = calloc((size_t)subscriber_count, sizeof *subs);
    /* One entry per delivery; reset after the warm-up broadcasts. */
    long most = warmup_count > broadcast_count ? warmup_count : broadcast_count;
    latencies = malloc((size_t)subscriber_count * (size_t)most * sizeof *latencies);
    other_latencies = port2 ? malloc((size_t)subscriber_count * (size_t)most * sizeof *other_latencies) : NULL;
    if (!subs || !latencies || (port2 && !other_latencies)) die("out of memory");
    request_len = (size_t)snprintf(request, sizeof request,
                                   "GET %s HTTP/1.1\r\nHost: %s:%d\r\nAccept: text/event-stream\r\n\r\n", path, host, port);
    request2_len = (size_t)snprintf(request2, sizeof request2,
                                    "GET %s HTTP/1.1\r\nHost: %s:%d\r\nAccept: text/event-stream\r\n\r\n", path, host, port2);
    if (poll_us > 0) prctl(PR_SET_TIMERSLACK, 1000UL); /* naps of poll_us, not poll_us + 50 µs */
    epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    if (epoll_fd < 0) die("epoll_create1: %s", strerror(errno));

    /* Where the sequence stands, so that the snapshot and each event can be recognised. */
    pub_fd = connect_publisher();
    char body[4096], current[32] = "l";
    unsigned long long first_sequence = 1; /* of the first broadcast */
    if (server == FONTD) {
        char req[512];
        snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: %s:%d\r\n\r\n", publish_path, host, port);
        int status = blocking_exchange(req, body, sizeof body);
        unsigned long long sequence;
        if (status != 200 || !json_string(body, "category", current, sizeof current) ||
            !json_uint(body, "sequence", &sequence))
            die("GET %s answered %d: %.200s", publish_path, status, body);
        first_sequence = sequence + 1;
        /* A snapshot goes on with the fonts' generation (docs/DESIGN.md §25 (Font set changes)), a scope's with the
           preferences it inherits after it (§23 (Reader scopes and scoped tokens)). */
        ready_marker_len = (size_t)snprintf(ready_marker, sizeof ready_marker, "\"sequence\":%llu,\"fontGeneration\"", sequence);
        fprintf(stderr, "fanout-client: fontd's category is %s, sequence %llu\n", current, sequence);
    }

    long long rss_before = sum_over_pids(process_rss_kib);

    /* ---- connect ---- */
    fprintf(stderr, "fanout-client: connecting %ld subscribers to %s:%d%s%s%s%s from 127.0.0.%ld…%ld\n", subscriber_count,
            host, port, path, scope_prefix ? "?scope=" : "", scope_prefix ? scope_prefix : "", scope_prefix ? "<i>" : "",
            first_source, first_source + sources - 1);
    uint64_t start = now_ns(), deadline = start + (uint64_t)connect_timeout_s * 1000000000u;
    long next = 0;
    while ((next < subscriber_count || in_setup > 0) && now_ns() < deadline) {
        while (next < subscriber_count && in_setup < concurrency) open_subscriber((uint32_t)next++);
        poll_once(50);
    }
    double connect_seconds = (double)(now_ns() - start) / 1e9;
    if (in_setup > 0 || next < subscriber_count) {
        fprintf(stderr, "fanout-client: warning: %ld subscribers not ready after %lds\n",
                in_setup + (subscriber_count - next), connect_timeout_s);
        for (long i = 0; i < next; i++) /* give up on them: they must not count as live */
            if (subs[i].state != LIVE && subs[i].state != CLOSED) fail_setup(&subs[i], "not ready in time");
        setup_failed += subscriber_count - next;
    }
    fprintf(stderr, "fanout-client: %ld/%ld subscribers ready in %.2fs\n", ready_count, subscriber_count,
            connect_seconds);
    if (setup_failed) fprintf(stderr, "fanout-client: warning: %ld failed; the first: %s\n", setup_failed, first_failure);
    if (live_count == 0) die("no subscriber connected");

    /* Let the server settle before measuring its memory. */
    for (uint64_t until = now_ns() + 500000000u; now_ns() < until;) poll_once(50);
    long long rss_connected = sum_over_pids(process_rss_kib);

    /* ---- broadcasts: the warm-up ones first, then the measured ones ---- */
    struct epoll_event pub_event = {.events = EPOLLIN | EPOLLRDHUP, .data.u32 = PUBLISHER};
    if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, pub_fd, &pub_event) != 0) die("epoll_ctl: %s", strerror(errno));
    uint64_t *publish_times = calloc((size_t)broadcast_count, sizeof *publish_times);
    uint64_t *complete_times = calloc((size_t)broadcast_count, sizeof *complete_times);
    if (!publish_times || !complete_times) die("out of memory");
    size_t publish_count = 0;
    uint64_t *publish_by_target[2] = {NULL, NULL}; /* with --port2: the answers of each server */
    size_t publish_by_target_count[2] = {0, 0};
    int parked[2] = {-1, -1}; /* with --publish-alternate: the other server's publisher connection */
    if (port2) {
        publish_by_target[0] = calloc((size_t)broadcast_count, sizeof(uint64_t));
        publish_by_target[1] = calloc((size_t)broadcast_count, sizeof(uint64_t));
        if (!publish_by_target[0] || !publish_by_target[1]) die("out of memory");
    }
    long timed_out = 0;
    long long ticks_before = 0;
    double own_before = 0;
    bool flip = strcmp(current, "xl") == 0; /* first broadcast: xl, unless that is the current category */
    for (long b = 0; b < warmup_count + broadcast_count; b++) {
        bool measured = b >= warmup_count;
        if (b == warmup_count) {
            latency_count = 0;
            other_latency_count = 0;
            epoll_waits = epoll_events = 0;
            ticks_before = sum_over_pids(process_ticks);
            own_before = own_cpu_seconds();
        }
        const char *category = ((b % 2 == 0) != flip) ? "xl" : "l";
        const char *previous = strcmp(category, "xl") == 0 ? "l" : "xl";
        expected_sequence = first_sequence + (unsigned long long)b;
        char req[1024], payload[256];
        if (server == FONTD) {
            put_request(req, sizeof req, publish_path, "", category);
        } else {
            /* The data fontd's event would carry, under the same event name. */
            int len = snprintf(payload, sizeof payload, "{\"category\":\"%s\",\"previous\":\"%s\",\"sequence\":%llu}",
                               category, previous, expected_sequence);
            snprintf(req, sizeof req,
                     "POST %s HTTP/1.1\r\nHost: %s:%d\r\nX-EventSource-Event: contentSizeCategoryDidChange\r\n"
                     "Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
                     publish_path, host, port, len, payload);
        }
        if (publish_alternate && (int)(b % 2) != publish_target) {
            /* Park this server's connection and take up the other's (the answer before was whole). */
            if (pub_fd >= 0) epoll_ctl(epoll_fd, EPOLL_CTL_DEL, pub_fd, NULL);
            parked[publish_target] = pub_fd;
            publish_target = (int)(b % 2);
            pub_fd = parked[publish_target];
            parked[publish_target] = -1;
            pub_len = 0;
            if (pub_fd >= 0) {
                char byte;
                ssize_t n = recv(pub_fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
                if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                    if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, pub_fd, &pub_event) != 0) die("epoll_ctl: %s", strerror(errno));
                } else { /* the server closed it while it was parked */
                    close(pub_fd);
                    pub_fd = -1;
                }
            }
        }
        if (pub_fd < 0) {
            pub_fd = connect_publisher();
            if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, pub_fd, &pub_event) != 0) die("epoll_ctl: %s", strerror(errno));
        }
        marker_len = (size_t)snprintf(marker, sizeof marker, "\"sequence\":%llu}", expected_sequence);
        size_t first_latency = latency_count;
        long live_at_start = live_count;
        undelivered = live_count;
        pub_done = false;
        active = (int32_t)b;
        t0 = now_ns();
        send_all(pub_fd, req, strlen(req));
        uint64_t until = t0 + (uint64_t)timeout_s * 1000000000u;
        await_delivery(until);
        active = -1;

        uint64_t slowest = 0;
        for (size_t i = first_latency; i < latency_count; i++)
            if (latencies[i] > slowest) slowest = latencies[i];
        long got = (long)(latency_count - first_latency);
        if (measured) {
            complete_times[b - warmup_count] = slowest;
            if (pub_done) publish_times[publish_count++] = pub_answered;
            if (pub_done && port2) publish_by_target[publish_target][publish_by_target_count[publish_target]++] = pub_answered;
        }
        char name[64];
        if (measured)
            snprintf(name, sizeof name, "broadcast %ld/%ld", b - warmup_count + 1, broadcast_count);
        else
            snprintf(name, sizeof name, "warm-up %ld/%ld", b + 1, warmup_count);
        fprintf(stderr, "fanout-client: %s (%s): %ld/%ld delivered, the last after %.1f ms; publish%s answered %s %.1f ms\n",
                name, marker, got, live_at_start, (double)slowest / 1e6,
                publish_alternate ? (publish_target ? " (server 2)" : " (server 1)") : "", pub_done ? "after" : "NOT within",
                (double)(pub_done ? pub_answered : until - t0) / 1e6);
        if (undelivered > 0 || !pub_done) {
            if (measured) timed_out++;
            if (!pub_done) { /* the answer may still come: never mix it up with the next one */
                epoll_ctl(epoll_fd, EPOLL_CTL_DEL, pub_fd, NULL);
                close(pub_fd);
                pub_fd = -1;
            }
        }
        if (b + 1 < warmup_count + broadcast_count)
            for (uint64_t pause_until = now_ns() + (uint64_t)pause_ms * 1000000u; now_ns() < pause_until;)
                poll_once((int)(pause_ms < 50 ? pause_ms : 50));
    }
    long long ticks = sum_over_pids(process_ticks) - ticks_before;
    double own_seconds = own_cpu_seconds() - own_before;

    /* ---- changes on one scope: the warm-up ones first, then the measured ones ---- */
    long long change_ticks = 0;
    double change_own_seconds = 0;
    uint64_t *change_answers = calloc((size_t)scope_change_count + 1, sizeof *change_answers);
    uint64_t *change_events = calloc((size_t)scope_change_count + 1, sizeof *change_events);
    if (!change_answers || !change_events) die("out of memory");
    size_t change_answer_count = 0, change_event_count = 0;
    long change_timed_out = 0;
    char changed_scope[64] = "";
    if (scope_change_count > 0) {
        snprintf(changed_scope, sizeof changed_scope, "%s%ld", scope_prefix, scope_index);
        char query[96];
        snprintf(query, sizeof query, "?scope=%s", changed_scope);
        fprintf(stderr, "fanout-client: %ld changes on scope %s (after %ld warm-up), one at a time\n", scope_change_count,
                changed_scope, scope_change_warmup);
        changing_scope = true;
        struct subscriber *target = &subs[scope_index];
        long long change_ticks_before = 0;
        double change_own_before = 0;
        long total = scope_change_warmup + scope_change_count;
        for (long c = 0; c < total; c++) {
            bool measured = c >= scope_change_warmup;
            if (c == scope_change_warmup) {
                change_ticks_before = sum_over_pids(process_ticks);
                change_own_before = own_cpu_seconds();
            }
            char req[1024];
            put_request(req, sizeof req, publish_path, query, c % 2 == 0 ? "s" : "xs");
            if (pub_fd < 0) {
                pub_fd = connect_publisher();
                if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, pub_fd, &pub_event) != 0) die("epoll_ctl: %s", strerror(errno));
            }
            /* Every broadcast and change so far took one id of the store's sequence. */
            expected_sequence = first_sequence + (unsigned long long)(warmup_count + broadcast_count + c);
            marker_len = (size_t)snprintf(marker, sizeof marker, "\"sequence\":%llu}", expected_sequence);
            undelivered = target->state == LIVE ? 1 : 0;
            pub_done = false;
            active = (int32_t)(warmup_count + broadcast_count + c);
            t0 = now_ns();
            send_all(pub_fd, req, strlen(req));
            uint64_t until = t0 + (uint64_t)timeout_s * 1000000000u;
            await_delivery(until);
            active = -1;
            if (measured) {
                if (pub_done) change_answers[change_answer_count++] = pub_answered;
                if (undelivered == 0 && target->state == LIVE) change_events[change_event_count++] = scope_event_at;
            }
            if (undelivered > 0 || !pub_done) {
                fprintf(stderr, "fanout-client: change %ld on %s (%s): %s, %s within %lds\n", c + 1, changed_scope, marker,
                        undelivered > 0 ? "event NOT delivered" : "event delivered", pub_done ? "answered" : "NOT answered",
                        timeout_s);
                if (measured) change_timed_out++;
                if (!pub_done) {
                    epoll_ctl(epoll_fd, EPOLL_CTL_DEL, pub_fd, NULL);
                    close(pub_fd);
                    pub_fd = -1;
                }
            }
        }
        change_ticks = sum_over_pids(process_ticks) - change_ticks_before;
        change_own_seconds = own_cpu_seconds() - change_own_before;
        changing_scope = false;
    }

    /* ---- report ---- */
    qsort(latencies, latency_count, sizeof *latencies, compare_u64);
    qsort(publish_times, publish_count, sizeof *publish_times, compare_u64);
    qsort(complete_times, (size_t)broadcast_count, sizeof *complete_times, compare_u64);
    qsort(change_answers, change_answer_count, sizeof *change_answers, compare_u64);
    qsort(change_events, change_event_count, sizeof *change_events, compare_u64);
    unsigned long long expected = (unsigned long long)subscriber_count * (unsigned long long)broadcast_count;
    double tick_ms = 1000.0 / (double)sysconf(_SC_CLK_TCK);
    double cpu_ms = (double)ticks * tick_ms / (double)broadcast_count;
    double cpu_us_per_sub = cpu_ms * 1000.0 / (double)ready_count;
    double rss_per_sub = (double)(rss_connected - rss_before) / (double)ready_count;
    double own_ms = own_seconds * 1000.0 / (double)broadcast_count;
    double p50 = percentile_ms(latencies, latency_count, 0.50), p99 = percentile_ms(latencies, latency_count, 0.99),
           max = latency_count ? (double)latencies[latency_count - 1] / 1e6 : 0;
    double complete_p50 = percentile_ms(complete_times, (size_t)broadcast_count, 0.50);
    double publish_p50 = percentile_ms(publish_times, publish_count, 0.50),
           publish_p99 = percentile_ms(publish_times, publish_count, 0.99),
           publish_max = publish_count ? (double)publish_times[publish_count - 1] / 1e6 : 0;
    double batch = epoll_waits ? (double)epoll_events / (double)epoll_waits : 0.0;
    fprintf(stderr,
            "fanout-client: delivered %zu/%llu; latency p50 %.2f ms, p99 %.2f ms, max %.2f ms; "
            "everyone reached after %.1f ms (median broadcast)\n"
            "fanout-client: publish answered after %.2f ms (median), %.2f ms (max)\n"
            "fanout-client: server CPU %.1f ms per broadcast, %.2f µs per subscriber (%lld ticks of %.0f ms over %ld broadcasts)\n"
            "fanout-client: server RSS %lld KiB before, %lld KiB with %ld subscribers: %.2f KiB per subscriber\n"
            "fanout-client: client CPU %.1f ms per broadcast; %.1f sockets per epoll_wait during broadcasts\n",
            latency_count, expected, p50, p99, max, complete_p50, publish_p50, publish_max, cpu_ms, cpu_us_per_sub, ticks,
            tick_ms, broadcast_count, rss_before, rss_connected, ready_count, rss_per_sub, own_ms, batch);
    printf("result server=%s subscribers=%ld broadcasts=%ld warmup=%ld ready=%ld setup_failed=%ld dropped=%ld "
           "timed_out=%ld delivered=%zu expected=%llu p50_ms=%.3f p99_ms=%.3f max_ms=%.3f complete_p50_ms=%.3f "
           "publish_p50_ms=%.3f publish_p99_ms=%.3f publish_max_ms=%.3f cpu_ms_per_broadcast=%.2f cpu_us_per_subscriber=%.3f "
           "rss_before_kib=%lld rss_connected_kib=%lld rss_kib_per_subscriber=%.2f client_cpu_ms_per_broadcast=%.2f "
           "sockets_per_wait=%.1f connect_s=%.2f",
           label ? label : server == FONTD ? "fontd" : "nchan", subscriber_count, broadcast_count, warmup_count, ready_count,
           setup_failed, dropped, timed_out, latency_count, expected, p50, p99, max, complete_p50, publish_p50,
           publish_p99, publish_max, cpu_ms, cpu_us_per_sub, rss_before, rss_connected, rss_per_sub, own_ms, batch,
           connect_seconds);
    if (scope_prefix) printf(" scope_prefix=%s", scope_prefix);
    if (port2) {
        /* The deliveries at the server that took each PUT, and at the other one (through the store). */
        qsort(other_latencies, other_latency_count, sizeof *other_latencies, compare_u64);
        uint64_t *same = malloc((latency_count + 1) * sizeof *same);
        if (!same) die("out of memory");
        size_t same_count = 0, o = 0;
        for (size_t i = 0; i < latency_count; i++) { /* latencies minus other_latencies, both sorted */
            if (o < other_latency_count && latencies[i] == other_latencies[o]) o++;
            else same[same_count++] = latencies[i];
        }
        for (int t = 0; t < 2; t++)
            qsort(publish_by_target[t], publish_by_target_count[t], sizeof(uint64_t), compare_u64);
        fprintf(stderr,
                "fanout-client: at the server that took the PUT: %zu delivered, p50 %.2f ms, p99 %.2f ms; at the other: %zu, "
                "p50 %.2f ms, p99 %.2f ms\n"
                "fanout-client: publish answered by server 1 (%zu) p50 %.2f ms, p99 %.2f ms; by server 2 (%zu) p50 %.2f ms, p99 %.2f ms\n",
                same_count, percentile_ms(same, same_count, 0.50), percentile_ms(same, same_count, 0.99),
                other_latency_count, percentile_ms(other_latencies, other_latency_count, 0.50),
                percentile_ms(other_latencies, other_latency_count, 0.99), publish_by_target_count[0],
                percentile_ms(publish_by_target[0], publish_by_target_count[0], 0.50),
                percentile_ms(publish_by_target[0], publish_by_target_count[0], 0.99), publish_by_target_count[1],
                percentile_ms(publish_by_target[1], publish_by_target_count[1], 0.50),
                percentile_ms(publish_by_target[1], publish_by_target_count[1], 0.99));
        printf(" port2=%d publish_alternate=%d same_delivered=%zu same_p50_ms=%.3f same_p99_ms=%.3f other_delivered=%zu "
               "other_p50_ms=%.3f other_p99_ms=%.3f publish1_p50_ms=%.3f publish1_p99_ms=%.3f publish2_p50_ms=%.3f "
               "publish2_p99_ms=%.3f",
               port2, publish_alternate ? 1 : 0, same_count, percentile_ms(same, same_count, 0.50),
               percentile_ms(same, same_count, 0.99), other_latency_count,
               percentile_ms(other_latencies, other_latency_count, 0.50),
               percentile_ms(other_latencies, other_latency_count, 0.99),
               percentile_ms(publish_by_target[0], publish_by_target_count[0], 0.50),
               percentile_ms(publish_by_target[0], publish_by_target_count[0], 0.99),
               percentile_ms(publish_by_target[1], publish_by_target_count[1], 0.50),
               percentile_ms(publish_by_target[1], publish_by_target_count[1], 0.99));
        free(same);
    }
    if (scope_change_count > 0) {
        double change_cpu_us = (double)change_ticks * tick_ms * 1000.0 / (double)scope_change_count;
        double change_own_us = change_own_seconds * 1e6 / (double)scope_change_count;
        double answer_p50 = percentile_ms(change_answers, change_answer_count, 0.50),
               answer_p99 = percentile_ms(change_answers, change_answer_count, 0.99),
               event_p50 = percentile_ms(change_events, change_event_count, 0.50);
        fprintf(stderr,
                "fanout-client: %ld changes on %s: server CPU %.1f µs per change (%lld ticks of %.0f ms); answered after "
                "%.3f ms (median), %.3f ms (p99); event after %.3f ms (median), %zu/%ld delivered; %ld strays; client CPU "
                "%.1f µs per change\n",
                scope_change_count, changed_scope, change_cpu_us, change_ticks, tick_ms, answer_p50, answer_p99, event_p50,
                change_event_count, scope_change_count, strays, change_own_us);
        printf(" changed_scope=%s changes=%ld change_warmup=%ld change_ticks=%lld change_cpu_us=%.2f change_answer_p50_ms=%.3f "
               "change_answer_p99_ms=%.3f change_event_p50_ms=%.3f change_events=%zu change_strays=%ld change_timed_out=%ld "
               "change_client_cpu_us=%.2f",
               changed_scope, scope_change_count, scope_change_warmup, change_ticks, change_cpu_us, answer_p50, answer_p99,
               event_p50, change_event_count, strays, change_timed_out, change_own_us);
    }
    printf("\n");
    return 0;
}
