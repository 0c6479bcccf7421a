/* Small libc facilities Swift does not expose on Linux. */
#ifndef ORBITBENCH_PLATFORM_H
#define ORBITBENCH_PLATFORM_H

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Keeps freed memory in the process for reuse instead of returning it to the kernel.
   Each simulated run allocates a few MB of output; glibc would serve that with mmap and give it
   back with munmap, so every run paid hundreds of page faults for fresh pages. Returns 1 on
   success. Meant for the command-line tool, called once at start-up. */
static inline int platform_keep_freed_memory(void) {
    return mallopt(M_MMAP_THRESHOLD, 256 << 20) && mallopt(M_TRIM_THRESHOLD, 512 << 20);
}

/* Caps the process's address space at `bytes` (RLIMIT_AS): an allocation beyond it fails
   instead of exhausting the machine. For child processes that read untrusted files with C
   libraries (libhdf5) whose allocations the caller cannot bound. Returns 0 on success. */
static inline int platform_limit_address_space(unsigned long long bytes) {
    struct rlimit limit = {bytes, bytes};
    return setrlimit(RLIMIT_AS, &limit);
}

/* Swaps the entries at paths `a` and `b` in one step (renameat2 with RENAME_EXCHANGE), so that a
   folder being replaced is never missing, not even for a moment. Returns 0 on success, else the
   errno (EINVAL or ENOSYS where the file system or kernel cannot: the caller renames instead). */
static inline int platform_exchange_paths(const char *a, const char *b) {
#if defined(SYS_renameat2)
    return syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */) == 0 ? 0 : errno;
#else
    return ENOSYS;
#endif
}

/* Loads a shared library the first time a command needs it, instead of linking it: a linked
   library and its dependency tree load at every start of every command. Opens the first of the
   `name_count` `names` that dlopen opens (RTLD_NOW | RTLD_LOCAL; the handle stays open for the
   process), then looks up each of the `symbol_count` `symbols` into `slots`. Returns the handle,
   or NULL with a one-line reason in `failure`: the library cannot be opened (naming the Debian
   `package` to install), or it lacks a symbol (naming the first missing one). The one mechanism
   for libcairo (CCairo) and libhdf5 (Recordings' HDF5Library); callers load once. */
void *platform_load_library(const char *const *names, int name_count, const char *package, const char *const *symbols,
                            void **slots, int symbol_count, char *failure, size_t failure_size);

#endif
