/* What the settings ask for once the trace is open (before the init call's event, whose end is taken after it: the
 * trace's start-up is part of init, not the program's first burst): the filters' and the profile's stubs in the
 * program's GOT. SHMEMTRACE_START's pause (a record) comes after the init event (shmt_start_paused). */
#include <stdio.h>

#include "shmt_runtime.h"
#include "shmt_got.h"
#include "shmt_profile.h"

static shmt_stub stub_for(unsigned id)
{
    if (shmt_filter_excluded(id)) return shmt_event_infos[id].excluded;
    return shmt_profiling ? shmt_event_infos[id].profiled : NULL;
}

void shmt_started(void)
{
    int excluded = shmt_filter_select();
    /* in trace mode too: PLT slots that an RTLD_DEEPBIND object bound past the shim */
    if (shmt_got_patch(excluded > 0 || shmt_profiling ? stub_for : NULL) != 0 && (excluded > 0 || shmt_profiling)) {
        fprintf(stderr, "shmemtrace: %s, %s and profiles are not supported on this architecture: every call is recorded\n",
                SHMT_ENV_INCLUDE, SHMT_ENV_EXCLUDE);
    }
}

static int bypass_lines;

static void say_bypassed(const char *object, const char *function)
{
    if (bypass_lines++ >= 5) return;
    fprintf(stderr, "shmemtrace: PE %d: %s calls %s past the tracer (it binds to the OpenSHMEM library itself, as an"
            " object opened with RTLD_DEEPBIND after shmem_init does): its calls are not recorded\n", shmt_pe(), object,
            function);
}

void shmt_say_bypasses(void)
{
    shmt_got_find_bypasses(say_bypassed);
}
