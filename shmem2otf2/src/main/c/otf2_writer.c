/*
 * shmem2otf2-writer ARCHIVE_DIR NAME: writes an OTF2 archive through the reference library from the event
 * stream shmem2otf2 (Java) sends on stdin (Otf2Stream.java and StreamEvent.java are the other side).
 *
 * Definition lines, ASCII, each starting with its letter and ending with '\n':
 *   T tasks realtime_ns run             the run: PE count, CLOCK_REALTIME of timestamp 0, its id (first line)
 *   H host name n pe...                 a host and its PEs: a system-tree node under the machine
 *   R region role name                  a region (traced function), OTF2 region role; the name's bytes other
 *                                       than letters, digits and _ . : @ + - / as %XX (one token, whatever it is)
 *   U region name                       a user region (the program's, shmemtrace.h): role CODE, paradigm USER
 *   S set n rank...                     a PE set: a group, a communicator and an RMA window of its own
 *   L location pe thread                the events that follow are this location's
 *
 * Event records, binary (the stream's bulk: as text lines they were 892 MB for 12.8 M events, and reading and
 * parsing them half of this program's time): one byte, the record's code (0x80 + its number below: no ASCII byte,
 * so that no line can be taken for one), then its timestamp as a
 * zigzag LEB128 difference from the previous timestamp on the location (from 0 after each L line), then its other
 * values as LEB128:
 *   1 ENTER region / 2 LEAVE region                      Enter / Leave
 *   3 PUT remote bytes id / 4 GET ...                    RmaPut / RmaGet on window 0 (every PE)
 *   5 ATOMIC remote type sent received id                RmaAtomic
 *   6 COMPLETE_BLOCKING id / 7 COMPLETE_REMOTE id        RmaOpCompleteBlocking / RmaOpCompleteRemote
 *   8 COLLECTIVE_BEGIN / 9 COLLECTIVE_END op sync set root sent received   RmaCollectiveBegin / End on the set's window
 *   10 ACQUIRE_LOCK lock / 11 TRY_LOCK lock / 12 RELEASE_LOCK lock   RmaAcquireLock (exclusive) / RmaTryLock /
 *                                                        RmaReleaseLock, on no PE
 *   13 WAIT_CHANGE                                       RmaWaitChange (a wait returned) on window 0
 *   14 WINDOW_CREATE win / 15 WINDOW_DESTROY win         RmaWinCreate / RmaWinDestroy
 *   16 PROGRAM_BEGIN / 17 PROGRAM_END                    ProgramBegin (the run's id, no arguments) / ProgramEnd
 *
 * Timestamps are ns. A location's timestamps are kept from going backwards (the merge's per-PE clock rounding).
 * A PE's locations come together: when the stream moves to another PE, the PE it leaves is done.
 * Any error: one line on stderr, exit 1 (shmem2otf2 then removes the half-written archive).
 *
 * At many PEs the cost is in OTF2's per-location state, not in the events: each event writer and local definition
 * writer gets a chunk of its own, zeroed when taken (16,384 PEs with 1 MiB event and 4 MiB definition chunks: 27-34 s,
 * most of it page faults under that memset). So the chunks are the smallest OTF2 takes (the definitions' as large as
 * the largest group needs: the archive is opened once the T line gives the PE count), a PE's event writers are
 * closed and its (empty) local definitions written when the stream leaves it (OTF2 walks its lists of writers and
 * locations at each open and close), and strings are found through a hash table.
 */
#include <otf2/otf2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

/* The longest definition line: a set of every PE (Layout.MAX_PES, 2^20), its members up to 12 characters each. */
#define MAX_LINE (16 << 20)

typedef struct {
    uint64_t id;
    int pe, thread;
    OTF2_EvtWriter *writer;
    uint64_t events, last_ts;
} location;

