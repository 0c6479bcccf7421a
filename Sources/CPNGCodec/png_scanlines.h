/* The scanlines a PNG stores for a source image (internal to CPNGCodec): RGB when every pixel
   is opaque, else straight RGBA, each row converted when it is asked for. */
#ifndef ORBITBENCH_PNG_SCANLINES_H
#define ORBITBENCH_PNG_SCANLINES_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    const unsigned char *pixels;
    uint32_t width;
    uint32_t height;
    size_t stride;
    int source_format;
    int has_alpha;
    /* 3 or 4, and width × pixel_bytes. */
    uint32_t pixel_bytes;
    size_t row_bytes;
    /* Two rows in turn, so the previous one stays valid while the next is converted. */
    unsigned char *buffers;
} png_scanlines;

/* Channels per pixel of an OBPNG_SOURCE_* format, 0 for an unknown one. */
size_t png_source_channels(int source_format);

/* Scans the source for translucency and allocates the row buffers. Returns 0, or -1 when
   memory ran out. The caller has checked the arguments (obpng_encode's rules). */
int png_scanlines_begin(png_scanlines *lines, const unsigned char *pixels, uint32_t width, uint32_t height, size_t stride,
                        int source_format);

/* Scanline `row` (row_bytes bytes, no filter byte): the source itself when it is stored that
   way, else converted. Valid until the call for row + 2. */
const unsigned char *png_scanlines_row(png_scanlines *lines, uint32_t row);

void png_scanlines_end(png_scanlines *lines);

#endif
