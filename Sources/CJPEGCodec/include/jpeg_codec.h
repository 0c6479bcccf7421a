/* JPEG encoding behind a setjmp boundary.
 *
 * libjpeg reports errors through error_exit, which by default exits the process; here it
 * longjmps back into this file, so a failure comes back as a status code and a message and
 * never ends the program or unwinds Swift frames. Memory in, memory out: the caller writes
 * the file. */
#ifndef ORBITBENCH_JPEG_CODEC_H
#define ORBITBENCH_JPEG_CODEC_H

#include <stddef.h>
#include <stdint.h>

enum {
    OBJPEG_OK = 0,
    OBJPEG_INVALID_ARGUMENT = 1,
    OBJPEG_LIBJPEG_ERROR = 2
};

/* Encodes `width` × `height` pixels of 8-bit RGB (rows of 3·width bytes, top row first) at
   `quality` 1…100 (4:2:0 chroma, standard Huffman tables: deterministic bytes for the same
   input). On success *out holds malloc'ed bytes the caller frees with objpeg_free. On failure
   `message` (capacity bytes) says why. */
int objpeg_encode_rgb(const unsigned char *rgb, uint32_t width, uint32_t height, int quality, unsigned char **out,
                      size_t *out_count, char *message, size_t capacity);

void objpeg_free(unsigned char *bytes);

#endif
