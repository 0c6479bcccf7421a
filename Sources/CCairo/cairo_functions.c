#include "cairo_functions.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static ob_cairo_functions functions;
static const ob_cairo_functions *loaded;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "cannot load libcairo.so.2 (Debian package libcairo2): %s", reason ? reason : "unknown reason");
        return;
    }
#define OB_CAIRO_SYMBOL(field, function)                                                              \
    {                                                                                                 \
        void *symbol = dlsym(library, #function);                                                     \
        if (symbol == NULL) {                                                                         \
            const char *reason = dlerror();                                                           \
            snprintf(failure, sizeof failure, "the loaded libcairo.so.2 has no function %s (%s)", #function, \
                     reason ? reason : "unknown reason");                                                  \
            return;                                                                                   \
        }                                                                                             \
        *(void **)&functions.field = symbol;                                                          \
    }
    OB_CAIRO_FUNCTIONS(OB_CAIRO_SYMBOL)
#undef OB_CAIRO_SYMBOL
    loaded = &functions;
}

const ob_cairo_functions *ob_cairo_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *ob_cairo_load_failure(void) {
    pthread_once(&once, load);
    return failure;
}
