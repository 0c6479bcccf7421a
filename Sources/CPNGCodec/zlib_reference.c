#include "png_codec.h"
#include "png_scanlines.h"

#include <zlib.h>

/* What libpng wrote before this encoder: the same scanlines, each behind filter byte 0, through
   zlib's deflate at `level` (default strategy, 32 KiB window, memory level 8). The stream goes
   to a scratch buffer; only its size is kept. */
size_t obpng_zlib_reference_size(const unsigned char *pixels, uint32_t width, uint32_t height, size_t stride, int source_format,
                                 int level) {
    size_t channels = png_source_channels(source_format);
    if (pixels == NULL || width == 0 || height == 0 || channels == 0 || stride < (size_t)width * channels ||
        (size_t)width * 4 > 0xffffffffu)
        return 0;
    z_stream stream = {0};
    if (deflateInit(&stream, level) != Z_OK) return 0;
    png_scanlines lines;
    if (png_scanlines_begin(&lines, pixels, width, height, stride, source_format) != 0) {
        png_scanlines_end(&lines);
        deflateEnd(&stream);
        return 0;
    }
    unsigned char scratch[65536];
    size_t total = 0;
    unsigned char filter_none = 0;
    int status = Z_OK;
    for (uint32_t row = 0; row <= height && status != Z_STREAM_ERROR; ++row) {
        int last = row == height;
        for (int part = 0; part < (last ? 1 : 2); ++part) {
            stream.next_in = last ? NULL : part == 0 ? &filter_none : (unsigned char *)png_scanlines_row(&lines, row);
            stream.avail_in = last ? 0 : part == 0 ? 1 : (uInt)lines.row_bytes;
            do {
                stream.next_out = scratch;
                stream.avail_out = sizeof scratch;
                status = deflate(&stream, last ? Z_FINISH : Z_NO_FLUSH);
                total += sizeof scratch - stream.avail_out;
            } while (status != Z_STREAM_ERROR && (stream.avail_out == 0 || (last && status != Z_STREAM_END)));
        }
    }
    png_scanlines_end(&lines);
    deflateEnd(&stream);
    return status == Z_STREAM_END ? total : 0;
}
