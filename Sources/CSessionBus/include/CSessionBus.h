#ifndef FONTD_CSESSIONBUS_H
#define FONTD_CSESSIONBUS_H
// The interface between fontd and libfontd-bus.so, the library that keeps fontd's session-bus
// connection on a thread of its own (docs/DESIGN.md §27 (The session bus)). fontd loads the library with dlopen only
// when `serve --dbus` asks for it, so that no other command pays for loading GIO; the library
// exports one symbol, FONTD_BUS_ENTRY_POINT, a function returning the table below. Both sides
// compile against this header; only plain C types cross it.
//
// The library is generic: it registers the objects of the introspection XML it is given, flattens
// each method call's arguments to strings, and takes replies and signals as GVariant text, typed
// by the XML. What the objects mean is fontd's, in Swift.

#include <stdbool.h>
#include <stddef.h>

/// The version of the table; fontd refuses a library whose table carries another. 4: arguments
/// carry their declared name.
#define FONTD_BUS_VERSION 4

/// The name of the function the library exports.
#define FONTD_BUS_ENTRY_POINT "fontd_bus_table"

/// Why the bus cannot be joined.
typedef enum fontd_bus_failure_kind {
    /// The bus at the address cannot be reached (`detail`: GIO's reason).
    FONTD_BUS_NOT_CONNECTED = 1,
    /// The introspection XML does not parse, or the object cannot be registered (`detail`: why).
    FONTD_BUS_NOT_EXPORTED = 2,
    /// Another connection owns the name (`detail`: the name).
    FONTD_BUS_NAME_TAKEN = 3,
    /// The name could not be requested (`detail`: GIO's reason).
    FONTD_BUS_NAME_NOT_REQUESTED = 4,
    /// The thread could not be started (`detail`: GLib's reason).
    FONTD_BUS_NO_THREAD = 5,
} fontd_bus_failure_kind;

/// What a call fills in when it fails.
typedef struct fontd_bus_failure {
    fontd_bus_failure_kind kind;
    char detail[512];
} fontd_bus_failure;

/// A GLib log message's level, as fontd logs it.
typedef enum fontd_bus_log_level {
    FONTD_BUS_LOG_WARNING = 1,
    FONTD_BUS_LOG_NOTICE = 2,
    FONTD_BUS_LOG_INFO = 3,
} fontd_bus_log_level;

/// One connection to a bus and the thread that serves it.
typedef struct fontd_bus fontd_bus;

/// One method call waiting for its answer: given to `reply` or `fail` exactly once.
typedef struct fontd_bus_call fontd_bus_call;

/// One argument of a method call, flattened to strings by its type:
/// `s` (and `o`, `g`): the string; `as`: the items; `a{ss}`: key, value, key, value …;
/// `a{sv}`: key, the value's type, the value (the string itself for `s`, else its GVariant text) …;
/// any other type: its GVariant text.
typedef struct fontd_bus_argument {
    /// The argument's name, as the introspection XML declares it (`key`, `options`).
    const char *name;
    /// The argument's D-Bus type (`s`, `as`, `a{sv}` …).
    const char *signature;
    size_t count;
    const char *const *values;
} fontd_bus_argument;

/// A call answered at once with `reply`: the call of `member` of `interface` at `path` with
/// `arguments`, the GVariant text of its in arguments as a tuple; `reply` as for `reply` below.
typedef struct fontd_bus_answer {
    const char *path;
    const char *interface;
    const char *member;
    const char *arguments;
    const char *reply;
} fontd_bus_answer;

/// What the library calls, always with `context`.
typedef struct fontd_bus_callbacks {
    /// A method of an exported object was called; on the bus thread, which it must not hold up.
    /// `call` is answered with `reply` or `fail`, from any thread, now or later. The strings
    /// live until the callback returns.
    void (*call)(
        fontd_bus_call *call, const char *path, const char *interface, const char *member,
        const fontd_bus_argument *arguments, size_t count, void *context);
    /// The value of a property, as GVariant text allocated with malloc (freed by the library), or
    /// NULL for none; on the bus thread, at once.
    char *(*property)(const char *path, const char *interface, const char *name, void *context);
    /// GLib or GIO logged a message (its domain may be NULL); on any thread.
    void (*log)(fontd_bus_log_level level, const char *domain, const char *message, void *context);
    void *context;
} fontd_bus_callbacks;

typedef struct fontd_bus_interface {
    int version;
    /// Starts the bus thread, which connects to the bus at `address` (a D-Bus address, as in
    /// DBUS_SESSION_BUS_ADDRESS) on its own main context. Returns once connected, or NULL with
    /// `failure` filled in. When the bus goes away later, the library says so once (`log`, a
    /// warning), sends nothing meanwhile, and connects to `address` again with backoff (0.1 s
    /// doubling to 10 s): once back, it registers the objects and takes the names it had, and says
    /// so (a notice).
    fontd_bus *(*open)(const char *address, fontd_bus_callbacks callbacks, fontd_bus_failure *failure);
    /// Registers at `path` every interface `xml` (introspection XML) declares; their calls go to
    /// `callbacks.call`. Returns once registered, or false with `failure` filled in. Not on the bus thread.
    bool (*export_object)(fontd_bus *bus, const char *path, const char *xml, fontd_bus_failure *failure);
    /// Takes `name`, unless another connection has it (no queueing). Not on the bus thread.
    bool (*own_name)(fontd_bus *bus, const char *name, fontd_bus_failure *failure);
    /// Answers `call` with `text`, the GVariant text of its out arguments as a tuple (`('xl',)`),
    /// typed by the method's declaration; from any thread (sent from the bus thread).
    void (*reply)(fontd_bus_call *call, const char *text);
    /// Answers `call` with the D-Bus error `name` and `message`; from any thread.
    void (*fail)(fontd_bus_call *call, const char *name, const char *message);
    /// Emits `signal` of `interface` from `path` with `text`, the GVariant text of its arguments as
    /// a tuple, typed by the signal's declaration; from any thread, sent from the bus thread in
    /// the order emitted.
    void (*emit)(fontd_bus *bus, const char *path, const char *interface, const char *signal, const char *text);
    /// Emits `signal` of `interface` from `path`, an object fontd does not export (another
    /// program's, such as KDE's `/KGlobalSettings`), with `text`, the GVariant text of its arguments
    /// as a tuple of `signature` (`(ii)`, or `()` for none); otherwise as `emit`.
    void (*emit_signal)(
        fontd_bus *bus, const char *path, const char *interface, const char *signal, const char *signature, const char *text);
    /// Replaces the calls answered at once, where GDBus reads them, without `callbacks.call`: each
    /// of `answers` (typed by the exported method's declaration, or `org.freedesktop.DBus.Properties`'
    /// `Get`). Every other call goes to `callbacks.call` as before. From any thread; calls read after
    /// it returns get these answers. False when one could not be read (logged; the others are set).
    bool (*set_answers)(fontd_bus *bus, const fontd_bus_answer *answers, size_t count);
    /// Closes the connection, stops the thread and frees everything; calls not yet answered are
    /// answered with an error. No callback runs after it returns. Not on the bus thread.
    void (*close)(fontd_bus *bus);
} fontd_bus_interface;

/// The table's type, as the library exports it.
typedef const fontd_bus_interface *(*fontd_bus_entry_point)(void);

/// The introspection XML of org.fontd.Fontd1 and of the Settings portal backend, as committed in
/// `data/` (embedded at build time: one text, what is registered and what is installed).
const char *fontd_bus_fontd1_introspection(void);
const char *fontd_bus_portal_introspection(void);

#endif
