#include "jpeg_codec.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    char *message;
    size_t capacity;
} error_manager;

static void on_error(j_common_ptr info) {
    error_manager *errors = (error_manager *)info->err;
    if (errors->message != NULL && errors->capacity > 0) {
        char text[JMSG_LENGTH_MAX];
        (*info->err->format_message)(info, text);
        strncpy(errors->message, text, errors->capacity - 1);
        errors->message[errors->capacity - 1] = '\0';
    }
    longjmp(errors->escape, 1);
}

/* Warnings (corrupt-data notes) are not errors for an encoder: keep them quiet. */
static void on_message(j_common_ptr info) { (void)info; }

int objpeg_encode_rgb(const unsigned char *rgb, uint32_t width, uint32_t height, int quality, unsigned char **out,
                      size_t *out_count, char *message, size_t capacity) {
    if (message != NULL && capacity > 0) message[0] = '\0';
    if (rgb == NULL || out == NULL || out_count == NULL || width == 0 || height == 0 || width > 65500 || height > 65500 ||
        quality < 1 || quality > 100) {
        if (message != NULL && capacity > 0) strncpy(message, "invalid image size or quality", capacity - 1);
        return OBJPEG_INVALID_ARGUMENT;
    }
    *out = NULL;
    *out_count = 0;
    struct jpeg_compress_struct info;
    error_manager errors;
    /* Both live on this frame, which outlives every longjmp into it; volatile keeps the
       buffer pointers valid after one. */
    unsigned char *volatile buffer = NULL;
    unsigned long volatile buffer_size = 0;
    info.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = on_error;
    errors.base.output_message = on_message;
    errors.message = message;
    errors.capacity = capacity;
    if (setjmp(errors.escape)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        return OBJPEG_LIBJPEG_ERROR;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, (unsigned char **)&buffer, (unsigned long *)&buffer_size);
    info.image_width = width;
    info.image_height = height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    /* Standard Huffman tables and the fast integer DCT: a third less time than optimised
       tables, a few percent larger files, still deterministic. */
    info.optimize_coding = FALSE;
    info.dct_method = JDCT_IFAST;
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)info.next_scanline * width * 3);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *out = buffer;
    *out_count = buffer_size;
    return OBJPEG_OK;
}

void objpeg_free(unsigned char *bytes) { free(bytes); }
