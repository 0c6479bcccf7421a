#include "png_codec.h"

#include <zlib.h>

/* What libpng wrote before this encoder: the scanlines with filter byte 0 through zlib's
   deflate at `level` (default strategy, 32 KiB window, memory level 8, as libpng sets them).
   The stream goes to a scratch buffer; only its size is kept. */
size_t obpng_zlib_reference_size(const unsigned char *pixels, uint32_t width, uint32_t height, uint32_t pixel_bytes, int level) {
    z_stream stream = {0};
    if (pixels == NULL || width == 0 || height == 0 || pixel_bytes == 0 || deflateInit(&stream, level) != Z_OK) return 0;
    unsigned char scratch[65536];
    size_t total = 0;
    unsigned char filter_none = 0;
    size_t row_bytes = (size_t)width * pixel_bytes;
    for (uint32_t row = 0; row <= height; ++row) {
        int last = row == height;
        for (int part = 0; part < (last ? 1 : 2); ++part) {
            stream.next_in = last ? NULL : part == 0 ? &filter_none : (unsigned char *)pixels + (size_t)row * row_bytes;
            stream.avail_in = last ? 0 : part == 0 ? 1 : (uInt)row_bytes;
            int status;
            do {
                stream.next_out = scratch;
                stream.avail_out = sizeof scratch;
                status = deflate(&stream, last ? Z_FINISH : Z_NO_FLUSH);
                if (status == Z_STREAM_ERROR) {
                    deflateEnd(&stream);
                    return 0;
                }
                total += sizeof scratch - stream.avail_out;
            } while (stream.avail_out == 0 || (last && status != Z_STREAM_END));
        }
    }
    deflateEnd(&stream);
    return total;
}
