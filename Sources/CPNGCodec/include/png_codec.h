/* PNG encoding and decoding on memory buffers; the caller writes files atomically.
 *
 * Both use libpng, which reports errors by longjmp-ing out of the failing call; Swift frames
 * cannot be unwound that way, so every libpng call happens behind a setjmp here. Errors come back as a status code plus a
 * message, and all memory is handed back in plain buffers the caller frees. */
#ifndef ORBITBENCH_PNG_CODEC_H
#define ORBITBENCH_PNG_CODEC_H

#include <stddef.h>
#include <stdint.h>

enum {
    OBPNG_OK = 0,
    OBPNG_INVALID_ARGUMENT = 1,
    OBPNG_OUT_OF_MEMORY = 2,
    OBPNG_LIBPNG_ERROR = 3
};

/* Pixel layouts `obpng_encode` reads: 8-bit RGB or straight (not premultiplied) RGBA bytes,
   or cairo's ARGB32 — a native-endian 32-bit word per pixel, colour premultiplied by alpha. */
enum {
    OBPNG_SOURCE_RGB = 0,
    OBPNG_SOURCE_RGBA = 1,
    OBPNG_SOURCE_ARGB32_PREMULTIPLIED = 2
};

/* One text chunk: Latin-1 keyword (1–79 bytes) and a UTF-8 value. ASCII values are written as
   tEXt, anything else as uncompressed iTXt. */
typedef struct {
    const char *key;
    const char *value;
} obpng_text;

typedef struct {
    unsigned char *bytes;
    size_t count;
} obpng_bytes;

/* A decoded image, always expanded to 8-bit RGBA. `bit_depth` and `color_type` describe the
   file as stored (PNG_COLOR_TYPE_* values). */
typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;
    unsigned char *rgba;
    int text_count;
    char **text_keys;
    char **text_values;
} obpng_image;

/* Encodes rows of `source_format` pixels, `stride` bytes apart, as an 8-bit PNG (no row
   filter, zlib level 2: png_encode.c says why), text chunks before the image data. A source with
   alpha is stored as RGB when every pixel is opaque, else as straight RGBA; rows are converted
   one at a time. Keywords must be 1–79 printable Latin-1 characters (else
   OBPNG_INVALID_ARGUMENT). On success `out` owns a malloc'd buffer (release with
   obpng_bytes_free). On failure `message` holds the reason. */
int obpng_encode(const unsigned char *pixels, uint32_t width, uint32_t height, size_t stride,
                 int source_format, const obpng_text *texts, int text_count, obpng_bytes *out,
                 char *message, size_t message_capacity);
void obpng_bytes_free(obpng_bytes *bytes);

/* One row of `width` premultiplied ARGB32 pixels as straight 8-bit RGBA (`has_alpha`) or RGB
   into `out`: each channel un-premultiplied, rounded to nearest and capped at 255. Without
   alpha the caller guarantees every pixel is opaque. The encoder uses it per row. */
void obpng_straighten_argb32_row(const unsigned char *line, uint32_t width, int has_alpha, unsigned char *out);

/* Decodes a complete PNG held in memory. On success `out` owns its buffers (release with
   obpng_image_free). Truncated or corrupt data is an error, never a crash. */
int obpng_decode(const unsigned char *data, size_t count, obpng_image *out,
                 char *message, size_t message_capacity);
void obpng_image_free(obpng_image *image);

#endif
