#include "cairo_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static CairoFunctions table;
static const CairoFunctions *loaded;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* libcairo.so.2 is the runtime name on every Linux distribution since cairo 1.0; the unversioned
   name is the development symlink, for a cairo installed without a versioned file. */
static const char *const candidates[] = {"libcairo.so.2", "libcairo.so"};

static void load(void) {
    void *handle = NULL;
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0] && handle == NULL; i++)
        handle = dlopen(candidates[i], RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "cannot load cairo (libcairo.so.2; Debian package libcairo2): %s",
                 reason ? reason : "not found");
        return;
    }
#define CCAIRO_LOAD(name)                                                                         \
    *(void **)&table.name = dlsym(handle, "cairo_" #name);                                        \
    if (table.name == NULL) {                                                                     \
        snprintf(failure, sizeof failure, "the loaded cairo has no function cairo_%s (too old?)", #name); \
        return;                                                                                   \
    }
    CCAIRO_FUNCTIONS(CCAIRO_LOAD)
#undef CCAIRO_LOAD
    loaded = &table;
}

const CairoFunctions *ccairo_functions(const char **error) {
    pthread_once(&once, load);
    if (loaded == NULL && error != NULL) *error = failure;
    return loaded;
}
