/* Interning: an open-addressing table from a name's bytes to its number, read without a lock (a slot is published
 * by storing its number last), written under one. A name's bytes live in the mapped names block itself. */
#include "shmt_names.h"

#include <pthread.h>
#include <string.h>

#include "shmt_crc32c.h"
#include "shmt_trace_file.h"

/* Names a PE keeps apart; every later name is recorded as the last one, OTHER_NAMES, so that a program that makes
 * names without end (a region per iteration) keeps every record and its regions balanced. The table is in the
 * zero-filled data: its pages cost nothing until names fill them. */
#define SHMT_MAX_NAMES 65536
#define TABLE_SLOTS (2 * SHMT_MAX_NAMES) /* a power of two, at most half full */
#define OTHER_NAMES "(other regions)"

typedef struct {
    const uint8_t *bytes; /* in the names block */
    uint32_t length;
    uint32_t number_plus_one; /* 0: empty slot */
} name_slot;

static name_slot table[TABLE_SLOTS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uint8_t *block;     /* the names block being filled, and where its next entry goes */
static size_t block_used;
static uint32_t count;

/* Appends a name entry (a length byte, its bytes; the length stored last); where its bytes are, or NULL. */
static const uint8_t *append(const char *s, size_t n)
{
    size_t room = shmt_file_block_size() - SHMT_BLOCK_HEADER;
    if (block == NULL || block_used + 1 + n > room) {
        block = shmt_file_claim_side_block(SHMT_NAMES_MAGIC);
        block_used = 0;
        if (block == NULL) return NULL;
    }
    uint8_t *entry = block + SHMT_BLOCK_HEADER + block_used;
    memcpy(entry + 1, s, n);
    __atomic_store_n(entry, (uint8_t)n, __ATOMIC_RELEASE);
    block_used += 1 + n;
    return entry + 1;
}

uint32_t shmt_name_number(const char *name)
{
    if (name == NULL || name[0] == '\0') name = "(unnamed)";
    size_t n = strnlen(name, SHMT_MAX_NAME);
    uint32_t h = shmt_crc32c(name, n); /* the shim's checksum, as the table's hash */
    for (int locked = 0; locked < 2; locked++) {
        if (locked) pthread_mutex_lock(&lock); /* not found without it: look again, then add */
        for (uint32_t i = h & (TABLE_SLOTS - 1);; i = (i + 1) & (TABLE_SLOTS - 1)) {
            name_slot *s = &table[i];
            uint32_t number = __atomic_load_n(&s->number_plus_one, __ATOMIC_ACQUIRE);
            if (number == 0) break;
            if (s->length == n && memcmp(s->bytes, name, n) == 0) {
                if (locked) pthread_mutex_unlock(&lock);
                return number - 1;
            }
        }
    }
    uint32_t number = SHMT_NO_NAME;
    /* the last number is for OTHER_NAMES (another thread may have taken the last but one since we looked) */
    if (count >= SHMT_MAX_NAMES - 1 && strcmp(name, OTHER_NAMES) != 0) {
        pthread_mutex_unlock(&lock);
        return shmt_name_number(OTHER_NAMES);
    }
    const uint8_t *bytes = count < SHMT_MAX_NAMES ? append(name, n) : NULL;
    if (bytes != NULL) {
        uint32_t i = h & (TABLE_SLOTS - 1);
        while (table[i].number_plus_one != 0) i = (i + 1) & (TABLE_SLOTS - 1);
        table[i].bytes = bytes;
        table[i].length = (uint32_t)n;
        number = count++;
        __atomic_store_n(&table[i].number_plus_one, number + 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&lock);
    return number;
}
