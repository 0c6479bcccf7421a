#include "png_scanlines.h"

#include "png_codec.h"

#include <stdlib.h>
#include <string.h>

/* Channels per source pixel, 0 for an unknown format. */
size_t png_source_channels(int source_format) {
    switch (source_format) {
    case OBPNG_SOURCE_RGB: return 3;
    case OBPNG_SOURCE_RGBA:
    case OBPNG_SOURCE_ARGB32_PREMULTIPLIED: return 4;
    default: return 0;
    }
}

/* Whether any pixel of a 4-channel source is not fully opaque. The alphas of a row are ANDed
   without a branch per pixel, so the loop vectorises. */
static int has_translucency(const unsigned char *pixels, uint32_t width, uint32_t height, size_t stride,
                            int source_format) {
    for (uint32_t row = 0; row < height; ++row) {
        const unsigned char *line = pixels + (size_t)row * stride;
        uint32_t opaque = 0xff;
        if (source_format == OBPNG_SOURCE_RGBA) {
            for (uint32_t column = 0; column < width; ++column) opaque &= line[4 * (size_t)column + 3];
        } else {
            for (uint32_t column = 0; column < width; ++column) {
                uint32_t word;
                memcpy(&word, line + 4 * (size_t)column, sizeof word);
                opaque &= word >> 24;
            }
        }
        if (opaque != 0xff) return 1;
    }
    return 0;
}

/* One row of premultiplied native-endian ARGB32 as straight 8-bit RGB(A), rounding each
   un-premultiplied channel to nearest and capping it at 255. Without alpha every pixel is
   opaque (`has_translucency`), so its colour is already straight. */
void obpng_straighten_argb32_row(const unsigned char *line, uint32_t width, int has_alpha, unsigned char *out) {
    if (!has_alpha) {
        for (uint32_t column = 0; column < width; ++column) {
            uint32_t word;
            memcpy(&word, line + 4 * (size_t)column, sizeof word);
            *out++ = (unsigned char)(word >> 16);
            *out++ = (unsigned char)(word >> 8);
            *out++ = (unsigned char)word;
        }
        return;
    }
    for (uint32_t column = 0; column < width; ++column) {
        uint32_t word;
        memcpy(&word, line + 4 * (size_t)column, sizeof word);
        unsigned alpha = word >> 24;
        unsigned red = (word >> 16) & 0xff, green = (word >> 8) & 0xff, blue = word & 0xff;
        if (alpha > 0 && alpha < 255) {
            red = (red * 255 + alpha / 2) / alpha;
            green = (green * 255 + alpha / 2) / alpha;
            blue = (blue * 255 + alpha / 2) / alpha;
            if (red > 255) red = 255;
            if (green > 255) green = 255;
            if (blue > 255) blue = 255;
        }
        *out++ = (unsigned char)red;
        *out++ = (unsigned char)green;
        *out++ = (unsigned char)blue;
        *out++ = (unsigned char)alpha;
    }
}

/* The scanline for source row `line`: the source itself when it is already stored that way,
   else converted into `buffer`. */
static const unsigned char *png_row(const unsigned char *line, uint32_t width, int source_format, int has_alpha,
                                    unsigned char *buffer) {
    if (source_format == OBPNG_SOURCE_ARGB32_PREMULTIPLIED) {
        obpng_straighten_argb32_row(line, width, has_alpha, buffer);
        return buffer;
    }
    if (source_format == OBPNG_SOURCE_RGBA && !has_alpha) {
        for (uint32_t column = 0; column < width; ++column) memcpy(buffer + 3 * (size_t)column, line + 4 * (size_t)column, 3);
        return buffer;
    }
    return line;
}

int png_scanlines_begin(png_scanlines *lines, const unsigned char *pixels, uint32_t width, uint32_t height, size_t stride,
                        int source_format) {
    size_t channels = png_source_channels(source_format);
    lines->pixels = pixels;
    lines->width = width;
    lines->height = height;
    lines->stride = stride;
    lines->source_format = source_format;
    lines->has_alpha =
        channels == 4 && has_translucency(pixels, width, height, stride, source_format);
    lines->pixel_bytes = lines->has_alpha ? 4 : 3;
    lines->row_bytes = (size_t)width * lines->pixel_bytes;
    lines->buffers = malloc(2 * lines->row_bytes);
    return lines->buffers == NULL ? -1 : 0;
}

const unsigned char *png_scanlines_row(png_scanlines *lines, uint32_t row) {
    return png_row(lines->pixels + (size_t)row * lines->stride, lines->width, lines->source_format, lines->has_alpha,
                   lines->buffers + (row & 1) * lines->row_bytes);
}

void png_scanlines_end(png_scanlines *lines) {
    free(lines->buffers);
    lines->buffers = NULL;
}
