/* plain: a program that never touches SHMEM, for the inertness test: prints its arguments and a checksum
 * of its environment size, and writes a file it was asked to, so any interference shows. */
#include <stdio.h>

int main(int argc, char **argv)
{
    unsigned long sum = 0;
    for (int i = 1; i < argc; i++) {
        for (const char *c = argv[i]; *c; c++) sum = sum * 31 + (unsigned char)*c;
        printf("arg %d: %s\n", i, argv[i]);
    }
    printf("checksum %lu\n", sum);
    return 0;
}
