#include "codec_message.h"
#include "png_codec.h"
#include "png_scanlines.h"
#include "row_deflate.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* PNG encoding without libpng: the scanlines go through the figure-tuned deflate of
   row_deflate.c, and the chunks (RFC 2083) are written here. */

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

/* Longest chunk data PNG allows, bytes. */
static const size_t png_chunk_limit = 0x7fffffffu;

static unsigned char *put_u32(unsigned char *out, uint32_t value) {
    out[0] = (unsigned char)(value >> 24);
    out[1] = (unsigned char)(value >> 16);
    out[2] = (unsigned char)(value >> 8);
    out[3] = (unsigned char)value;
    return out + 4;
}

/* A chunk is its data's length, its type, the data, and the CRC-32 of type and data. This
   writes the length and type; the data goes at the returned pointer. */
static unsigned char *begin_chunk(unsigned char *out, const char type[4], size_t count) {
    out = put_u32(out, (uint32_t)count);
    memcpy(out, type, 4);
    return out + 4;
}

/* Appends the CRC to a chunk whose `count` data bytes start at `data`; returns its end. */
static unsigned char *end_chunk(unsigned char *data, size_t count) {
    return put_u32(data + count, (uint32_t)crc32_z(crc32(0L, Z_NULL, 0), data - 4, count + 4));
}

static unsigned char *put_chunk(unsigned char *out, const char type[4], const unsigned char *data, size_t count) {
    unsigned char *start = begin_chunk(out, type, count);
    if (count > 0) memcpy(start, data, count);
    return end_chunk(start, count);
}

/* tEXt for ASCII values, else uncompressed iTXt (UTF-8, no language): the chunk's data size,
   and its data written at `data` unless that is NULL. */
static size_t text_chunk_data(const obpng_text *text, unsigned char *data) {
    size_t key = strlen(text->key), value = strlen(text->value);
    int ascii = is_ascii(text->value);
    size_t size = ascii ? key + 1 + value : key + 5 + value;
    if (data == NULL) return size;
    memcpy(data, text->key, key + 1);
    data += key + 1;
    if (!ascii) {
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
    size_t channels = png_source_channels(source_format);
    if (out == NULL || pixels == NULL || width == 0 || height == 0 || text_count < 0 ||
        (text_count > 0 && texts == NULL) || channels == 0) {
        obpng_copy_message(message, message_capacity, "invalid argument");
        return OBPNG_INVALID_ARGUMENT;
    }
    /* PNG limits both sides to 2³¹ − 1; the row buffers must fit in memory sizes. */
    if (width > 0x7fffffffu || height > 0x7fffffffu || width > SIZE_MAX / 4 / height) {
        obpng_copy_message(message, message_capacity, "image too large");
        return OBPNG_INVALID_ARGUMENT;
    }
    if (stride < (size_t)width * channels) {
        obpng_copy_message(message, message_capacity, "row stride smaller than the row");
        return OBPNG_INVALID_ARGUMENT;
    }
    for (int i = 0; i < text_count; ++i) {
        if (texts[i].key == NULL || texts[i].value == NULL || !is_keyword(texts[i].key)) {
            obpng_copy_message(message, message_capacity, "invalid text keyword (1-79 printable Latin-1 characters)");
            return OBPNG_INVALID_ARGUMENT;
        }
    }
    out->bytes = NULL;
    out->count = 0;
    png_scanlines lines;
    obdeflate_rows deflater;
    if (png_scanlines_begin(&lines, pixels, width, height, stride, source_format) != 0 ||
        obdeflate_rows_begin(&deflater, lines.row_bytes, lines.pixel_bytes) != 0) {
        png_scanlines_end(&lines);
        obpng_copy_message(message, message_capacity, "out of memory for the PNG encoder");
        return OBPNG_OUT_OF_MEMORY;
    }
    for (uint32_t row = 0; row < height; ++row)
        if (obdeflate_rows_add(&deflater, png_scanlines_row(&lines, row)) != 0) break;
    png_scanlines_end(&lines);
    unsigned char *stream = NULL;
    size_t stream_count = 0;
    if (obdeflate_rows_finish(&deflater, &stream, &stream_count) != 0) {
        obpng_copy_message(message, message_capacity, "out of memory while compressing the PNG");
        return OBPNG_OUT_OF_MEMORY;
    }

    size_t text_bytes = 0;
    for (int i = 0; i < text_count; ++i) {
        size_t size = text_chunk_data(&texts[i], NULL);
        if (size > png_chunk_limit) {
            free(stream);
            obpng_copy_message(message, message_capacity, "text chunk longer than PNG allows (2^31 - 1 bytes)");
            return OBPNG_INVALID_ARGUMENT;
        }
        text_bytes += 12 + size;
    }
    size_t idat_chunks = stream_count / png_chunk_limit + 1;
    unsigned char *file = malloc(8 + 25 + text_bytes + 12 * idat_chunks + stream_count + 12);
    if (file == NULL) {
        free(stream);
        obpng_copy_message(message, message_capacity, "out of memory for the PNG file");
        return OBPNG_OUT_OF_MEMORY;
    }
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    unsigned char *cursor = file;
    memcpy(cursor, signature, 8);
    cursor += 8;
    unsigned char header[13];
    put_u32(header, width);
    put_u32(header + 4, height);
    header[8] = 8;                                /* bits per channel */
    header[9] = lines.has_alpha ? 6 : 2;          /* colour type: RGBA or RGB */
    header[10] = header[11] = header[12] = 0;     /* deflate, adaptive filtering, no interlace */
    cursor = put_chunk(cursor, "IHDR", header, 13);
    for (int i = 0; i < text_count; ++i) {
        size_t size = text_chunk_data(&texts[i], NULL);
        unsigned char *data = begin_chunk(cursor, is_ascii(texts[i].value) ? "tEXt" : "iTXt", size);
        text_chunk_data(&texts[i], data);
        cursor = end_chunk(data, size);
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
