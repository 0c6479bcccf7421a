/* Error messages of the codec functions and libpng's callbacks for them (internal to CPNGCodec). */
#ifndef ORBITBENCH_CODEC_MESSAGE_H
#define ORBITBENCH_CODEC_MESSAGE_H

#include <png.h>
#include <stddef.h>
#include <string.h>

/* Copies `text` into the caller's `message` buffer of `capacity` bytes, cut to fit and always
   NUL-terminated; nothing when there is no buffer. */
static inline void obpng_copy_message(char *message, size_t capacity, const char *text) {
    if (message == NULL || capacity == 0) return;
    strncpy(message, text, capacity - 1);
    message[capacity - 1] = '\0';
}

/* The caller's message buffer: the first member of each call's state, which libpng's error
   pointer points to, so that one error callback serves the encoder and the decoder. */
typedef struct {
    char *message;
    size_t capacity;
} obpng_message;

/* libpng's error callback: the message into the caller's buffer, then back to the setjmp. */
static void obpng_on_error(png_structp png, png_const_charp text) {
    obpng_message *target = (obpng_message *)png_get_error_ptr(png);
    obpng_copy_message(target->message, target->capacity, text);
    png_longjmp(png, 1);
}

static void obpng_on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text; /* warnings (e.g. unknown chunks) do not change the outcome */
}

#endif
