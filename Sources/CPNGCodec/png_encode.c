#include "png_codec.h"
#include "row_deflate.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* PNG encoding without libpng: the scanlines go through the figure-tuned deflate of
   row_deflate.c, and the chunks (RFC 2083) are written here. */

static void set_message(char *message, size_t capacity, const char *text) {
    if (message == NULL || capacity == 0) return;
    strncpy(message, text, capacity - 1);
    message[capacity - 1] = '\0';
}

static int is_ascii(const char *text) {
    for (const unsigned char *c = (const unsigned char *)text; *c; ++c)
        if (*c > 0x7e || (*c < 0x20 && *c != '\n' && *c != '\t')) return 0;
    return 1;
}

/* A keyword is 1–79 printable Latin-1 characters (ISO 8859-1 space through ~, or ¡ through ÿ,
   as bytes), without leading, trailing or double spaces. */
static int is_keyword(const char *key) {
    size_t length = strlen(key);
    if (length == 0 || length > 79 || key[0] == ' ' || key[length - 1] == ' ') return 0;
    for (size_t i = 0; i < length; ++i) {
        unsigned char c = (unsigned char)key[i];
        if (c < 0x20 || (c > 0x7e && c < 0xa1)) return 0;
        if (c == ' ' && key[i + 1] == ' ') return 0;
    }
    return 1;
}

/* Channels per source pixel, 0 for an unknown format. */
static size_t source_channels(int source_format) {
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
        uint32_t column = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && defined(__GNUC__)
        /* 0xAARRGGBB << 8, byte-swapped, lies in memory as R, G, B, 0: one 4-byte store a
           pixel, whose fourth byte the next pixel overwrites (so not for the last one). */
        for (; column + 1 < width; ++column) {
            uint32_t word;
            memcpy(&word, line + 4 * (size_t)column, sizeof word);
            uint32_t rgb = __builtin_bswap32(word << 8);
            memcpy(out + 3 * (size_t)column, &rgb, sizeof rgb);
        }
#endif
        for (; column < width; ++column) {
            uint32_t word;
            memcpy(&word, line + 4 * (size_t)column, sizeof word);
            out[3 * (size_t)column] = (unsigned char)(word >> 16);
            out[3 * (size_t)column + 1] = (unsigned char)(word >> 8);
            out[3 * (size_t)column + 2] = (unsigned char)word;
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
        /* Four bytes a pixel, whose fourth the next pixel overwrites; three for the last. */
        for (uint32_t column = 0; column + 1 < width; ++column)
            memcpy(buffer + 3 * (size_t)column, line + 4 * (size_t)column, 4);
        memcpy(buffer + 3 * (size_t)(width - 1), line + 4 * (size_t)(width - 1), 3);
        return buffer;
    }
    return line;
}

/* Longest chunk data PNG allows, bytes. */
static const size_t png_chunk_limit = 0x7fffffffu;

static unsigned char *put_u32(unsigned char *out, uint32_t value) {
    out[0] = (unsigned char)(value >> 24);
    out[1] = (unsigned char)(value >> 16);
    out[2] = (unsigned char)(value >> 8);
    out[3] = (unsigned char)value;
    return out + 4;
}

/* A chunk: length, type, data, CRC-32 of type and data. */
static unsigned char *put_chunk(unsigned char *out, const char type[4], const unsigned char *data, size_t count) {
    out = put_u32(out, (uint32_t)count);
    unsigned char *crc_start = out;
    memcpy(out, type, 4);
    out += 4;
    if (count > 0) memcpy(out, data, count);
    out += count;
    uLong crc = crc32(0L, Z_NULL, 0);
    size_t span = (size_t)(out - crc_start);
    for (size_t done = 0; done < span;) {
        uInt piece = span - done > 0x40000000u ? 0x40000000u : (uInt)(span - done);
        crc = crc32(crc, crc_start + done, piece);
        done += piece;
    }
    return put_u32(out, (uint32_t)crc);
}

/* tEXt for ASCII values, else uncompressed iTXt (UTF-8, no language). Returns the data size;
   writes it into `data` when that is not NULL. */
static size_t text_chunk_data(const obpng_text *text, unsigned char *data) {
    size_t key = strlen(text->key), value = strlen(text->value);
    size_t size = is_ascii(text->value) ? key + 1 + value : key + 5 + value;
    if (data == NULL) return size;
    memcpy(data, text->key, key + 1);
    data += key + 1;
    if (!is_ascii(text->value)) {
        /* compression flag 0, method 0, empty language tag, empty translated keyword */
        memset(data, 0, 4);
        data += 4;
    }
    memcpy(data, text->value, value);
    return size;
}

