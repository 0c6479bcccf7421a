/* The small helpers are static inline in include/platform.h; the library loader is here. */
#include "platform.h"

#include <dlfcn.h>
#include <stdio.h>

void *platform_load_library(const char *const *names, int name_count, const char *package, const char *const *symbols,
                            void **slots, int symbol_count, char *failure, size_t failure_size) {
    void *library = NULL;
    const char *opened = NULL;
    // The first name's reason is the one to show: the later names are fallbacks.
    snprintf(failure, failure_size, "cannot load a library: no name to try (Debian package %s)", package);
    for (int index = 0; index < name_count && library == NULL; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
        if (library != NULL) {
            opened = names[index];
            failure[0] = 0;
        } else if (index == 0) {
            const char *reason = dlerror();
            snprintf(failure, failure_size, "cannot load %s (Debian package %s): %s", names[0], package, reason ? reason : "unknown reason");
        }
    }
    if (library == NULL) return NULL;
    for (int index = 0; index < symbol_count; index++) {
        slots[index] = dlsym(library, symbols[index]);
        if (slots[index] == NULL) {
            snprintf(failure, failure_size, "the loaded %s has no symbol %s", opened, symbols[index]);
            return NULL;
        }
    }
    return library;
}