static OTF2_Archive *archive;
static location *locations;
static size_t n_locations, cap_locations;
static char **strings;
static size_t n_strings, cap_strings;
/* Open addressing over strings: each slot 0 (empty) or 1 + the string's index; the table at most half full. */
static uint32_t *string_slots;
static size_t n_string_slots;
typedef struct { uint32_t id; int role; OTF2_Paradigm paradigm; OTF2_StringRef name; } region;
static region *regions;
static size_t n_regions, cap_regions;
typedef struct { uint32_t id; uint32_t n; uint64_t *ranks; } pe_set;
static pe_set *sets;
static size_t n_sets, cap_sets;
/* per PE: its system-tree node (1 + host index; 0, the machine, where no host was given) */
static OTF2_SystemTreeNodeRef *pe_node;
typedef struct { OTF2_StringRef name; } host;
static host *hosts;
static size_t n_hosts, cap_hosts;
static OTF2_StringRef run_name;
static int tasks;
static uint64_t realtime_ns, max_ts, min_ts = UINT64_MAX;
/* The records read so far, definition lines and events: where a message says it went wrong. */
static long record_no;

static void die(const char *what) {
    fprintf(stderr, "shmem2otf2-writer: record %ld: %s\n", record_no, what);
    exit(1);
}

static void check(OTF2_ErrorCode e, const char *what) {
    if (e != OTF2_SUCCESS) {
        fprintf(stderr, "shmem2otf2-writer: %s: %s\n", what, OTF2_Error_GetName(e));
        exit(1);
    }
}

static void *grow(void *array, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return array;
    size_t c = *cap ? *cap * 2 : 64;
    while (c < need) c *= 2;
    void *p = realloc(array, c * size);
    if (!p) die("out of memory");
    *cap = c;
    return p;
}

static size_t string_hash(const char *s) {
    uint64_t h = 14695981039346656037u; /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char) *s) * 1099511628211u;
    return (size_t) h;
}

static void string_slots_resize(size_t slots) {
    free(string_slots);
    string_slots = calloc(slots, sizeof *string_slots);
    if (!string_slots) die("out of memory");
    n_string_slots = slots;
    for (size_t i = 0; i < n_strings; i++) {
        size_t at = string_hash(strings[i]) & (slots - 1);
        while (string_slots[at]) at = (at + 1) & (slots - 1);
        string_slots[at] = (uint32_t) (i + 1);
    }
}

/* The string's reference: the same string always the same one (the definitions write each once). */
static OTF2_StringRef string(const char *s) {
    if (2 * (n_strings + 1) > n_string_slots) string_slots_resize(n_string_slots ? 2 * n_string_slots : 1024);
    size_t at = string_hash(s) & (n_string_slots - 1);
    for (; string_slots[at]; at = (at + 1) & (n_string_slots - 1)) {
        if (strcmp(strings[string_slots[at] - 1], s) == 0) return (OTF2_StringRef) (string_slots[at] - 1);
    }
    strings = grow(strings, &cap_strings, n_strings + 1, sizeof *strings);
    if (!(strings[n_strings] = strdup(s))) die("out of memory");
    string_slots[at] = (uint32_t) (n_strings + 1);
    return (OTF2_StringRef) n_strings++;
}

/* A %XX-encoded token decoded in place (Otf2Stream.token). */
static char *unescape(char *s) {
    char *out = s;
    for (char *in = s; *in; in++) {
        unsigned v;
        if (in[0] == '%' && in[1] && in[2] && sscanf(in + 1, "%2x", &v) == 1) {
            *out++ = (char) v;
            in += 2;
        } else {
            *out++ = *in;
        }
    }
    *out = '\0';
    return s;
}

/* A region definition: id and name from the stream (the name escaped). */
static void add_region(const char *id, int role, OTF2_Paradigm paradigm, char *name) {
    regions = grow(regions, &cap_regions, n_regions + 1, sizeof *regions);
    regions[n_regions].id = (uint32_t) atol(id);
    regions[n_regions].role = role;
    regions[n_regions].paradigm = paradigm;
    regions[n_regions++].name = string(unescape(name));
}

static OTF2_FlushType pre_flush(void *data, OTF2_FileType type, OTF2_LocationRef loc, void *caller, bool final) {
    (void) data; (void) type; (void) loc; (void) caller; (void) final;
    return OTF2_FLUSH;
}