int obpng_encode(const unsigned char *pixels, uint32_t width, uint32_t height, size_t stride,
                 int source_format, const obpng_text *texts, int text_count, obpng_bytes *out,
                 char *message, size_t message_capacity) {
    size_t channels = source_channels(source_format);
    if (out == NULL || pixels == NULL || width == 0 || height == 0 || text_count < 0 ||
        (text_count > 0 && texts == NULL) || channels == 0) {
        set_message(message, message_capacity, "invalid argument");
        return OBPNG_INVALID_ARGUMENT;
    }
    /* PNG limits both sides to 2³¹ − 1; the row buffers must fit in memory sizes. */
    if (width > 0x7fffffffu || height > 0x7fffffffu || width > SIZE_MAX / 4 / height) {
        set_message(message, message_capacity, "image too large");
        return OBPNG_INVALID_ARGUMENT;
    }
    if (stride < (size_t)width * channels) {
        set_message(message, message_capacity, "row stride smaller than the row");
        return OBPNG_INVALID_ARGUMENT;
    }
    for (int i = 0; i < text_count; ++i) {
        if (texts[i].key == NULL || texts[i].value == NULL || !is_keyword(texts[i].key)) {
            set_message(message, message_capacity, "invalid text keyword (1-79 printable Latin-1 characters)");
            return OBPNG_INVALID_ARGUMENT;
        }
    }
    out->bytes = NULL;
    out->count = 0;
    int has_alpha = channels == 4 && has_translucency(pixels, width, height, stride, source_format);
    uint32_t pixel_bytes = has_alpha ? 4 : 3;
    size_t row_bytes = (size_t)width * pixel_bytes;

    /* Two row buffers in turn: the encoder compares each row with the one before. */
    unsigned char *rows = malloc(2 * row_bytes);
    obdeflate_rows deflater;
    if (rows == NULL || obdeflate_rows_begin(&deflater, row_bytes, pixel_bytes) != 0) {
        free(rows);
        set_message(message, message_capacity, "out of memory for the PNG encoder");
        return OBPNG_OUT_OF_MEMORY;
    }
    for (uint32_t row = 0; row < height; ++row) {
        const unsigned char *line = png_row(pixels + (size_t)row * stride, width, source_format, has_alpha,
                                            rows + (row & 1) * row_bytes);
        if (obdeflate_rows_add(&deflater, line) != 0) break;
    }
    free(rows);
    unsigned char *stream = NULL;
    size_t stream_count = 0;
    if (obdeflate_rows_finish(&deflater, &stream, &stream_count) != 0) {
        free(stream);
        set_message(message, message_capacity, "out of memory while compressing the PNG");
        return OBPNG_OUT_OF_MEMORY;
    }

    size_t text_bytes = 0;
    for (int i = 0; i < text_count; ++i) {
        size_t size = text_chunk_data(&texts[i], NULL);
        if (size > png_chunk_limit) {
            free(stream);
            set_message(message, message_capacity, "text chunk longer than PNG allows (2^31 - 1 bytes)");
            return OBPNG_INVALID_ARGUMENT;
        }
        text_bytes += 12 + size;
    }
    size_t idat_chunks = stream_count / png_chunk_limit + 1;
    size_t total = 8 + 25 + text_bytes + 12 * idat_chunks + stream_count + 12;
    unsigned char *file = malloc(total);
    unsigned char *text_data = malloc(text_bytes > 0 ? text_bytes : 1);
    if (file == NULL || text_data == NULL) {
        free(stream);
        free(file);
        free(text_data);
        set_message(message, message_capacity, "out of memory for the PNG file");
        return OBPNG_OUT_OF_MEMORY;
    }
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    unsigned char *cursor = file;
    memcpy(cursor, signature, 8);
    cursor += 8;
    unsigned char header[13];
    put_u32(header, width);
    put_u32(header + 4, height);
    header[8] = 8;                   /* bits per channel */
    header[9] = has_alpha ? 6 : 2;   /* colour type: RGBA or RGB */
    header[10] = header[11] = header[12] = 0; /* deflate, adaptive filtering, no interlace */
    cursor = put_chunk(cursor, "IHDR", header, 13);
    for (int i = 0; i < text_count; ++i) {
        size_t size = text_chunk_data(&texts[i], text_data);
        cursor = put_chunk(cursor, is_ascii(texts[i].value) ? "tEXt" : "iTXt", text_data, size);
    }
    /* One IDAT unless the stream is longer than a chunk may be. */
    size_t offset = 0;
    do {
        size_t piece = stream_count - offset < png_chunk_limit ? stream_count - offset : png_chunk_limit;
        cursor = put_chunk(cursor, "IDAT", stream + offset, piece);
        offset += piece;
    } while (offset < stream_count);
    cursor = put_chunk(cursor, "IEND", NULL, 0);
    free(stream);
    free(text_data);
    out->bytes = file;
    out->count = (size_t)(cursor - file);
    return OBPNG_OK;
}

void obpng_bytes_free(obpng_bytes *bytes) {
    if (bytes == NULL) return;
    free(bytes->bytes);
    bytes->bytes = NULL;
    bytes->count = 0;
}
