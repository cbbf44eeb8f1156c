package io.shmemtrace.bin2txt;

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

    private static final byte[] REPEATS = "repeated=".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SEP_REPEATS = ";repeated=".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CALLS_NS = ";calls_ns=".getBytes(StandardCharsets.US_ASCII);

    private final AsciiBuffer buf;
    /** Per event id of the current file: ",name,CATEGORY," and "name=" of each field (";name=" after the first). */
    private byte[][] heads = new byte[0][];
    private byte[][][] fieldNames = new byte[0][][];
    private int[] targetField = new int[0];

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
        int ids = file.table().idLimit();
        heads = new byte[ids][];
        fieldNames = new byte[ids][][];
        targetField = new int[ids];
        for (EventDef d : file.table().events()) {
            heads[d.id()] = ("," + quote(d.name()) + "," + d.category() + ",").getBytes(StandardCharsets.UTF_8);
            List<FieldDef> fields = d.fields();
            byte[][] names = new byte[fields.size()][];
            for (int i = 0; i < names.length; i++) {
                names[i] = ((i == 0 ? "" : ";") + fields.get(i).name() + "=").getBytes(StandardCharsets.UTF_8);
            }
            fieldNames[d.id()] = names;
            targetField[d.id()] = d.indexOf(FieldKind.TARGET_PE);
        }
    }

    @Override
    void event(TraceEvent e) {
        EventDef d = e.def();
        buf.dec(e.pe()).ch(',').dec(e.thread()).ch(',').dec(e.seq()).bytes(heads[d.id()])
                .dec(e.startNs()).ch(',').dec(e.endNs()).ch(',').dec(e.durationNs()).ch(',').dec(e.burstNs()).ch(',');
        int target = targetField[d.id()];
        if (target >= 0) buf.dec(e.value(target));
        buf.ch(',');
        if (d.elemSize() > 0) buf.dec(e.bytes());
        buf.ch(',');
        byte[][] names = fieldNames[d.id()];
        List<FieldDef> fields = d.fields();
        for (int i = 0; i < names.length; i++) {
            buf.bytes(names[i]);
            long v = e.value(i);
            switch (fields.get(i).kind()) {
                case ADDR, PTR, CTX -> buf.hex(v);
                case NELEMS, UINT -> buf.unsignedDec(v);
                default -> buf.dec(v);
            }
        }
        if (e.repeats() > 0) { // a collapsed polling loop: how many more calls, and their own time
            buf.bytes(names.length == 0 ? REPEATS : SEP_REPEATS).dec(e.repeats()).bytes(CALLS_NS).dec(e.callsNs());
        }
        buf.ch('\n');
    }

    @Override
    void endFile(TraceFile file) {
        buf.flush();
    }

    @Override
    void end() {
        buf.flush();
    }

    /** Field names are C identifiers and function names have no commas: quoting is for foreign tables only. */
    private static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) return s;
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
