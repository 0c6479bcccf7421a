#include "codec_message.h"
#include "png_codec.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

/* Shared by the libpng callbacks of one decode call. Lives on the caller's stack and
   is reached through a pointer that never changes after setjmp, so its fields stay valid after
   a longjmp. */
typedef struct {
    obpng_message target;
    /* decode: input cursor */
    const unsigned char *in;
    size_t in_count;
    size_t in_offset;
    /* released if libpng bails out */
    png_bytep *rows;
} codec_context;

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
    context.target = (obpng_message){message, message_capacity};
    if (out == NULL || data == NULL) {
        obpng_copy_message(message, message_capacity, "invalid argument");
        return OBPNG_INVALID_ARGUMENT;
    }
    memset(out, 0, sizeof *out);
    if (count < 8 || png_sig_cmp(data, 0, 8) != 0) {
        obpng_copy_message(message, message_capacity, "not a PNG file (bad signature)");
        return OBPNG_LIBPNG_ERROR;
    }
    context.in = data;
    context.in_count = count;

    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, obpng_on_error, obpng_on_warning);
    if (png == NULL) {
        obpng_copy_message(message, message_capacity, "out of memory creating the PNG reader");
        return OBPNG_OUT_OF_MEMORY;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        obpng_copy_message(message, message_capacity, "out of memory creating the PNG info");
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
