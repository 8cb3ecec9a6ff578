/* The native session-bus client of Benchmarks/dbus.sh: what an application linking GIO sees.
 *
 *   bus-client calls COUNT WARMUP DEST PATH INTERFACE.METHOD ARGUMENTS
 *       COUNT synchronous calls (after WARMUP unmeasured ones) of one method, ARGUMENTS in GVariant
 *       text ("('content-size-category',)", "()"); prints "calls COUNT p50_us P50 p99_us P99".
 *   bus-client changes COUNT WARMUP HOST PORT TOKEN
 *       COUNT changes of the category, alternating xl and l, each a PUT /preferences sent on one
 *       raw keep-alive TCP connection; for each, the time from the whole 200 read to the arrival of
 *       xdg-desktop-portal's SettingChanged (org.fontd.DynamicType, content-size-category) and of
 *       fontd's own Changed carrying that category. Prints "portal COUNT p50_us … p99_us …" and
 *       "changed COUNT p50_us … p99_us …"; a signal that comes before the 200 is read counts as a
 *       negative delay.
 *
 * Arrival is timed in a GDBus filter, which runs on GDBus's own worker thread as each message is
 * read from the socket, so the main thread may be blocked reading the HTTP answer meanwhile. The
 * signals are subscribed (match rules on the bus) so that the bus routes them here at all.
 */
#define _GNU_SOURCE
#include <gio/gio.h>

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static gint64 now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (gint64)t.tv_sec * 1000000000 + t.tv_nsec;
}

static int compare(const void *a, const void *b) {
    gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;
    return (x > y) - (x < y);
}

/* Prints "LABEL COUNT p50_us P50 p99_us P99" (nearest rank) of COUNT durations in nanoseconds. */
static void report(const char *label, gint64 *durations, int count) {
    qsort(durations, count, sizeof *durations, compare);
    int p50 = (count * 50 + 99) / 100 - 1, p99 = (count * 99 + 99) / 100 - 1;
    printf("%s %d p50_us %.1f p99_us %.1f\n", label, count, durations[p50 < 0 ? 0 : p50] / 1000.0,
           durations[p99 < 0 ? 0 : p99] / 1000.0);
}

static void die(const char *what, GError *error) {
    fprintf(stderr, "bus-client: %s: %s\n", what, error ? error->message : strerror(errno));
    exit(1);
}

static int calls(GDBusConnection *bus, int count, int warmup, char **argv) {
    const char *dest = argv[0], *path = argv[1];
    char *interface = g_strdup(argv[2]);
    char *dot = strrchr(interface, '.');
    if (!dot) die("INTERFACE.METHOD has no dot", NULL);
    *dot = '\0';
    const char *method = dot + 1;
    GError *error = NULL;
    GVariant *arguments = g_variant_ref_sink(g_variant_parse(NULL, argv[3], NULL, NULL, &error));
    if (!arguments) die("ARGUMENTS", error);

    gint64 *durations = g_new(gint64, count);
    for (int i = -warmup; i < count; i++) {
        gint64 start = now_ns();
        GVariant *reply = g_dbus_connection_call_sync(bus, dest, path, interface, method, arguments, NULL,
                                                      G_DBUS_CALL_FLAGS_NONE, 5000, NULL, &error);
        gint64 end = now_ns();
        if (!reply) die(argv[2], error);
        g_variant_unref(reply);
        if (i >= 0) durations[i] = end - start;
    }
    report("calls", durations, count);
    return 0;
}

/* What the filter waits for, under `lock`: the category of the change under way, and when each signal carrying it arrived. */
static GMutex lock;
static GCond arrived;
static const char *expected;
static gint64 portal_at, changed_at;

static gboolean carries(GVariant *value, const char *category) {
    return g_variant_is_of_type(value, G_VARIANT_TYPE_STRING) && strcmp(g_variant_get_string(value, NULL), category) == 0;
}

static GDBusMessage *filter(GDBusConnection *bus, GDBusMessage *message, gboolean incoming, gpointer data) {
    (void)bus, (void)data;
    if (!incoming || g_dbus_message_get_message_type(message) != G_DBUS_MESSAGE_TYPE_SIGNAL) return message;
    gint64 at = now_ns();
    const char *interface = g_dbus_message_get_interface(message), *member = g_dbus_message_get_member(message);
    GVariant *body = g_dbus_message_get_body(message);
    if (!interface || !member || !body) return message;
    g_mutex_lock(&lock);
    if (expected && portal_at == 0 && strcmp(interface, "org.freedesktop.portal.Settings") == 0 &&
        strcmp(member, "SettingChanged") == 0 && g_variant_is_of_type(body, G_VARIANT_TYPE("(ssv)"))) {
        const char *namespace, *key;
        GVariant *value;
        g_variant_get(body, "(&s&sv)", &namespace, &key, &value);
        if (strcmp(namespace, "org.fontd.DynamicType") == 0 && strcmp(key, "content-size-category") == 0 &&
            carries(value, expected))
            portal_at = at;
        g_variant_unref(value);
    } else if (expected && changed_at == 0 && strcmp(interface, "org.fontd.Fontd1") == 0 && strcmp(member, "Changed") == 0 &&
               g_variant_is_of_type(body, G_VARIANT_TYPE("(a{sv})"))) {
        GVariant *preferences = g_variant_get_child_value(body, 0);
        GVariant *value = g_variant_lookup_value(preferences, "content-size-category", NULL);
        if (value && carries(value, expected)) changed_at = at;
        if (value) g_variant_unref(value);
        g_variant_unref(preferences);
    }
    if (portal_at && changed_at) g_cond_signal(&arrived);
    g_mutex_unlock(&lock);
    return message;
}