static OTF2_TimeStamp post_flush(void *data, OTF2_FileType type, OTF2_LocationRef loc) {
    (void) data; (void) type; (void) loc;
    return 0;
}

static location *current;
/* The locations of the PE the stream is at, from here on; those before are closed, their PEs done. */
static size_t open_from;
/* Per PE: whether the stream has left it. */
static unsigned char *pe_done;

/*
 * The stream leaves the PE it is at: that PE's event writers are closed, and its locations' local definitions
 * written (none: readers expect the files). OTF2 looks through every location it has for each writer opened, so
 * at many PEs this takes time: here it is spent while shmem2otf2's progress bar runs, not after it.
 */
static void leave_pe(void) {
    for (size_t i = open_from; i < n_locations; i++) {
        check(OTF2_Archive_CloseEvtWriter(archive, locations[i].writer), "closing events");
        locations[i].writer = NULL;
        OTF2_DefWriter *local = OTF2_Archive_GetDefWriter(archive, locations[i].id);
        if (!local) die("cannot open a local definition writer");
        check(OTF2_Archive_CloseDefWriter(archive, local), "closing a local definition writer");
    }
    if (open_from < n_locations) pe_done[locations[open_from].pe] = 1;
    open_from = n_locations;
}

static location *find_location(uint64_t id, int pe, int thread) {
    if (!archive) die("an L line before the T line");
    if (pe < 0 || pe >= tasks) die("a location of a PE outside the run");
    if (open_from < n_locations && locations[open_from].pe != pe) leave_pe();
    if (pe_done[pe]) die("a PE's events after the stream left it");
    for (size_t i = open_from; i < n_locations; i++) if (locations[i].id == id) return &locations[i];
    locations = grow(locations, &cap_locations, n_locations + 1, sizeof *locations);
    location *l = &locations[n_locations++];
    l->id = id;
    l->pe = pe;
    l->thread = thread;
    l->events = 0;
    l->last_ts = 0;
    l->writer = OTF2_Archive_GetEvtWriter(archive, id);
    if (!l->writer) die("cannot open an event writer");
    return l;
}

/* The event's timestamp on the current location, never before its previous one. */
static uint64_t stamp(uint64_t ts) {
    if (!current) die("an event before any L line");
    if (ts < current->last_ts) ts = current->last_ts;
    current->last_ts = ts;
    current->events++;
    if (ts > max_ts) max_ts = ts;
    if (ts < min_ts) min_ts = ts;
    return ts;
}

enum event_kind {
    ENTER = 0x81, LEAVE, PUT, GET, ATOMIC, COMPLETE_BLOCKING, COMPLETE_REMOTE, COLLECTIVE_BEGIN, COLLECTIVE_END,
    ACQUIRE_LOCK, TRY_LOCK, RELEASE_LOCK, WAIT_CHANGE, WINDOW_CREATE, WINDOW_DESTROY, PROGRAM_BEGIN, PROGRAM_END,
    KINDS
};
/* How many values follow each kind's timestamp. */
static const int values_of[KINDS] = {
    [ENTER] = 1, [LEAVE] = 1, [PUT] = 3, [GET] = 3, [ATOMIC] = 5, [COMPLETE_BLOCKING] = 1, [COMPLETE_REMOTE] = 1,
    [COLLECTIVE_BEGIN] = 0, [COLLECTIVE_END] = 6, [ACQUIRE_LOCK] = 1, [TRY_LOCK] = 1, [RELEASE_LOCK] = 1,
    [WAIT_CHANGE] = 0, [WINDOW_CREATE] = 1, [WINDOW_DESTROY] = 1, [PROGRAM_BEGIN] = 0, [PROGRAM_END] = 0};
/* The longest event record: its code, the timestamp and six values of up to 10 bytes each. */
#define MAX_EVENT_RECORD (1 + 7 * 10)

