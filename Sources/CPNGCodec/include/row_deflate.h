/* A zlib stream (RFC 1950, deflate RFC 1951) of PNG scanlines with filter type 0, written
 * without a general-purpose compressor.
 *
 * Figures are flat colours, anti-aliased lines and text: almost every byte repeats the pixel to
 * its left or the one above. The encoder looks only there — at distance `pixel_bytes` and one
 * scanline back — and takes the longer run (greedy, up to 258 bytes a match; the left one on a
 * tie, as its distance needs no extra bits). The tokens of about 64 Ki at a time go out as a
 * deflate block with Huffman codes made for them. No hash chains, no search: a fraction of zlib's time on
 * such images for a similar size. The output is a pure function of the pixels. */
#ifndef ORBITBENCH_ROW_DEFLATE_H
#define ORBITBENCH_ROW_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

/* Encoder state; its fields are private. */
typedef struct {
    unsigned char *out;
    size_t count;
    size_t capacity;
    uint64_t bit_buffer;
    uint32_t bit_count;
    size_t row_bytes;
    uint32_t pixel_bytes;
    const unsigned char *previous;
    uint32_t adler;
    int failed;
    /* Tokens of the open block (at most 64 Ki): a literal byte, or a match (flag, length,
       which distance). */
    uint32_t *tokens;
    size_t token_count;
    uint32_t literal_length_frequencies[286];
    uint32_t distance_frequencies[30];
    int looks_up;
    uint8_t length_symbols[259];
    uint8_t distance_symbols[2];
} obdeflate_rows;

/* Starts a stream of scanlines of `row_bytes` bytes (≥ 1) whose pixels are `pixel_bytes`
   (1 … 8) wide. Returns 0, or -1 for bad sizes or no memory. */
int obdeflate_rows_begin(obdeflate_rows *encoder, size_t row_bytes, uint32_t pixel_bytes);

/* Appends a filter byte 0 and `row`. The encoder reads the previous row again, so the caller
   keeps it unchanged until this call returns (two alternating buffers are enough). Returns 0,
   or -1 when memory ran out (the stream is then unusable; finish reports it). */
int obdeflate_rows_add(obdeflate_rows *encoder, const unsigned char *row);

/* Ends the stream and hands its bytes to the caller (free them with free()). Returns 0, or -1
   when an earlier call failed; the encoder holds no memory afterwards either way. */
int obdeflate_rows_finish(obdeflate_rows *encoder, unsigned char **bytes, size_t *count);

/* Releases an unfinished encoder. */
void obdeflate_rows_discard(obdeflate_rows *encoder);

/* Adler-32 (RFC 1950) of `count` bytes continued from `adler` (1 for a new checksum). */
uint32_t obdeflate_adler32(uint32_t adler, const unsigned char *bytes, size_t count);

#endif
