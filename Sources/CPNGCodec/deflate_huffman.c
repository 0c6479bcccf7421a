#include "deflate_huffman.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t frequency;
    int symbol;
} weighted_symbol;

static int by_frequency(const void *a, const void *b) {
    const weighted_symbol *x = a, *y = b;
    if (x->frequency != y->frequency) return x->frequency < y->frequency ? -1 : 1;
    return x->symbol - y->symbol;
}

void deflate_code_lengths(const uint32_t *frequencies, int count, int limit, uint8_t *lengths) {
    weighted_symbol used[DEFLATE_HUFFMAN_MAXIMUM_SYMBOLS];
    int n = 0;
    memset(lengths, 0, (size_t)count);
    for (int symbol = 0; symbol < count; ++symbol)
        if (frequencies[symbol] > 0) used[n++] = (weighted_symbol){frequencies[symbol], symbol};
    if (n == 0) return;
    if (n == 1) {
        lengths[used[0].symbol] = 1;
        return;
    }
    qsort(used, (size_t)n, sizeof used[0], by_frequency);

    /* Huffman's tree by two queues: leaves 0…n−1 in frequency order, internal nodes n…2n−2
       in the order they are made, which is also frequency order. A node's parent always has a
       larger index, so depths follow in one pass from the root down. */
    uint64_t weight[2 * DEFLATE_HUFFMAN_MAXIMUM_SYMBOLS];
    int parent[2 * DEFLATE_HUFFMAN_MAXIMUM_SYMBOLS];
    int depth[2 * DEFLATE_HUFFMAN_MAXIMUM_SYMBOLS];
    for (int i = 0; i < n; ++i) weight[i] = used[i].frequency;
    int next_leaf = 0, next_internal = n;
    for (int node = n; node < 2 * n - 1; ++node) {
        int children[2];
        for (int c = 0; c < 2; ++c) {
            if (next_leaf < n && (next_internal >= node || weight[next_leaf] <= weight[next_internal]))
                children[c] = next_leaf++;
            else
                children[c] = next_internal++;
        }
        weight[node] = weight[children[0]] + weight[children[1]];
        parent[children[0]] = parent[children[1]] = node;
    }
    int root = 2 * n - 2;
    depth[root] = 0;
    for (int node = root - 1; node >= 0; --node) depth[node] = depth[parent[node]] + 1;

    /* Count codes per length with the overlong ones at the limit, then restore Kraft's
       equality: each step drops a code at the limit and splits the longest shorter one. */
    int per_length[64] = {0};
    for (int i = 0; i < n; ++i) per_length[depth[i] > limit ? limit : depth[i]] += 1;
    uint64_t kraft = 0; /* Σ 2^(limit − length), complete at 2^limit */
    for (int length = 1; length <= limit; ++length) kraft += (uint64_t)per_length[length] << (limit - length);
    while (kraft > (1ull << limit)) {
        per_length[limit] -= 1;
        for (int length = limit - 1; length > 0; --length) {
            if (per_length[length] > 0) {
                per_length[length] -= 1;
                per_length[length + 1] += 2;
                break;
            }
        }
        kraft -= 1;
    }
    /* The rarest symbols take the longest codes. */
    int i = 0;
    for (int length = limit; length > 0; --length)
        for (int k = 0; k < per_length[length]; ++k) lengths[used[i++].symbol] = (uint8_t)length;
}

void deflate_canonical_codes(const uint8_t *lengths, int count, uint16_t *codes) {
    int per_length[16] = {0};
    for (int symbol = 0; symbol < count; ++symbol) per_length[lengths[symbol]] += 1;
    per_length[0] = 0;
    uint32_t next[16] = {0};
    uint32_t code = 0;
    for (int length = 1; length < 16; ++length) {
        code = (code + (uint32_t)per_length[length - 1]) << 1;
        next[length] = code;
    }
    for (int symbol = 0; symbol < count; ++symbol) {
        int length = lengths[symbol];
        if (length == 0) {
            codes[symbol] = 0;
            continue;
        }
        uint32_t value = next[length]++, reversed = 0;
        for (int bit = 0; bit < length; ++bit) reversed |= ((value >> bit) & 1u) << (length - 1 - bit);
        codes[symbol] = (uint16_t)reversed;
    }
}
