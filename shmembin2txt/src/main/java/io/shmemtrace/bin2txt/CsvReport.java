package io.shmemtrace.bin2txt;

import io.shmemtrace.io.RowBuffer;
import io.shmemtrace.io.Csv;
import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.FieldDef;
import io.shmemtrace.format.FieldKind;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceRun;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.List;

/**
 * One row per event (RFC 4180), header first (docs/csv.md documents every column). Times are ns on the run's one
 * time base ({@link RunTimeBase}: from the earliest PE's init, exact on one host). Every
 * numeric column is an integer in every row (target_pe -1 and bytes 0 where they do not apply), so that pandas
 * and the like load them as integers. Rows are
 * bytes written straight into a buffer (RowBuffer): the per-call parts that never change (",name,CATEGORY,"
 * and each "field=") are encoded once per event id of a file.
 */
final class CsvReport extends Report {
    static final String HEADER =
            "pe,thread,seq,function,category,start_ns,end_ns,duration_ns,burst_ns,target_pe,bytes,fields";

    /** The longest number: 20 digits and a sign. */
    private static final int NUMBER = 21;
    private static final byte[] REPEATS = "repeated=".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SEP_REPEATS = ";repeated=".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CALLS_NS = ";calls_ns=".getBytes(StandardCharsets.US_ASCII);

    private final RowBuffer buf;
    private final TimeDigits startDigits = new TimeDigits();
    private final TimeDigits endDigits = new TimeDigits();
    /** Per event id of the current file: ",name,CATEGORY," and "name=" of each field (";name=" after the first). */
    private byte[][] heads = new byte[0][];
    private byte[][][] fieldNames = new byte[0][][];
    private int[] targetField = new int[0];
    /** Per event id: how each field is printed (Fields.style). */
    private byte[][] styles = new byte[0][];
    /** Per event id: the most bytes one of its rows can take. */
    private int[] maxRow = new int[0];
    /** "pe,thread," of the rows last written: the same for a whole file but for threaded traces. */
    private byte[] prefix = new byte[0];
    private int prefixPe = -1;
    private int prefixThread = -1;
    /** Per input file: ns from the run's time 0 to its PE's init. */
    private final Map<Path, io.shmemtrace.merged.merge.RunClock> clocks = new HashMap<>();
    private io.shmemtrace.merged.merge.RunClock clock = io.shmemtrace.merged.merge.RunClock.ZERO;

    CsvReport(PrintStream out) {
        super(out);
        this.buf = new RowBuffer(out);
    }

    @Override
    void begin(TraceRun run) {
        clocks.putAll(RunTimeBase.clocks(run));
        buf.bytes((HEADER + "\n").getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    void beginFile(TraceFile file) {
        prefixPe = -1;
        clock = clocks.getOrDefault(file.path(), io.shmemtrace.merged.merge.RunClock.ZERO);
        int ids = file.table().idLimit();
        heads = new byte[ids][];
        fieldNames = new byte[ids][][];
        targetField = new int[ids];
        styles = new byte[ids][];
        maxRow = new int[ids];
        for (EventDef d : file.table().events()) {
            // function names have no commas: quoting is for foreign tables only
            String category = d.operation().isRegion() ? "REGION" : d.category().name(); // the program's, not a call
            heads[d.id()] = ("," + Csv.field(d.name()) + "," + category + ",").getBytes(StandardCharsets.UTF_8);
            List<FieldDef> fields = d.fields();
            byte[][] names = new byte[fields.size()][];
            for (int i = 0; i < names.length; i++) {
                names[i] = ((i == 0 ? "" : ";") + fields.get(i).name() + "=").getBytes(StandardCharsets.UTF_8);
            }
            fieldNames[d.id()] = names;
            byte[] style = new byte[fields.size()];
            for (int i = 0; i < style.length; i++) style[i] = Fields.style(fields.get(i).kind());
            styles[d.id()] = style;
            targetField[d.id()] = d.indexOf(FieldKind.TARGET_PE);
            int row = heads[d.id()].length + 9 * NUMBER + 64; // pe..burst, target, bytes, repeats, separators
            for (byte[] name : names) row += name.length + NUMBER;
            maxRow[d.id()] = row;
        }
    }

    @Override
    void event(TraceEvent e) {
        EventDef d = e.def();
        int id = d.id();
        // A region record's fields are its name (the program's string: quoted as CSV needs), not its number.
        byte[] region = d.operation().isRegion()
                ? Csv.field("name=" + e.regionName()).getBytes(StandardCharsets.UTF_8) : null;
        int p = buf.reserve(maxRow[id] + (region == null ? 0 : region.length));
        byte[] b = buf.array();
        if (e.pe() != prefixPe || e.thread() != prefixThread) {
            prefixPe = e.pe();
            prefixThread = e.thread();
            prefix = (prefixPe + "," + prefixThread + ",").getBytes(StandardCharsets.US_ASCII);
        }
        p = RowBuffer.bytes(b, p, prefix);
        p = RowBuffer.dec(b, p, e.seq());
        p = RowBuffer.bytes(b, p, heads[id]);
        p = startDigits.write(b, p, clock.at(e.startNs()));
        b[p++] = ',';
        p = endDigits.write(b, p, clock.at(e.endNs()));
        b[p++] = ',';
        p = RowBuffer.dec(b, p, e.durationNs());
        b[p++] = ',';
        p = RowBuffer.dec(b, p, e.burstNs());
        b[p++] = ',';
        int target = targetField[id];
        p = RowBuffer.dec(b, p, target >= 0 ? e.value(target) : -1);
        b[p++] = ',';
        p = RowBuffer.dec(b, p, d.elemSize() > 0 ? e.bytes() : 0);
        b[p++] = ',';
        byte[][] names = region != null ? new byte[0][] : fieldNames[id];
        byte[] style = styles[id];
        if (region != null) p = RowBuffer.bytes(b, p, region);
        for (int i = 0; i < names.length; i++) {
            p = RowBuffer.bytes(b, p, names[i]);
            long v = e.value(i);
            p = switch (style[i]) {
                case Fields.HEX -> RowBuffer.hex(b, p, v);
                case Fields.UNSIGNED -> RowBuffer.unsignedDec(b, p, v);
                default -> RowBuffer.dec(b, p, v);
            };
        }
        if (e.repeats() > 0) { // a collapsed polling loop: how many more calls, and their own time
            p = RowBuffer.bytes(b, p, names.length == 0 ? REPEATS : SEP_REPEATS);
            p = RowBuffer.dec(b, p, e.repeats());
            p = RowBuffer.bytes(b, p, CALLS_NS);
            p = RowBuffer.dec(b, p, e.callsNs());
        }
        b[p++] = '\n';
        buf.commit(p);
    }

    @Override
    void endFile(TraceFile file) {
        buf.flush();
    }

    @Override
    void end() {
        buf.flush();
    }
}