/* An event: its kind, timestamp and values. */
static void write_event(int kind, uint64_t time, const uint64_t *v) {
    OTF2_EvtWriter *w = current ? current->writer : NULL;
    OTF2_TimeStamp ts = stamp(time);
    OTF2_ErrorCode e = OTF2_SUCCESS;
    switch (kind) {
    case ENTER: e = OTF2_EvtWriter_Enter(w, NULL, ts, (OTF2_RegionRef) v[0]); break;
    case LEAVE: e = OTF2_EvtWriter_Leave(w, NULL, ts, (OTF2_RegionRef) v[0]); break;
    case PUT: e = OTF2_EvtWriter_RmaPut(w, NULL, ts, 0, (uint32_t) v[0], v[1], v[2]); break;
    case GET: e = OTF2_EvtWriter_RmaGet(w, NULL, ts, 0, (uint32_t) v[0], v[1], v[2]); break;
    case ATOMIC:
        e = OTF2_EvtWriter_RmaAtomic(w, NULL, ts, 0, (uint32_t) v[0], (OTF2_RmaAtomicType) v[1], v[2], v[3], v[4]);
        break;
    case COMPLETE_BLOCKING: e = OTF2_EvtWriter_RmaOpCompleteBlocking(w, NULL, ts, 0, v[0]); break;
    case COMPLETE_REMOTE: e = OTF2_EvtWriter_RmaOpCompleteRemote(w, NULL, ts, 0, v[0]); break;
    case COLLECTIVE_BEGIN: e = OTF2_EvtWriter_RmaCollectiveBegin(w, NULL, ts); break;
    case COLLECTIVE_END:
        e = OTF2_EvtWriter_RmaCollectiveEnd(w, NULL, ts, (OTF2_CollectiveOp) v[0], (OTF2_RmaSyncLevel) v[1],
                                            (OTF2_RmaWinRef) v[2], (uint32_t) v[3], v[4], v[5]);
        break;
    case ACQUIRE_LOCK:
        e = OTF2_EvtWriter_RmaAcquireLock(w, NULL, ts, 0, OTF2_UNDEFINED_UINT32, v[0], OTF2_LOCK_EXCLUSIVE);
        break;
    case TRY_LOCK: e = OTF2_EvtWriter_RmaTryLock(w, NULL, ts, 0, OTF2_UNDEFINED_UINT32, v[0], OTF2_LOCK_EXCLUSIVE); break;
    case RELEASE_LOCK: e = OTF2_EvtWriter_RmaReleaseLock(w, NULL, ts, 0, OTF2_UNDEFINED_UINT32, v[0]); break;
    case WAIT_CHANGE: e = OTF2_EvtWriter_RmaWaitChange(w, NULL, ts, 0); break;
    case WINDOW_CREATE: e = OTF2_EvtWriter_RmaWinCreate(w, NULL, ts, (OTF2_RmaWinRef) v[0]); break;
    case WINDOW_DESTROY: e = OTF2_EvtWriter_RmaWinDestroy(w, NULL, ts, (OTF2_RmaWinRef) v[0]); break;
    case PROGRAM_BEGIN: e = OTF2_EvtWriter_ProgramBegin(w, NULL, ts, run_name, 0, NULL); break;
    default: e = OTF2_EvtWriter_ProgramEnd(w, NULL, ts, OTF2_UNDEFINED_INT64); break; /* PROGRAM_END */
    }
    check(e, "writing an event");
}

/*
 * The stream, read in chunks of READ_CHUNK into one buffer that definition lines are cut from in place and event
 * records decoded from (fgets, copying each line out of stdio's buffer, took a fifth of the time of the text stream).
 */
#define READ_CHUNK (4 << 20)
static unsigned char *input;
static size_t input_len, input_pos;
static int input_ended;

