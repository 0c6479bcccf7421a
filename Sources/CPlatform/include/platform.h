/* Small libc facilities Swift does not expose on Linux. */
#ifndef ORBITBENCH_PLATFORM_H
#define ORBITBENCH_PLATFORM_H

#include <malloc.h>

/* Keeps freed memory in the process for reuse instead of returning it to the kernel.
   Each simulated run allocates a few MB of output; glibc would serve that with mmap and give it
   back with munmap, so every run paid hundreds of page faults for fresh pages. Returns 1 on
   success. Meant for the command-line tool, called once at start-up. */
static inline int platform_keep_freed_memory(void) {
    return mallopt(M_MMAP_THRESHOLD, 256 << 20) && mallopt(M_TRIM_THRESHOLD, 512 << 20);
}

#endif
