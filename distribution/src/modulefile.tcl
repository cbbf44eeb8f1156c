#%Module1.0
## shmemtrace @VERSION@: written by install.sh for the tree at @PREFIX@ (Environment Modules and Lmod read it).
proc ModulesHelp { } {
    puts stderr "shmemtrace @VERSION@: an OpenSHMEM call tracer, its trace tools and simulator."
    puts stderr "  oshrun -np 4 shmemtrace ./app     (or: srun --mpi=pmix -n 4 shmemtrace ./app)"
    puts stderr "  shmembin2txt --summary DIR, shmembin2txt --html page.html DIR, shmem2otf2, shmemsim, shmembench"
}
module-whatis "shmemtrace @VERSION@: OpenSHMEM call tracer, trace tools (text, HTML, OTF2) and simulator"
conflict shmemtrace
set root {@PREFIX@}
prepend-path PATH $root/bin
# shmemtrace.h and the stub library, for programs that mark regions (cc -lshmemtrace-stub finds it)
prepend-path CPATH $root/include
prepend-path LIBRARY_PATH $root/lib
# and for such a program to start, where the stub is found at run time (it has no rpath)
prepend-path LD_LIBRARY_PATH $root/lib
setenv SHMEMTRACE_ROOT $root