/* Makes sure that need bytes from input_pos are in the buffer, or all the stream has left; returns how many are. */
static size_t fill(size_t need) {
    if (!input && !(input = malloc(READ_CHUNK + MAX_LINE + 1))) die("out of memory");
    while (input_len - input_pos < need && !input_ended) {
        memmove(input, input + input_pos, input_len - input_pos);
        input_len -= input_pos;
        input_pos = 0;
        ssize_t n = read(0, input + input_len, READ_CHUNK + MAX_LINE - input_len);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) die("cannot read the event stream");
        if (n == 0) input_ended = 1;
        input_len += (size_t) n;
    }
    return input_len - input_pos;
}

/* The definition line at input_pos, its '\n' replaced by 0. A line longer than MAX_LINE is an error. */
static char *next_line(void) {
    size_t scanned = 0;
    for (;;) {
        char *start = (char *) input + input_pos;
        char *end = memchr(start + scanned, '\n', input_len - input_pos - scanned);
        if (end) {
            *end = 0;
            input_pos = (size_t) ((unsigned char *) end - input) + 1;
            return start;
        }
        scanned = input_len - input_pos;
        if (scanned > MAX_LINE) die("a line longer than 16 MiB");
        if (input_ended) { /* a last line without its '\n' */
            input[input_len] = 0;
            input_pos = input_len;
            return start;
        }
        fill(scanned + 1);
    }
}

static uint64_t uvar(void) {
    uint64_t v = 0;
    for (int shift = 0; shift < 70; shift += 7) {
        if (input_pos >= input_len) die("the stream ends inside an event record");
        unsigned char b = input[input_pos++];
        v |= (uint64_t) (b & 0x7F) << shift;
        if (!(b & 0x80)) return v;
    }
    die("a value longer than 10 bytes");
    return 0;
}

/* The timestamp before, on the current location (from 0 after each L line): records give the difference. */
static uint64_t stream_time;

/* The event record at input_pos. */
static void event_record(void) {
    fill(MAX_EVENT_RECORD);
    int kind = input[input_pos++];
    uint64_t zz = uvar();
    stream_time += (zz >> 1) ^ (0 - (zz & 1)); /* zigzag: the difference may be negative (clock rounding) */
    uint64_t v[6];
    for (int i = 0; i < values_of[kind]; i++) v[i] = uvar();
    write_event(kind, stream_time, v);
}

