/* Length-limited canonical Huffman codes for the deflate encoder of row_deflate.h. */
#ifndef ORBITBENCH_DEFLATE_HUFFMAN_H
#define ORBITBENCH_DEFLATE_HUFFMAN_H

#include <stdint.h>

/* Most symbols any deflate alphabet has (literal/length: 286, with the two unused: 288). */
#define DEFLATE_HUFFMAN_MAXIMUM_SYMBOLS 288

/* Code lengths of at most `limit` bits (1 … 15) for `count` symbols (≤ 288): optimal Huffman
   lengths, with lengths over the limit shortened and the code re-balanced so it stays complete
   (the least frequent symbols get the longest codes). A symbol of frequency 0 gets length 0.
   With a single used symbol it gets length 1. Ties are broken by symbol number, so equal
   frequencies always give equal codes. */
void deflate_code_lengths(const uint32_t *frequencies, int count, int limit, uint8_t *lengths);

/* Canonical codes (RFC 1951 §3.2.2) for the lengths, bit-reversed for deflate's
   least-significant-bit-first stream. */
void deflate_canonical_codes(const uint8_t *lengths, int count, uint16_t *codes);

#endif
