#!/bin/sh
# How fast shmembin2txt summarises the profile of a large run: tests/src/test/c/calls.c profiled on 2 PEs
# (SHMEMTRACE_MODE=profile), PE 0's profile copied as PEs 0..N-1 of an N-PE run (pe and npes rewritten, the header
# checksum made again), then the summary timed. Prints the files' size and the time.
#   scripts/bench-profile-scale.sh [N]        (default 16384; after mvn package)
set -e
cd "$(dirname "$0")/.."
. scripts/setup.sh
n=${1:-16384}
out=target/bench-profile
rm -rf "$out" && mkdir -p "$out"
oshcc -O2 -o "$out/calls" tests/src/test/c/calls.c
SHMEMTRACE_MODE=profile SHMEMTRACE_QUIET=1 SHMEMTRACE_DIR="$out/two" oshrun -np 2 dist/bin/shmemtrace "$out/calls" > /dev/null
python3 - "$out/two/pe00000.shmt" "$out/run" "$n" <<'PY'
import os, struct, sys
source, run, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = bytearray(open(source, 'rb').read())
table = []
for i in range(256):  # CRC-32C (Castagnoli), reflected
    c = i
    for _ in range(8):
        c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
    table.append(c)
def crc32c(b):
    c = 0xFFFFFFFF
    for x in b:
        c = table[(c ^ x) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF
os.makedirs(run)
for pe in range(n):
    struct.pack_into('<II', data, 32, pe, n)            # pe, npes (trace-format/FORMAT.md, "File header")
    struct.pack_into('<I', data, 188, crc32c(data[:188]))
    with open(os.path.join(run, 'pe%05d.shmt' % pe), 'wb') as f:
        f.write(data)
PY
echo "$n profiles of $(stat -c %s "$out/run/pe00000.shmt") bytes each ($(du -sh "$out/run" | cut -f1) in all)"
start=$(date +%s.%N)
dist/bin/shmembin2txt --summary "$out/run" > "$out/summary.txt"
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" -v n="$n" 'BEGIN { printf "shmembin2txt --summary of %d profiles: %.1f s\n", n, e - s }'
