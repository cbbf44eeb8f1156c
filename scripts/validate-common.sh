# Sourced by validate-sim.sh and validate-family.sh (after dist is set): the programs they validate on, and how they
# read a run's window and a shmemsim --json field.

# name | source | arguments: the examples, then kernels shaped like real SHMEM applications; each runs 0.2-2 s
# (the examples' default sizes last a few milliseconds, where one-off costs such as UCX's first contact with a
# peer, 0.5 ms for a first atomic on a global, are a tenth of the run); PROGRAMS="name ..." keeps a subset
catalogue='heat1d|examples/c/heat1d.c|40000
pingpong|examples/c/pingpong.c|10000
jacobi|examples/c/jacobi.c|2000
halo2d|examples/c/halo2d.c|
isx|examples/c/isx.c|
gups|examples/c/gups.c|
gups-locked|examples/c/gups.c|-l
pipeline|examples/c/pipeline.c|
cg|examples/c/cg.c|'
[ -z "${PROGRAMS:-}" ] || catalogue=$(echo "$catalogue" | awk -F'|' -v want=" $PROGRAMS " 'index(want, " " $1 " ")')

# field FILE NAME: a number of a shmemsim --json file
field() { awk -F'[:,]' -v f="\"$2\"" '$1 ~ f { print $2 + 0; exit }' "$1"; }

# window MERGED: the traced application window of a merged run, seconds (shmemsim's measured replay reads it exactly;
# no interval: only the traced figure is wanted)
window() {
  "$dist/shmemsim" -q --force --no-interval --comm-model measured --json "$1.json" "$1" > /dev/null
  field "$1.json" traced_s
}
