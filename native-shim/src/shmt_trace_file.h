/* The PE's trace file: created at start, grown one block at a time, every part memory-mapped so what
 * the program stored survives a crash or SIGKILL in the page cache. */
#ifndef SHMT_TRACE_FILE_H
#define SHMT_TRACE_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct shmt_identity {
    int pe, npes;
    uint64_t init_ticks, init_mono_ns, init_real_ns, tick_hz;
    unsigned tick_shift, clock_source;
    uint32_t run_flags; /* SHMT_RUN_CALLSITES */
} shmt_identity;

/* Creates DIR/peNNNNN.shmt with its header and event table; 0, or -1 after one warning on stderr (also when DIR
 * is another user's, or writable by others and not sticky, or the file exists). */
int shmt_file_create(const char *dir, const shmt_identity *id);

/* Maps a new block (block_size bytes); NULL, after one warning on stderr, when the disk or mapping fails
 * or the file would pass SHMEMTRACE_MAX_BYTES (then shmt_file_capped() is 1). */
uint8_t *shmt_file_claim_block(void);

int shmt_file_capped(void);

/* A block of another kind than events (a names or counts block: magic SHMT_NAMES_MAGIC or SHMT_COUNTS_MAGIC),
 * claimed as an event block is and never released: its magic written, the rest zero. NULL as claim_block. */
uint8_t *shmt_file_claim_side_block(const char *magic);

/* Fills in length, count and crc of a block's header, then its SEALED flag. */
void shmt_file_seal_block(uint8_t *block, const uint8_t *end, uint32_t count);

void shmt_file_release_block(uint8_t *block);

size_t shmt_file_block_size(void);

/* Final state, clock pair and dropped events into the header. */
void shmt_file_finish(unsigned state, uint64_t final_ticks, uint64_t final_mono_ns);

void shmt_file_count_dropped(uint64_t n);

/* Creates NAME in the trace directory for writing, never replacing nor following what is there; 0, or -1 with
 * errno set. */
int shmt_file_create_in_dir(const char *name, FILE **out);

/* The trace directory (a descriptor), -1 before shmt_file_create succeeded. */
int shmt_file_dir(void);

/* The trace file's path (empty before shmt_file_create). */
const char *shmt_file_path(void);
void shmt_file_say_where(uint64_t events);
void shmt_file_write_command(int pe);

/* The header page, for the header fields of a block (NULL if no file). */
uint8_t *shmt_file_header(void);

#endif
