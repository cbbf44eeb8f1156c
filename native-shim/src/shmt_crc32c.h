/* CRC-32C (Castagnoli), as java.util.zip.CRC32C computes it: used to seal blocks and the header. */
#ifndef SHMT_CRC32C_H
#define SHMT_CRC32C_H

#include <stddef.h>
#include <stdint.h>

uint32_t shmt_crc32c(const void *data, size_t len);

#endif