static void definitions(void) {
    OTF2_GlobalDefWriter *d = OTF2_Archive_GetGlobalDefWriter(archive);
    if (!d) die("cannot open the definition writer");
    /* strings used by the definitions below, then all strings */
    OTF2_StringRef machine = string("machine"), node = string("node"), shmem = string("SHMEM");
    OTF2_StringRef machine_class = string("machine");
    OTF2_StringRef world = string("all PEs"), empty = string("");
    char name[64];
    OTF2_StringRef *pe_names = calloc((size_t) tasks, sizeof *pe_names);
    for (int pe = 0; pe < tasks; pe++) {
        snprintf(name, sizeof name, "PE %d", pe);
        pe_names[pe] = string(name);
    }
    OTF2_StringRef *loc_names = calloc(n_locations + 1, sizeof *loc_names);
    for (size_t i = 0; i < n_locations; i++) {
        snprintf(name, sizeof name, "PE %d thread %d", locations[i].pe, locations[i].thread);
        loc_names[i] = string(name);
    }
    OTF2_StringRef *set_names = calloc(n_sets + 1, sizeof *set_names);
    for (size_t i = 0; i < n_sets; i++) {
        snprintf(name, sizeof name, "PE set %u", sets[i].id);
        set_names[i] = string(name);
    }
    for (size_t i = 0; i < n_strings; i++) check(OTF2_GlobalDefWriter_WriteString(d, (OTF2_StringRef) i, strings[i]), "string");
    /* The clock's offset is the first event's time: readers show times from it (Vampir's axis starts there, not a
     * second early at the stream's padding), as the CSV, the summary and the page count from the run's first event. */
    uint64_t offset = min_ts == UINT64_MAX ? 0 : min_ts;
    check(OTF2_GlobalDefWriter_WriteClockProperties(d, 1000000000, offset, max_ts + 1 - offset, realtime_ns + offset),
          "clock properties");
    check(OTF2_GlobalDefWriter_WriteParadigm(d, OTF2_PARADIGM_SHMEM, shmem, OTF2_PARADIGM_CLASS_PROCESS), "paradigm");
    check(OTF2_GlobalDefWriter_WriteSystemTreeNode(d, 0, machine, machine_class, OTF2_UNDEFINED_SYSTEM_TREE_NODE),
          "system tree");
    for (size_t i = 0; i < n_hosts; i++) {
        check(OTF2_GlobalDefWriter_WriteSystemTreeNode(d, (OTF2_SystemTreeNodeRef) (i + 1), hosts[i].name, node, 0),
              "system tree node");
    }
    for (int pe = 0; pe < tasks; pe++) {
        check(OTF2_GlobalDefWriter_WriteLocationGroup(d, (OTF2_LocationGroupRef) pe, pe_names[pe],
                OTF2_LOCATION_GROUP_TYPE_PROCESS, pe_node ? pe_node[pe] : 0, OTF2_UNDEFINED_LOCATION_GROUP),
              "location group");
    }
    for (size_t i = 0; i < n_locations; i++) {
        check(OTF2_GlobalDefWriter_WriteLocation(d, locations[i].id, loc_names[i], OTF2_LOCATION_TYPE_CPU_THREAD,
                locations[i].events, (OTF2_LocationGroupRef) locations[i].pe), "location");
    }
    for (size_t i = 0; i < n_regions; i++) {
        check(OTF2_GlobalDefWriter_WriteRegion(d, regions[i].id, regions[i].name, regions[i].name, empty,
                (OTF2_RegionRole) regions[i].role, regions[i].paradigm, OTF2_REGION_FLAG_NONE, empty, 0, 0), "region");
    }
    /* group 0: the PEs' main locations (rank r = PE r's thread 0); then per set a group of ranks, a communicator
     * and a window: window s is set s, window 0 every PE */
    uint64_t *ranks = calloc((size_t) tasks, sizeof *ranks);
    for (int pe = 0; pe < tasks; pe++) ranks[pe] = (uint64_t) pe << 16;
    check(OTF2_GlobalDefWriter_WriteGroup(d, 0, world, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_SHMEM,
            OTF2_GROUP_FLAG_NONE, (uint32_t) tasks, ranks), "locations group");
    for (size_t i = 0; i < n_sets; i++) {
        check(OTF2_GlobalDefWriter_WriteGroup(d, sets[i].id + 1, set_names[i], OTF2_GROUP_TYPE_COMM_GROUP,
                OTF2_PARADIGM_SHMEM, OTF2_GROUP_FLAG_NONE, sets[i].n, sets[i].ranks), "set group");
        check(OTF2_GlobalDefWriter_WriteComm(d, sets[i].id, set_names[i], sets[i].id + 1, OTF2_UNDEFINED_COMM,
                OTF2_COMM_FLAG_NONE), "communicator");
        check(OTF2_GlobalDefWriter_WriteRmaWin(d, sets[i].id, set_names[i], sets[i].id, OTF2_RMA_WIN_FLAG_NONE),
              "window");
    }
    check(OTF2_Archive_CloseGlobalDefWriter(archive, d), "closing the definitions");
}

/*
 * The archive, once the PE count is known. Each chunk is zeroed when OTF2 takes it, whatever it will hold, so they
 * are as small as OTF2 allows; a definition record must fit in one chunk, and the largest is the group of every PE
 * (a compressed location reference of up to 9 bytes each).
 */
