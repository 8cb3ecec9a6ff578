// A GLib main context on a thread of its own (CGLibThread.h): the start and stop handshakes and
// the tasks both of fontd's GIO libraries hand their thread.

#include "CGLibThread.h"

struct fontd_glib_thread {
    GMainContext *context;
    GMainLoop *loop;
    GThread *thread;
    fontd_glib_thread_setup setup;
    fontd_glib_thread_teardown teardown;
    void *owner;

    /// The start, and tasks waited for: the thread says setup has returned, or a task has run.
    GMutex lock;
    GCond changed;
    gboolean ready;
};

static gpointer run_thread(gpointer data) {
    fontd_glib_thread *thread = data;
    g_main_context_push_thread_default(thread->context);
    gboolean running = thread->setup(thread->owner);
    g_mutex_lock(&thread->lock);
    thread->ready = TRUE;
    g_cond_broadcast(&thread->changed);
    g_mutex_unlock(&thread->lock);
    if (running) {
        g_main_loop_run(thread->loop);
        thread->teardown(thread->owner);
    }
    g_main_context_pop_thread_default(thread->context);
    return NULL;
}

static void free_thread(fontd_glib_thread *thread) {
    // Unreferencing the context destroys the tasks still attached to it, which releases them.
    g_main_loop_unref(thread->loop);
    g_main_context_unref(thread->context);
    g_mutex_clear(&thread->lock);
    g_cond_clear(&thread->changed);
    g_free(thread);
}

fontd_glib_thread *fontd_glib_thread_start(
    const char *name, fontd_glib_thread_setup setup, fontd_glib_thread_teardown teardown, void *owner, GError **error) {
    fontd_glib_thread *thread = g_new0(fontd_glib_thread, 1);
    thread->context = g_main_context_new();
    thread->loop = g_main_loop_new(thread->context, FALSE);
    thread->setup = setup;
    thread->teardown = teardown;
    thread->owner = owner;
    g_mutex_init(&thread->lock);
    g_cond_init(&thread->changed);
    thread->thread = g_thread_try_new(name, run_thread, thread, error);
    if (thread->thread == NULL) {
        free_thread(thread);
        return NULL;
    }
    g_mutex_lock(&thread->lock);
    while (!thread->ready) g_cond_wait(&thread->changed, &thread->lock);
    g_mutex_unlock(&thread->lock);
    return thread;
}

typedef struct pending_task {
    fontd_glib_thread *thread;
    fontd_glib_thread_task task;
    void *data;
    GDestroyNotify release;
} pending_task;

static gboolean run_task(gpointer data) {
    pending_task *pending = data;
    pending->task(pending->thread->owner, pending->data);
    return G_SOURCE_REMOVE;
}

static void release_task(gpointer data) {
    pending_task *pending = data;
    if (pending->release) pending->release(pending->data);
    g_free(pending);
}

void fontd_glib_thread_perform(fontd_glib_thread *thread, fontd_glib_thread_task task, void *data, GDestroyNotify release) {
    pending_task *pending = g_new(pending_task, 1);
    *pending = (pending_task){thread, task, data, release};
    GSource *source = g_idle_source_new();
    g_source_set_priority(source, G_PRIORITY_DEFAULT);
    g_source_set_callback(source, run_task, pending, release_task);
    g_source_attach(source, thread->context);
    g_source_unref(source);
}

/// A task the caller waits for.
typedef struct waited_task {
    fontd_glib_thread *thread;
    fontd_glib_thread_task task;
    void *data;
    gboolean done;
} waited_task;

static void run_waited(void *owner, void *data) {
    waited_task *waited = data;
    waited->task(owner, waited->data);
    g_mutex_lock(&waited->thread->lock);
    waited->done = TRUE;
    g_cond_broadcast(&waited->thread->changed);
    g_mutex_unlock(&waited->thread->lock);
}

void fontd_glib_thread_perform_and_wait(fontd_glib_thread *thread, fontd_glib_thread_task task, void *data) {
    waited_task waited = {thread, task, data, FALSE};
    fontd_glib_thread_perform(thread, run_waited, &waited, NULL);
    g_mutex_lock(&thread->lock);
    while (!waited.done) g_cond_wait(&thread->changed, &thread->lock);
    g_mutex_unlock(&thread->lock);
}

static void quit_loop(void *owner, void *data) {
    (void)owner;
    fontd_glib_thread *thread = data;
    g_main_loop_quit(thread->loop);
}

void fontd_glib_thread_stop(fontd_glib_thread *thread) {
    fontd_glib_thread_perform(thread, quit_loop, thread, NULL);
    g_thread_join(thread->thread);
    free_thread(thread);
}
