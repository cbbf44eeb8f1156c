/* Entry points for the test programs that link the runtime directly, without an OpenSHMEM library. */
#ifndef SHMT_TESTING_H
#define SHMT_TESTING_H

/* Opens DIR/peNNNNN.shmt as shmt_start would after shmem_init; 0 or -1. */
int shmt_open_for_test(const char *dir, int pe, int npes) __attribute__((visibility("default")));

#endif