static void open_archive(const char *dir, const char *name) {
    uint64_t definitions = (uint64_t) tasks * 9 + 4096;
    if (definitions < OTF2_CHUNK_SIZE_MIN) definitions = OTF2_CHUNK_SIZE_MIN;
    if (definitions > OTF2_CHUNK_SIZE_MAX) die("more PEs than an OTF2 definition chunk can list");
    archive = OTF2_Archive_Open(dir, name, OTF2_FILEMODE_WRITE, OTF2_CHUNK_SIZE_MIN, definitions,
                                OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    if (!archive) die("cannot create the archive");
    static OTF2_FlushCallbacks flush = {pre_flush, post_flush}; /* OTF2 keeps the pointer */
    check(OTF2_Archive_SetFlushCallbacks(archive, &flush, NULL), "flush callbacks");
    check(OTF2_Archive_SetSerialCollectiveCallbacks(archive), "collective callbacks");
    check(OTF2_Archive_SetCreator(archive, "shmemtrace shmem2otf2"), "creator");
    check(OTF2_Archive_OpenEvtFiles(archive), "opening event files");
    check(OTF2_Archive_OpenDefFiles(archive), "opening local definitions");
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: shmem2otf2-writer ARCHIVE_DIR NAME < events\n");
        return 2;
    }
    static char *f[MAX_LINE / 2 + 1]; /* every token a line can hold: a set of all PEs is one line */
    while (fill(1) > 0) {
        record_no++;
        int first = input[input_pos];
        if (first >= ENTER && first < KINDS) {
            event_record();
            continue;
        }
        char *line = next_line();
        int nf = 0;
        for (char *tok = strtok(line, " \n"); tok && nf < (int) (sizeof f / sizeof *f); tok = strtok(NULL, " \n")) f[nf++] = tok;
        if (nf == 0) continue;
        if (!strcmp(f[0], "T") && nf == 4) {
            if (archive) die("a second T line");
            tasks = atoi(f[1]);
            if (tasks < 1) die("no PEs");
            realtime_ns = strtoull(f[2], NULL, 10);
            run_name = string(unescape(f[3]));
            pe_node = calloc((size_t) tasks, sizeof *pe_node);
            pe_done = calloc((size_t) tasks, 1);
            if (!pe_node || !pe_done) die("out of memory");
            open_archive(argv[1], argv[2]);
        } else if (!strcmp(f[0], "H") && nf >= 4 && pe_node) {
            hosts = grow(hosts, &cap_hosts, n_hosts + 1, sizeof *hosts);
            hosts[n_hosts].name = string(unescape(f[2]));
            uint32_t n = (uint32_t) atol(f[3]);
            if ((int) n != nf - 4) die("a host's PE count and its PEs differ");
            for (uint32_t i = 0; i < n; i++) {
                long pe = atol(f[4 + i]);
                if (pe < 0 || pe >= tasks) die("a host's PE outside the run");
                pe_node[pe] = (OTF2_SystemTreeNodeRef) (n_hosts + 1);
            }
            n_hosts++;
        } else if (!strcmp(f[0], "R") && nf == 4) {
            add_region(f[1], atoi(f[2]), OTF2_PARADIGM_SHMEM, f[3]);
        } else if (!strcmp(f[0], "U") && nf == 3) {
            add_region(f[1], OTF2_REGION_ROLE_CODE, OTF2_PARADIGM_USER, f[2]);
        } else if (!strcmp(f[0], "S") && nf >= 3) {
            sets = grow(sets, &cap_sets, n_sets + 1, sizeof *sets);
            pe_set *s = &sets[n_sets++];
            s->id = (uint32_t) atol(f[1]);
            s->n = (uint32_t) atol(f[2]);
            if ((int) s->n != nf - 3) die("a set's member count and its members differ");
            s->ranks = calloc(s->n + 1, sizeof *s->ranks);
            for (uint32_t i = 0; i < s->n; i++) s->ranks[i] = strtoull(f[3 + i], NULL, 10);
        } else if (!strcmp(f[0], "L") && nf == 4) {
            current = find_location(strtoull(f[1], NULL, 10), atoi(f[2]), atoi(f[3]));
            stream_time = 0;
        } else {
            die("unknown record");
        }
    }
    if (!archive) die("no T line");
    leave_pe();
    check(OTF2_Archive_CloseEvtFiles(archive), "closing event files");
    check(OTF2_Archive_CloseDefFiles(archive), "closing local definitions");
    definitions();
    check(OTF2_Archive_Close(archive), "closing the archive");
    return 0;
}
