package io.shmemtrace.bin2txt;

import io.shmemtrace.cli.Csv;
import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.FieldDef;
import io.shmemtrace.format.FieldKind;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceRun;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One row per event (RFC 4180), header first; target_pe and bytes empty where they do not apply. Rows are
 * bytes written straight into a buffer (AsciiBuffer): the per-call parts that never change (",name,CATEGORY,"
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

    private final AsciiBuffer buf;
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

    CsvReport(PrintStream out) {
        super(out);
        this.buf = new AsciiBuffer(out);
    }

    @Override
    void begin(TraceRun run) {
        buf.bytes((HEADER + "\n").getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    void beginFile(TraceFile file) {
        prefixPe = -1;
        int ids = file.table().idLimit();
        heads = new byte[ids][];
        fieldNames = new byte[ids][][];
        targetField = new int[ids];
        styles = new byte[ids][];
        maxRow = new int[ids];
        for (EventDef d : file.table().events()) {
            // function names have no commas: quoting is for foreign tables only
            heads[d.id()] = ("," + Csv.field(d.name()) + "," + d.category() + ",").getBytes(StandardCharsets.UTF_8);
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
        byte[] b = buf.array();
        int p = buf.reserve(maxRow[id]);
        if (e.pe() != prefixPe || e.thread() != prefixThread) {
            prefixPe = e.pe();
            prefixThread = e.thread();
            prefix = (prefixPe + "," + prefixThread + ",").getBytes(StandardCharsets.US_ASCII);
        }
        p = AsciiBuffer.bytes(b, p, prefix);
        p = AsciiBuffer.dec(b, p, e.seq());
        p = AsciiBuffer.bytes(b, p, heads[id]);
        p = startDigits.write(b, p, e.startNs());
        b[p++] = ',';
        p = endDigits.write(b, p, e.endNs());
        b[p++] = ',';
        p = AsciiBuffer.dec(b, p, e.durationNs());
        b[p++] = ',';
        p = AsciiBuffer.dec(b, p, e.burstNs());
        b[p++] = ',';
        int target = targetField[id];
        if (target >= 0) p = AsciiBuffer.dec(b, p, e.value(target));
        b[p++] = ',';
        if (d.elemSize() > 0) p = AsciiBuffer.dec(b, p, e.bytes());
        b[p++] = ',';
        byte[][] names = fieldNames[id];
        byte[] style = styles[id];
        for (int i = 0; i < names.length; i++) {
            p = AsciiBuffer.bytes(b, p, names[i]);
            long v = e.value(i);
            p = switch (style[i]) {
                case Fields.HEX -> AsciiBuffer.hex(b, p, v);
                case Fields.UNSIGNED -> AsciiBuffer.unsignedDec(b, p, v);
                default -> AsciiBuffer.dec(b, p, v);
            };
        }
        if (e.repeats() > 0) { // a collapsed polling loop: how many more calls, and their own time
            p = AsciiBuffer.bytes(b, p, names.length == 0 ? REPEATS : SEP_REPEATS);
            p = AsciiBuffer.dec(b, p, e.repeats());
            p = AsciiBuffer.bytes(b, p, CALLS_NS);
            p = AsciiBuffer.dec(b, p, e.callsNs());
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
