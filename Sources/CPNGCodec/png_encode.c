#include "codec_message.h"
#include "png_codec.h"
#include "png_scanlines.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* PNG encoding through libpng. Figures are large flat areas with thin antialiased lines. On
   the eight figures of `orbitbench run orbit-72 --seeds 1` (6.6 megapixels) no row filter with
   zlib level 2 took 48 ms and 1.00 MB; "up" 59 ms / 1.05 MB, adaptive filtering 155 ms /
   1.03 MB, level 6 115 ms / 0.85 MB, the run-length strategy 56 ms / 2.1 MB. Nobody waits on
   these files or stores many: the fastest setting wins. */
static const int obpng_filters = PNG_FILTER_NONE;
static const int obpng_zlib_level = 2;

static int is_ascii(const char *text) {
    for (const unsigned char *c = (const unsigned char *)text; *c; ++c)
        if (*c > 0x7e || (*c < 0x20 && *c != '\n' && *c != '\t')) return 0;
    return 1;
}

/* A keyword is 1–79 printable Latin-1 characters (ISO 8859-1 space through ~, or ¡ through ÿ,
   as bytes), without leading, trailing or double spaces. libpng would only warn and skip a
   bad one; the caller is told instead. */
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

/* State of one encode call, reached from libpng's callbacks. It lives on the caller's stack
   behind a pointer that does not change after setjmp, so it stays valid after a longjmp. */
typedef struct {
    obpng_message target;
    unsigned char *bytes;
    size_t count;
    size_t capacity;
} encode_context;

/* Appends to the growing output buffer, doubling it when full. */
static void write_bytes(png_structp png, png_bytep data, png_size_t length) {
    encode_context *context = (encode_context *)png_get_io_ptr(png);
    if (context->capacity - context->count < length) {
        size_t capacity = context->capacity ? context->capacity : 65536;
        while (capacity - context->count < length) {
            if (capacity > SIZE_MAX / 2) png_error(png, "PNG larger than memory sizes");
            capacity *= 2;
        }
        unsigned char *grown = realloc(context->bytes, capacity);
        if (grown == NULL) png_error(png, "out of memory for the PNG file");
        context->bytes = grown;
        context->capacity = capacity;
    }
    memcpy(context->bytes + context->count, data, length);
    context->count += length;
}

static void flush_nothing(png_structp png) { (void)png; }

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

    png_text *chunks = text_count > 0 ? calloc((size_t)text_count, sizeof *chunks) : NULL;
    png_scanlines lines = {0};
    if ((text_count > 0 && chunks == NULL) || png_scanlines_begin(&lines, pixels, width, height, stride, source_format) != 0) {
        free(chunks);
        obpng_copy_message(message, message_capacity, "out of memory for the PNG encoder");
        return OBPNG_OUT_OF_MEMORY;
    }
    encode_context context = {{message, message_capacity}, NULL, 0, 0};
    encode_context *volatile shared = &context;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, shared, obpng_on_error, obpng_on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        png_destroy_write_struct(&png, NULL);
        png_scanlines_end(&lines);
        free(chunks);
        obpng_copy_message(message, message_capacity, "out of memory for libpng");
        return OBPNG_OUT_OF_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        png_scanlines_end(&lines);
        free(chunks);
        free(shared->bytes);
        return OBPNG_LIBPNG_ERROR;
    }
    png_set_write_fn(png, shared, write_bytes, flush_nothing);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, obpng_filters);
    png_set_compression_level(png, obpng_zlib_level);
    png_set_IHDR(png, info, width, height, 8, lines.has_alpha ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    for (int i = 0; i < text_count; ++i) {
        /* tEXt for ASCII values, else uncompressed iTXt (UTF-8, no language tag). */
        chunks[i].compression = is_ascii(texts[i].value) ? PNG_TEXT_COMPRESSION_NONE : PNG_ITXT_COMPRESSION_NONE;
        chunks[i].key = (png_charp)texts[i].key;
        chunks[i].text = (png_charp)texts[i].value;
        chunks[i].text_length = strlen(texts[i].value);
    }
    if (text_count > 0) png_set_text(png, info, chunks, text_count);
    png_write_info(png, info);
    for (uint32_t row = 0; row < height; ++row) png_write_row(png, png_scanlines_row(&lines, row));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    png_scanlines_end(&lines);
    free(chunks);
    out->bytes = context.bytes;
    out->count = context.count;
    return OBPNG_OK;
}

void obpng_bytes_free(obpng_bytes *bytes) {
    if (bytes == NULL) return;
    free(bytes->bytes);
    bytes->bytes = NULL;
    bytes->count = 0;
}
