/* Byte offsets and constants of trace-format/FORMAT.md, the contract this writer follows. */
#ifndef SHMT_FORMAT_H
#define SHMT_FORMAT_H

#define SHMT_MAGIC "SHMTRACE"
#define SHMT_VERSION_MAJOR 1
#define SHMT_VERSION_MINOR 0
#define SHMT_HEADER_SIZE 256
#define SHMT_WRITER_C 1

/* file header: written once, covered by header_crc */
#define SHMT_H_VERSION_MAJOR 8
#define SHMT_H_VERSION_MINOR 10
#define SHMT_H_BLOCK_SIZE 12
#define SHMT_H_FIRST_BLOCK 16
#define SHMT_H_TABLE_OFFSET 20
#define SHMT_H_TABLE_LENGTH 24
#define SHMT_H_TABLE_CRC 28
#define SHMT_H_PE 32
#define SHMT_H_NPES 36
#define SHMT_H_PID 40
#define SHMT_H_TICK_HZ 48
#define SHMT_H_TICK_SHIFT 56
#define SHMT_H_CLOCK_SOURCE 57
#define SHMT_H_WRITER 58
#define SHMT_H_INIT_TICKS 64
#define SHMT_H_INIT_MONO 72
#define SHMT_H_INIT_REAL 80
#define SHMT_H_RUN_ID 88
#define SHMT_RUN_ID_SIZE 32
#define SHMT_H_HOST 120
#define SHMT_HOST_SIZE 64
#define SHMT_H_HEADER_CRC 188
#define SHMT_H_CRC_COVERS 188

/* file header: the part updated while the program runs */
#define SHMT_H_STATE 192
#define SHMT_H_BLOCKS_ALLOCATED 196
#define SHMT_H_FINAL_TICKS 200
#define SHMT_H_FINAL_MONO 208
#define SHMT_H_DROPPED 216

#define SHMT_STATE_RUNNING 0
#define SHMT_STATE_FINALIZED 1
#define SHMT_STATE_EXITED 2
#define SHMT_STATE_DISABLED 3

/* block header */
#define SHMT_BLOCK_MAGIC "SHMB"
#define SHMT_BLOCK_HEADER 64
#define SHMT_B_THREAD 4
#define SHMT_B_FLAGS 6
#define SHMT_B_LENGTH 8
#define SHMT_B_COUNT 12
#define SHMT_B_CRC 16
#define SHMT_B_THREAD_BLOCK 20
#define SHMT_B_FIRST_SEQ 24
#define SHMT_B_BASE_TIME 32
#define SHMT_B_OPEN_TICKS 40
#define SHMT_B_OPEN_MONO 48
#define SHMT_BLOCK_SEALED 1

#endif
