/* Error messages of the codec functions (internal to CPNGCodec). */
#ifndef ORBITBENCH_CODEC_MESSAGE_H
#define ORBITBENCH_CODEC_MESSAGE_H

#include <stddef.h>
#include <string.h>

/* Copies `text` into the caller's `message` buffer of `capacity` bytes, cut to fit and always
   NUL-terminated; nothing when there is no buffer. */
static inline void obpng_copy_message(char *message, size_t capacity, const char *text) {
    if (message == NULL || capacity == 0) return;
    strncpy(message, text, capacity - 1);
    message[capacity - 1] = '\0';
}

#endif
