#include "shmt_settings.h"

#include <stdio.h>
#include <stdlib.h>


/* The value of s in bytes, or -1 when it is not a size. */
static int parse_size(const char *s, uint64_t *out)
{
    if (*s < '0' || *s > '9') return -1; /* no sign, no space: "-1" is no size */
    uint64_t v = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        if (v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10) return -1;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    unsigned shift = 0;
    switch (*s) {
    case 'K': case 'k': shift = 10; s++; break;
    case 'M': case 'm': shift = 20; s++; break;
    case 'G': case 'g': shift = 30; s++; break;
    default: break;
    }
    if (*s != '\0' || (shift != 0 && v > UINT64_MAX >> shift)) return -1;
    *out = v << shift;
    return 0;
}

uint64_t shmt_size_setting(const char *name, uint64_t least, uint64_t most, uint64_t multiple_of, uint64_t fallback,
                           const char *fallback_text, int speak)
{
    const char *s = getenv(name);
    if (s == NULL || *s == '\0') return fallback;
    uint64_t v;
    if (parse_size(s, &v) == 0 && v >= least && v <= most && (multiple_of == 0 || v % multiple_of == 0)) return v;
    if (speak) {
        char range[96] = "bytes";
        if (most != UINT64_MAX) {
            snprintf(range, sizeof range, "%llu to %llu bytes", (unsigned long long)least, (unsigned long long)most);
        }
        char multiple[48] = "";
        if (multiple_of > 1) snprintf(multiple, sizeof multiple, ", a multiple of %llu", (unsigned long long)multiple_of);
        fprintf(stderr, "shmemtrace: %s=%s: not a size this setting takes (%s%s; suffix K, M or G); the default, %s\n",
                name, s, range, multiple, fallback_text);
    }
    return fallback;
}
