/* The settings read from the environment that take a size. A value that is not understood is never silently taken
 * for something else: one line on stderr (from PE 0) names the setting, the value and the default used instead. */
#ifndef SHMT_SETTINGS_H
#define SHMT_SETTINGS_H

#include <stdint.h>

/* NAME's value in bytes: digits, with an optional K, M or G suffix (powers of 1024), from least to most and a
 * multiple of multiple_of; unset or empty: fallback, silently; anything else (junk after the number, a sign, a value
 * out of range or past 2^64): fallback, after one line if speak. fallback_text is the default as the line shows it. */
uint64_t shmt_size_setting(const char *name, uint64_t least, uint64_t most, uint64_t multiple_of, uint64_t fallback,
                           const char *fallback_text, int speak);

#endif
