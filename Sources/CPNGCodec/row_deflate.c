#include "row_deflate.h"

#include "deflate_huffman.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Base values and extra-bit counts of length symbols 257…285 and distance symbols 0…29. */
static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t distance_base[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
                                           193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

/* Deflate's symbol for a match length (257 + index) and for a distance. */
static int length_symbol(uint32_t length) {
    int symbol = 28;
    while (length_base[symbol] > length) --symbol;
    return symbol;
}

static int distance_symbol(uint32_t distance) {
    int symbol = 29;
    while (distance_base[symbol] > distance) --symbol;
    return symbol;
}

/* A token is a literal byte, or a match: this flag, the distance (0: one pixel back, 1: one
   scanline back) at bit 16 and the length in the low bits. */
#define MATCH_TOKEN 0x80000000u
enum { pixel_back = 0, scanline_back = 1 };
/* Tokens per block: large enough that the code tables (≈ 60–150 bytes) cost little, small
   enough that the codes follow changes within a figure. */
enum { block_tokens = 65536 };
static const uint8_t code_length_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
/* A write is at most 28 bits (a 15-bit distance code and 13 extra bits) and fewer than 32
   are pending before it, so 64 bits hold them; full 32-bit words go out as they fill. The
   caller has reserved the room. */
static inline void put_bits(obdeflate_rows *encoder, uint32_t bits, uint32_t count) {
    encoder->bit_buffer |= (uint64_t)bits << encoder->bit_count;
    encoder->bit_count += count;
    if (encoder->bit_count >= 32) {
        uint32_t word = (uint32_t)encoder->bit_buffer;
        unsigned char *out = encoder->out + encoder->count;
        out[0] = (unsigned char)word;
        out[1] = (unsigned char)(word >> 8);
        out[2] = (unsigned char)(word >> 16);
        out[3] = (unsigned char)(word >> 24);
        encoder->count += 4;
        encoder->bit_buffer >>= 32;
        encoder->bit_count -= 32;
    }
}

static int reserve(obdeflate_rows *encoder, size_t extra) {
    if (encoder->failed) return -1;
    if (encoder->capacity - encoder->count >= extra) return 0;
    size_t capacity = encoder->capacity ? encoder->capacity : 65536;
    while (capacity - encoder->count < extra) {
        if (capacity > SIZE_MAX / 2) {
            encoder->failed = 1;
            return -1;
        }
        capacity *= 2;
    }
    unsigned char *grown = realloc(encoder->out, capacity);
    if (grown == NULL) {
        encoder->failed = 1;
        return -1;
    }
    encoder->out = grown;
    encoder->capacity = capacity;
    return 0;
}

/* Bytes from the start on which `a` and `b` agree, at most `limit`. */
static inline size_t common_length(const unsigned char *a, const unsigned char *b, size_t limit) {
    size_t n = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && defined(__GNUC__)
    while (n + 8 <= limit) {
        uint64_t x, y;
        memcpy(&x, a + n, 8);
        memcpy(&y, b + n, 8);
        if (x != y) return n + ((size_t)__builtin_ctzll(x ^ y) >> 3);
        n += 8;
    }
#endif
    while (n < limit && a[n] == b[n]) ++n;
    return n;
}

static inline void push_literal(obdeflate_rows *encoder, unsigned char byte) {
    encoder->tokens[encoder->token_count++] = byte;
    encoder->literal_length_frequencies[byte] += 1;
}

static inline void push_match(obdeflate_rows *encoder, size_t length, int distance) {
    encoder->tokens[encoder->token_count++] = MATCH_TOKEN | (uint32_t)distance << 16 | (uint32_t)length;
    encoder->literal_length_frequencies[257 + encoder->length_symbols[length]] += 1;
    encoder->distance_frequencies[encoder->distance_symbols[distance]] += 1;
}

/* The literal/length and distance code lengths in the run-length form of RFC 1951 §3.2.7:
   symbols 0…15 are lengths, 16 repeats the previous 3–6 times, 17 and 18 give 3–10 and
   11–138 zeros; `extras` holds each symbol's extra-bit value. Returns the symbol count. */
static int run_length_lengths(const uint8_t *lengths, int count, uint8_t *symbols, uint8_t *extras) {
    int n = 0;
    for (int i = 0; i < count;) {
        uint8_t length = lengths[i];
        int run = 1;
        while (i + run < count && lengths[i + run] == length) ++run;
        i += run;
        if (length == 0) {
            while (run >= 11) {
                int piece = run > 138 ? 138 : run;
                symbols[n] = 18, extras[n++] = (uint8_t)(piece - 11);
                run -= piece;
            }
            if (run >= 3) {
                symbols[n] = 17, extras[n++] = (uint8_t)(run - 3);
                run = 0;
            }
        } else {
            symbols[n] = length, extras[n++] = 0;
            run -= 1;
            while (run >= 3) {
                int piece = run > 6 ? 6 : run;
                symbols[n] = 16, extras[n++] = (uint8_t)(piece - 3);
                run -= piece;
            }
        }
        while (run-- > 0) symbols[n] = length, extras[n++] = 0;
    }
    return n;
}

/* Gives every symbol of an alphabet a frequency until two have one: a code of one symbol is
   legal only for distances, and some decoders refuse even that. */
static void use_two_symbols_at_least(uint32_t *frequencies, int count) {
    int used = 0;
    for (int symbol = 0; symbol < count; ++symbol) used += frequencies[symbol] > 0;
    for (int symbol = 0; used < 2 && symbol < count; ++symbol)
        if (frequencies[symbol] == 0) frequencies[symbol] = 1, ++used;
}

/* Writes the open block with codes made for its tokens (a dynamic-Huffman block). */
static int write_block(obdeflate_rows *encoder, int final) {
    uint32_t *literal_frequencies = encoder->literal_length_frequencies;
    uint32_t *distance_frequencies = encoder->distance_frequencies;
    literal_frequencies[256] = 1;
    use_two_symbols_at_least(literal_frequencies, 286);
    use_two_symbols_at_least(distance_frequencies, 30);
    uint8_t lengths[286 + 30];
    uint16_t literal_codes[286], distance_codes[30];
    deflate_code_lengths(literal_frequencies, 286, 15, lengths);
    deflate_code_lengths(distance_frequencies, 30, 15, lengths + 286);
    deflate_canonical_codes(lengths, 286, literal_codes);
    deflate_canonical_codes(lengths + 286, 30, distance_codes);
    int literal_count = 286, distance_count = 30;
    while (literal_count > 257 && lengths[literal_count - 1] == 0) --literal_count;
    while (distance_count > 1 && lengths[286 + distance_count - 1] == 0) --distance_count;
    /* The lengths are sent back to back, so the distance lengths follow the used literal ones. */
    uint8_t sent[286 + 30];
    memcpy(sent, lengths, (size_t)literal_count);
    memcpy(sent + literal_count, lengths + 286, (size_t)distance_count);
    uint8_t symbols[286 + 30], extras[286 + 30];
    int symbol_count = run_length_lengths(sent, literal_count + distance_count, symbols, extras);
    uint32_t length_frequencies[19] = {0};
    for (int i = 0; i < symbol_count; ++i) length_frequencies[symbols[i]] += 1;
    use_two_symbols_at_least(length_frequencies, 19);
    uint8_t length_lengths[19];
    uint16_t length_codes[19];
    deflate_code_lengths(length_frequencies, 19, 7, length_lengths);
    deflate_canonical_codes(length_lengths, 19, length_codes);
    int order_count = 19;
    while (order_count > 4 && length_lengths[code_length_order[order_count - 1]] == 0) --order_count;

    /* Header ≤ 17 + 19·3 + 316·14 bits; a token ≤ 48 bits; the end-of-block code 15 bits. */
    if (reserve(encoder, 1024 + encoder->token_count * 6) != 0) return -1;
    put_bits(encoder, (uint32_t)(final ? 1 : 0) | 2u << 1, 3);
    put_bits(encoder, (uint32_t)(literal_count - 257), 5);
    put_bits(encoder, (uint32_t)(distance_count - 1), 5);
    put_bits(encoder, (uint32_t)(order_count - 4), 4);
    for (int i = 0; i < order_count; ++i) put_bits(encoder, length_lengths[code_length_order[i]], 3);
    static const uint8_t repeat_extra_bits[3] = {2, 3, 7};
    for (int i = 0; i < symbol_count; ++i) {
        put_bits(encoder, length_codes[symbols[i]], length_lengths[symbols[i]]);
        if (symbols[i] >= 16) put_bits(encoder, extras[i], repeat_extra_bits[symbols[i] - 16]);
    }

    /* Each match length's code joined with its extra bits, and the two distances likewise. */
    uint32_t match_bits[259], match_bit_counts[259];
    for (uint32_t length = 3; length <= 258; ++length) {
        int symbol = encoder->length_symbols[length];
        match_bits[length] = literal_codes[257 + symbol] | (length - length_base[symbol]) << lengths[257 + symbol];
        match_bit_counts[length] = lengths[257 + symbol] + length_extra[symbol];
    }
    uint32_t distance_bits[2], distance_bit_counts[2];
    for (int distance = 0; distance < 2; ++distance) {
        uint32_t value = distance == pixel_back ? encoder->pixel_bytes : (uint32_t)encoder->row_bytes + 1;
        int symbol = encoder->distance_symbols[distance];
        distance_bits[distance] = distance_codes[symbol] | (value - distance_base[symbol]) << lengths[286 + symbol];
        distance_bit_counts[distance] = lengths[286 + symbol] + distance_extra[symbol];
    }
    for (size_t i = 0; i < encoder->token_count; ++i) {
        uint32_t token = encoder->tokens[i];
        if (token < 256) {
            put_bits(encoder, literal_codes[token], lengths[token]);
        } else {
            uint32_t length = token & 0xffff, distance = (token >> 16) & 1;
            put_bits(encoder, match_bits[length], match_bit_counts[length]);
            put_bits(encoder, distance_bits[distance], distance_bit_counts[distance]);
        }
    }
    put_bits(encoder, literal_codes[256], lengths[256]);
    encoder->token_count = 0;
    memset(encoder->literal_length_frequencies, 0, sizeof encoder->literal_length_frequencies);
    memset(encoder->distance_frequencies, 0, sizeof encoder->distance_frequencies);
    return 0;
}

int obdeflate_rows_begin(obdeflate_rows *encoder, size_t row_bytes, uint32_t pixel_bytes) {
    memset(encoder, 0, sizeof *encoder);
    if (row_bytes == 0 || pixel_bytes == 0 || pixel_bytes > 8) return -1;
    encoder->row_bytes = row_bytes;
    encoder->pixel_bytes = pixel_bytes;
    encoder->adler = 1;
    /* A scanline further back than deflate's 32 KiB window cannot be referred to. */
    encoder->looks_up = row_bytes + 1 <= 32768;
    for (uint32_t length = 3; length <= 258; ++length) encoder->length_symbols[length] = (uint8_t)length_symbol(length);
    encoder->distance_symbols[pixel_back] = (uint8_t)distance_symbol(pixel_bytes);
    encoder->distance_symbols[scanline_back] = (uint8_t)(encoder->looks_up ? distance_symbol((uint32_t)row_bytes + 1) : 0);
    encoder->tokens = malloc(block_tokens * sizeof encoder->tokens[0]);
    if (encoder->tokens == NULL || reserve(encoder, 16) != 0) {
        obdeflate_rows_discard(encoder);
        return -1;
    }
    /* zlib header: deflate with a 32 KiB window, no dictionary, check bits making it a
       multiple of 31. */
    encoder->out[0] = 0x78;
    encoder->out[1] = 0x01;
    encoder->count = 2;
    return 0;
}

int obdeflate_rows_add(obdeflate_rows *encoder, const unsigned char *row) {
    if (encoder->failed) return -1;
    size_t row_bytes = encoder->row_bytes;
    static const unsigned char filter_none = 0;
    encoder->adler = obdeflate_adler32(obdeflate_adler32(encoder->adler, &filter_none, 1), row, row_bytes);

    const unsigned char *previous = encoder->looks_up ? encoder->previous : NULL;
    /* A block ends when its tokens fill the buffer, also within a row: matches never reach
       back beyond the row above, and the window spans blocks. */
    if (encoder->token_count == block_tokens && write_block(encoder, 0) != 0) return -1;
    push_literal(encoder, filter_none);
    size_t pixel_bytes = encoder->pixel_bytes;
    size_t x = 0;
    while (x < row_bytes) {
        if (encoder->token_count == block_tokens && write_block(encoder, 0) != 0) return -1;
        size_t limit = row_bytes - x < 258 ? row_bytes - x : 258;
        size_t left = x >= pixel_bytes ? common_length(row + x, row + x - pixel_bytes, limit) : 0;
        /* A run to the left as long as a match can be needs no look upwards. */
        size_t up = previous != NULL && left < limit ? common_length(row + x, previous + x, limit) : 0;
        if (left >= 3 && left >= up) {
            push_match(encoder, left, pixel_back);
            x += left;
        } else if (up >= 3) {
            push_match(encoder, up, scanline_back);
            x += up;
        } else {
            push_literal(encoder, row[x]);
            x += 1;
        }
    }
    encoder->previous = row;
    return 0;
}

int obdeflate_rows_finish(obdeflate_rows *encoder, unsigned char **bytes, size_t *count) {
    *bytes = NULL;
    *count = 0;
    if (encoder->failed || write_block(encoder, 1) != 0 || reserve(encoder, 16) != 0) {
        obdeflate_rows_discard(encoder);
        return -1;
    }
    /* The partial last byte, then the Adler-32 of the raw scanlines, most significant first. */
    while (encoder->bit_count > 0) {
        encoder->out[encoder->count++] = (unsigned char)encoder->bit_buffer;
        encoder->bit_buffer >>= 8;
        encoder->bit_count = encoder->bit_count > 8 ? encoder->bit_count - 8 : 0;
    }
    for (int shift = 24; shift >= 0; shift -= 8) encoder->out[encoder->count++] = (unsigned char)(encoder->adler >> shift);
    *bytes = encoder->out;
    *count = encoder->count;
    encoder->out = NULL;
    obdeflate_rows_discard(encoder);
    return 0;
}

void obdeflate_rows_discard(obdeflate_rows *encoder) {
    free(encoder->out);
    free(encoder->tokens);
    memset(encoder, 0, sizeof *encoder);
}

/* 5552 bytes is the longest stretch whose sums cannot overflow 32 bits before the reduction
   modulo 65521 (zlib's NMAX). */
enum { adler_modulus = 65521, adler_stretch = 5552 };

uint32_t obdeflate_adler32(uint32_t adler, const unsigned char *bytes, size_t count) {
    uint64_t low = adler & 0xffff, high = adler >> 16;
    while (count > 0) {
        size_t stretch = count < adler_stretch ? count : adler_stretch;
        count -= stretch;
#if defined(__SSE2__)
        /* 16 bytes at a time: byte i of a block of n bytes adds (n − i)·b to the high sum. With
           C blocks, high += n·low₀ + 16·Σ(block sums before each block) + Σ(16 − i)·bᵢ. */
        size_t blocks = stretch / 16;
        if (blocks > 0) {
            const __m128i zero = _mm_setzero_si128();
            const __m128i weights_first = _mm_set_epi16(9, 10, 11, 12, 13, 14, 15, 16);
            const __m128i weights_second = _mm_set_epi16(1, 2, 3, 4, 5, 6, 7, 8);
            __m128i sums = zero, sums_before = zero, weighted = zero;
            for (size_t block = 0; block < blocks; ++block) {
                __m128i data = _mm_loadu_si128((const __m128i *)(bytes + 16 * block));
                sums_before = _mm_add_epi32(sums_before, sums);
                sums = _mm_add_epi32(sums, _mm_sad_epu8(data, zero));
                weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpacklo_epi8(data, zero), weights_first));
                weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpackhi_epi8(data, zero), weights_second));
            }
            uint32_t lanes[4];
            _mm_storeu_si128((__m128i *)lanes, sums);
            uint64_t sum = (uint64_t)lanes[0] + lanes[2];
            _mm_storeu_si128((__m128i *)lanes, sums_before);
            uint64_t before = (uint64_t)lanes[0] + lanes[2];
            _mm_storeu_si128((__m128i *)lanes, weighted);
            uint64_t weight = (uint64_t)lanes[0] + lanes[1] + lanes[2] + lanes[3];
            high += 16 * blocks * low + 16 * before + weight;
            low += sum;
            bytes += 16 * blocks;
            stretch -= 16 * blocks;
        }
#endif
        for (size_t i = 0; i < stretch; ++i) {
            low += bytes[i];
            high += low;
        }
        bytes += stretch;
        low %= adler_modulus;
        high %= adler_modulus;
    }
    return (uint32_t)(high << 16 | low);
}
