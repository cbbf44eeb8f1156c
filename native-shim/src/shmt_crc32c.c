#include "shmt_crc32c.h"

#include <string.h>

static uint32_t table[256];

static uint32_t crc_table(uint32_t crc, const uint8_t *p, size_t len)
{
    if (table[1] == 0) {
        for (uint32_t i = 0; i < 256; i++) {
            uint32_t c = i;
            for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0x82F63B78u & (0u - (c & 1)));
            table[i] = c;
        }
    }
    while (len--) crc = table[(crc ^ *p++) & 0xFF] ^ (crc >> 8);
    return crc;
}

#if defined(__x86_64__)
/* The SSE4.2 crc32 instruction: a sealed 1 MiB block costs ~0.1 ms instead of ~1 ms. */
__attribute__((target("sse4.2"))) static uint32_t crc_sse42(uint32_t crc, const uint8_t *p, size_t len)
{
    uint64_t c = crc;
    for (; len >= 32; p += 32, len -= 32) { /* four words a turn: a sealed block is checked once, in the hot thread */
        uint64_t w[4];
        memcpy(w, p, 32);
        c = __builtin_ia32_crc32di(c, w[0]);
        c = __builtin_ia32_crc32di(c, w[1]);
        c = __builtin_ia32_crc32di(c, w[2]);
        c = __builtin_ia32_crc32di(c, w[3]);
    }
    for (; len >= 8; p += 8, len -= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        c = __builtin_ia32_crc32di(c, word);
    }
    crc = (uint32_t)c;
    for (; len > 0; p++, len--) crc = __builtin_ia32_crc32qi(crc, *p);
    return crc;
}
#endif

uint32_t shmt_crc32c(const void *data, size_t len)
{
#if defined(__x86_64__)
    if (__builtin_cpu_supports("sse4.2")) return ~crc_sse42(~0u, data, len);
#endif
    return ~crc_table(~0u, data, len);
}
