#include "png_codec.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

/* Shared by the libpng callbacks of one encode or decode call. Lives on the caller's stack and
   is reached through a pointer that never changes after setjmp, so its fields stay valid after
   a longjmp. */
typedef struct {
    char *message;
    size_t message_capacity;
    /* encode: growing output buffer */
    unsigned char *out;
    size_t out_count;
    size_t out_capacity;
    /* decode: input cursor */
    const unsigned char *in;
    size_t in_count;
    size_t in_offset;
    /* buffers to release if libpng bails out: the decoder's row pointers, the encoder's row */
    png_bytep *rows;
    unsigned char *row;
    png_textp texts;
} codec_context;

static void set_message(codec_context *context, const char *text) {
    if (context->message == NULL || context->message_capacity == 0) return;
    strncpy(context->message, text, context->message_capacity - 1);
    context->message[context->message_capacity - 1] = '\0';
}

static void on_error(png_structp png, png_const_charp text) {
    codec_context *context = (codec_context *)png_get_error_ptr(png);
    set_message(context, text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text; /* warnings (e.g. unknown chunks) do not change the outcome */
}

static void write_bytes(png_structp png, png_bytep data, png_size_t length) {
    codec_context *context = (codec_context *)png_get_io_ptr(png);
    if (context->out_count + length > context->out_capacity) {
        size_t capacity = context->out_capacity ? context->out_capacity : 65536;
        while (capacity < context->out_count + length) capacity *= 2;
        unsigned char *grown = realloc(context->out, capacity);
        if (grown == NULL) png_error(png, "out of memory while encoding");
        context->out = grown;
        context->out_capacity = capacity;
    }
    memcpy(context->out + context->out_count, data, length);
    context->out_count += length;
}

static void flush_bytes(png_structp png) { (void)png; }

static int is_ascii(const char *text) {
    for (const unsigned char *c = (const unsigned char *)text; *c; ++c)
        if (*c > 0x7e || (*c < 0x20 && *c != '\n' && *c != '\t')) return 0;
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
        for (uint32_t column = 0; column < width; ++column) {
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

/* The PNG row for source row `line`: the source itself when it is already stored that way,
   else converted into `buffer`. */
static png_bytep png_row(const unsigned char *line, uint32_t width, int source_format, int has_alpha,
                         unsigned char *buffer) {
    if (source_format == OBPNG_SOURCE_ARGB32_PREMULTIPLIED) {
        obpng_straighten_argb32_row(line, width, has_alpha, buffer);
        return buffer;
    }
    if (source_format == OBPNG_SOURCE_RGBA && !has_alpha) {
        for (uint32_t column = 0; column < width; ++column)
            memcpy(buffer + 3 * (size_t)column, line + 4 * (size_t)column, 3);
        return buffer;
    }
    return (png_bytep)line;
}

int obpng_encode(const unsigned char *pixels, uint32_t width, uint32_t height, size_t stride,
                 int source_format, const obpng_text *texts, int text_count, obpng_bytes *out,
                 char *message, size_t message_capacity) {
    codec_context context;
    memset(&context, 0, sizeof context);
    context.message = message;
    context.message_capacity = message_capacity;
    size_t channels = source_channels(source_format);
    if (out == NULL || pixels == NULL || width == 0 || height == 0 || text_count < 0 ||
        (text_count > 0 && texts == NULL) || channels == 0) {
        set_message(&context, "invalid argument");
        return OBPNG_INVALID_ARGUMENT;
    }
    if (width > SIZE_MAX / 4 / height) {
        set_message(&context, "image too large");
        return OBPNG_INVALID_ARGUMENT;
    }
    if (stride < (size_t)width * channels) {
        set_message(&context, "row stride smaller than the row");
        return OBPNG_INVALID_ARGUMENT;
    }
    out->bytes = NULL;
    out->count = 0;
    int has_alpha = channels == 4 && has_translucency(pixels, width, height, stride, source_format);

    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, on_error, on_warning);
    if (png == NULL) {
        set_message(&context, "out of memory creating the PNG writer");
        return OBPNG_OUT_OF_MEMORY;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        set_message(&context, "out of memory creating the PNG info");
        return OBPNG_OUT_OF_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(context.row);
        free(context.texts);
        free(context.out);
        return OBPNG_LIBPNG_ERROR;
    }

    png_set_write_fn(png, &context, write_bytes, flush_bytes);
    png_set_IHDR(png, info, width, height, 8,
                 has_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);

    if (text_count > 0) {
        context.texts = calloc((size_t)text_count, sizeof(png_text));
        if (context.texts == NULL) png_error(png, "out of memory for text chunks");
        for (int i = 0; i < text_count; ++i) {
            png_textp entry = &context.texts[i];
            entry->key = (png_charp)texts[i].key;
            entry->text = (png_charp)texts[i].value;
            if (is_ascii(texts[i].value)) {
                entry->compression = PNG_TEXT_COMPRESSION_NONE;
            } else {
                entry->compression = PNG_ITXT_COMPRESSION_NONE;
                entry->lang = (png_charp)"";
                entry->lang_key = (png_charp)"";
            }
        }
        png_set_text(png, info, context.texts, text_count);
    }

    /* One row at a time through a reused buffer: a figure is never copied whole. */
    context.row = malloc((size_t)width * 4);
    if (context.row == NULL) png_error(png, "out of memory for a row");

    /* Plots are flat colours and anti-aliased lines: without row filters zlib finds their runs
       as well as with libpng's adaptive filter choice (which tries all five per row and was
       half of the encoding time), and level 2 compresses them within 5 % of level 6 at a
       third of the cost. Fixed settings, so the bytes stay reproducible. */
    png_set_filter(png, 0, PNG_FILTER_NONE);
    png_set_compression_level(png, 2);
    png_write_info(png, info);
    for (uint32_t row = 0; row < height; ++row)
        png_write_row(png, png_row(pixels + (size_t)row * stride, width, source_format, has_alpha, context.row));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(context.row);
    free(context.texts);

    out->bytes = context.out;
    out->count = context.out_count;
    return OBPNG_OK;
}

void obpng_bytes_free(obpng_bytes *bytes) {
    if (bytes == NULL) return;
    free(bytes->bytes);
    bytes->bytes = NULL;
    bytes->count = 0;
}

static void read_bytes(png_structp png, png_bytep data, png_size_t length) {
    codec_context *context = (codec_context *)png_get_io_ptr(png);
    if (context->in_count - context->in_offset < length) png_error(png, "truncated PNG data");
    memcpy(data, context->in + context->in_offset, length);
    context->in_offset += length;
}

static char *copy_string(const char *text) {
    size_t length = strlen(text);
    char *copy = malloc(length + 1);
    if (copy != NULL) memcpy(copy, text, length + 1);
    return copy;
}

void obpng_image_free(obpng_image *image) {
    if (image == NULL) return;
    free(image->rgba);
    for (int i = 0; i < image->text_count; ++i) {
        if (image->text_keys) free(image->text_keys[i]);
        if (image->text_values) free(image->text_values[i]);
    }
    free(image->text_keys);
    free(image->text_values);
    memset(image, 0, sizeof *image);
}

int obpng_decode(const unsigned char *data, size_t count, obpng_image *out,
                 char *message, size_t message_capacity) {
    codec_context context;
    memset(&context, 0, sizeof context);
    context.message = message;
    context.message_capacity = message_capacity;
    if (out == NULL || data == NULL) {
        set_message(&context, "invalid argument");
        return OBPNG_INVALID_ARGUMENT;
    }
    memset(out, 0, sizeof *out);
    if (count < 8 || png_sig_cmp(data, 0, 8) != 0) {
        set_message(&context, "not a PNG file (bad signature)");
        return OBPNG_LIBPNG_ERROR;
    }
    context.in = data;
    context.in_count = count;

    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, on_error, on_warning);
    if (png == NULL) {
        set_message(&context, "out of memory creating the PNG reader");
        return OBPNG_OUT_OF_MEMORY;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        set_message(&context, "out of memory creating the PNG info");
        return OBPNG_OUT_OF_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(context.rows);
        obpng_image_free(out);
        return OBPNG_LIBPNG_ERROR;
    }

    png_set_read_fn(png, &context, read_bytes);
    png_read_info(png, info);
    out->width = png_get_image_width(png, info);
    out->height = png_get_image_height(png, info);
    out->bit_depth = png_get_bit_depth(png, info);
    out->color_type = png_get_color_type(png, info);

    /* Normalise every stored format to 8-bit RGBA. */
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    if (!(out->color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)out->width * 4) png_error(png, "unexpected row size");

    size_t row_bytes = (size_t)out->width * 4;
    out->rgba = malloc(row_bytes * out->height);
    context.rows = malloc(sizeof(png_bytep) * out->height);
    if (out->rgba == NULL || context.rows == NULL) png_error(png, "out of memory for pixels");
    for (uint32_t row = 0; row < out->height; ++row) context.rows[row] = out->rgba + row * row_bytes;
    png_read_image(png, context.rows);
    png_read_end(png, info);

    png_textp texts = NULL;
    int text_count = png_get_text(png, info, &texts, NULL);
    if (text_count > 0) {
        out->text_keys = calloc((size_t)text_count, sizeof(char *));
        out->text_values = calloc((size_t)text_count, sizeof(char *));
        if (out->text_keys == NULL || out->text_values == NULL) png_error(png, "out of memory for text");
        for (int i = 0; i < text_count; ++i) {
            out->text_keys[i] = copy_string(texts[i].key);
            out->text_values[i] = copy_string(texts[i].text ? texts[i].text : "");
            out->text_count = i + 1;
            if (out->text_keys[i] == NULL || out->text_values[i] == NULL) png_error(png, "out of memory for text");
        }
    }
    png_destroy_read_struct(&png, &info, NULL);
    free(context.rows);
    return OBPNG_OK;
}
