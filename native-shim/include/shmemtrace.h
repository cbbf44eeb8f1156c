/*
 * shmemtrace.h: let a program mark the phases of its run and steer its trace (shmemtrace's README, "Regions,
 * pause and filters").
 *
 *     #include <shmemtrace.h>            cc -I<dist>/include ...
 *     shmemtrace_region_begin("solve");
 *     ...                                 every OpenSHMEM call in between belongs to region "solve"
 *     shmemtrace_region_end("solve");
 *     shmemtrace_mark("checkpoint");      a moment, not a span
 *     shmemtrace_pause(); ... shmemtrace_resume();   calls in between counted per function, not recorded
 *
 * Under the tracer (dist/bin/shmemtrace, which preloads libshmemtrace.so) these are events in the trace. Without
 * it the program runs as it would, in one of two ways:
 *   - weak symbols (the default here, with gcc and clang): each call first tests that the function exists, and
 *     nothing is linked. It needs a position-independent executable (gcc's default on Debian, Ubuntu, Fedora) or
 *     a shared object; a -no-pie program would resolve the functions to nothing at link time, tracer or not.
 *   - the stub library: compile with -DSHMEMTRACE_NO_WEAK and link -L<dist>/lib -lshmemtrace-stub, whose
 *     functions do nothing; the tracer's, preloaded, are found first.
 *
 * Names are the caller's strings, copied on first use (at most 100 bytes kept); a region ends at the end with the
 * same name. Regions may nest; pause and resume apply to the whole PE (all its threads).
 */
#ifndef SHMEMTRACE_H
#define SHMEMTRACE_H

#ifdef __cplusplus
extern "C" {
#endif

#if !defined(SHMEMTRACE_NO_WEAK) && defined(__GNUC__)
#define SHMEMTRACE_WEAK_ __attribute__((weak))
#else
#define SHMEMTRACE_WEAK_
#endif

void shmemtrace_region_begin(const char *name) SHMEMTRACE_WEAK_;
void shmemtrace_region_end(const char *name) SHMEMTRACE_WEAK_;
void shmemtrace_mark(const char *name) SHMEMTRACE_WEAK_;
void shmemtrace_pause(void) SHMEMTRACE_WEAK_;
void shmemtrace_resume(void) SHMEMTRACE_WEAK_;

#if !defined(SHMEMTRACE_NO_WEAK) && defined(__GNUC__)
/* An absent weak function's address is null: call it only when the tracer (or the stub library) defines it. The
 * parenthesized name in each is the function, not this macro. */
#define shmemtrace_region_begin(name) (shmemtrace_region_begin ? (shmemtrace_region_begin)(name) : (void)0)
#define shmemtrace_region_end(name) (shmemtrace_region_end ? (shmemtrace_region_end)(name) : (void)0)
#define shmemtrace_mark(name) (shmemtrace_mark ? (shmemtrace_mark)(name) : (void)0)
#define shmemtrace_pause() (shmemtrace_pause ? (shmemtrace_pause)() : (void)0)
#define shmemtrace_resume() (shmemtrace_resume ? (shmemtrace_resume)() : (void)0)
#endif

#ifdef __cplusplus
}
#endif

#endif