/* Sends one PUT /preferences and reads its whole answer; returns the status. */
static int put(int socket_fd, const char *host, const char *token, const char *category) {
    char body[64], request[512];
    int body_length = snprintf(body, sizeof body, "{\"category\":\"%s\"}", category);
    int length = snprintf(request, sizeof request,
                          "PUT /preferences HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\n"
                          "Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
                          host, token, body_length, body);
    if (write(socket_fd, request, length) != length) die("write", NULL);

    static char answer[65536];
    size_t have = 0;
    long content_length = -1;
    char *end_of_head = NULL;
    for (;;) {
        ssize_t n = read(socket_fd, answer + have, sizeof answer - 1 - have);
        if (n <= 0) die("read (the server closed the connection)", NULL);
        have += (size_t)n;
        answer[have] = '\0';
        if (!end_of_head && (end_of_head = strstr(answer, "\r\n\r\n"))) {
            const char *field = strcasestr(answer, "\r\ncontent-length:");
            if (!field || field > end_of_head) die("an answer without Content-Length", NULL);
            content_length = strtol(field + strlen("\r\ncontent-length:"), NULL, 10);
        }
        if (end_of_head && have >= (size_t)(end_of_head + 4 - answer) + (size_t)content_length) break;
    }
    return atoi(answer + strlen("HTTP/1.1 "));
}

/* The subscriptions' callback: the filter has timed the signal already. */
static void heard(GDBusConnection *bus, const char *sender, const char *path, const char *interface, const char *member,
                  GVariant *parameters, gpointer data) {
    (void)bus, (void)sender, (void)path, (void)interface, (void)member, (void)parameters, (void)data;
}

static int changes(GDBusConnection *bus, int count, int warmup, char **argv) {
    const char *host = argv[0], *token = argv[2];
    int port = atoi(argv[1]);
    g_dbus_connection_add_filter(bus, filter, NULL, NULL);
    g_dbus_connection_signal_subscribe(bus, "org.freedesktop.portal.Desktop", "org.freedesktop.portal.Settings",
                                       "SettingChanged", "/org/freedesktop/portal/desktop", "org.fontd.DynamicType",
                                       G_DBUS_SIGNAL_FLAGS_NONE, heard, NULL, NULL);
    g_dbus_connection_signal_subscribe(bus, "org.fontd.Fontd1", "org.fontd.Fontd1", "Changed", "/org/fontd/Fontd1", NULL,
                                       G_DBUS_SIGNAL_FLAGS_NONE, heard, NULL, NULL);
    /* A call after the AddMatch calls: once it returns, the bus has applied them. */
    GError *error = NULL;
    GVariant *id = g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                               "GetId", NULL, NULL, G_DBUS_CALL_FLAGS_NONE, 5000, NULL, &error);
    if (!id) die("GetId", error);
    g_variant_unref(id);

    int socket_fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
    if (socket_fd < 0 || inet_pton(AF_INET, host, &address.sin_addr) != 1 ||
        connect(socket_fd, (struct sockaddr *)&address, sizeof address) != 0)
        die("connect", NULL);
    int one = 1;
    setsockopt(socket_fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);

    gint64 *portal = g_new(gint64, count), *changed = g_new(gint64, count);
    int missed = 0;
    for (int i = -warmup; i < count; i++) {
        const char *category = (i + warmup) % 2 == 0 ? "xl" : "l";
        g_mutex_lock(&lock);
        expected = category;
        portal_at = changed_at = 0;
        g_mutex_unlock(&lock);

        int status = put(socket_fd, host, token, category);
        gint64 answered = now_ns();
        if (status != 200) {
            fprintf(stderr, "bus-client: PUT /preferences answered %d\n", status);
            exit(1);
        }
        g_mutex_lock(&lock);
        gint64 deadline = g_get_monotonic_time() + 5 * G_TIME_SPAN_SECOND;
        while (!(portal_at && changed_at))
            if (!g_cond_wait_until(&arrived, &lock, deadline)) break;
        if (!(portal_at && changed_at)) {
            fprintf(stderr, "bus-client: change to %s: %s%s within 5 s\n", category, portal_at ? "" : "no SettingChanged ",
                    changed_at ? "" : "no Changed ");
            missed++;
        } else if (i >= 0) {
            portal[i] = portal_at - answered;
            changed[i] = changed_at - answered;
        }
        expected = NULL;
        g_mutex_unlock(&lock);
        if (missed > 3) {
            fprintf(stderr, "bus-client: giving up after %d changes without their signals\n", missed);
            exit(1);
        }
    }
    close(socket_fd);
    if (missed) {
        fprintf(stderr, "bus-client: %d changes missed their signals\n", missed);
        exit(1);
    }
    report("portal", portal, count);
    report("changed", changed, count);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: bus-client calls COUNT WARMUP DEST PATH INTERFACE.METHOD ARGUMENTS\n"
                        "       bus-client changes COUNT WARMUP HOST PORT TOKEN\n");
        return 2;
    }
    int count = atoi(argv[2]), warmup = atoi(argv[3]);
    if (count <= 0 || warmup < 0) die("COUNT must be positive and WARMUP not negative", NULL);
    GError *error = NULL;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    if (!bus) die("the session bus", error);
    if (strcmp(argv[1], "calls") == 0 && argc == 8) return calls(bus, count, warmup, argv + 4);
    if (strcmp(argv[1], "changes") == 0 && argc == 7) return changes(bus, count, warmup, argv + 4);
    fprintf(stderr, "bus-client: unknown mode or wrong number of arguments\n");
    return 2;
}
