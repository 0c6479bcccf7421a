#include "cairo_functions.h"

#include <platform.h>
#include <pthread.h>

static ob_cairo_functions functions;
static const ob_cairo_functions *loaded;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    static const char *const names[] = {"libcairo.so.2"};
#define OB_CAIRO_NAME(field, function) #function,
    static const char *const symbols[] = {OB_CAIRO_FUNCTIONS(OB_CAIRO_NAME)};
#undef OB_CAIRO_NAME
    enum { count = sizeof symbols / sizeof symbols[0] };
    void *slots[count];
    if (platform_load_library(names, 1, "libcairo2", symbols, slots, count, failure, sizeof failure) == NULL) return;
    int index = 0;
#define OB_CAIRO_BIND(field, function) *(void **)&functions.field = slots[index++];
    OB_CAIRO_FUNCTIONS(OB_CAIRO_BIND)
#undef OB_CAIRO_BIND
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
