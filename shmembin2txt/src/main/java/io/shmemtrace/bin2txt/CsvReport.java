package io.shmemtrace.bin2txt;

import io.shmemtrace.format.FieldKind;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import java.io.PrintStream;
import java.util.List;

/** One row per event (RFC 4180), header first; target_pe and bytes empty where they do not apply. */
final class CsvReport extends Report {
    static final String HEADER =
            "pe,thread,seq,function,category,start_ns,end_ns,duration_ns,burst_ns,target_pe,bytes,fields";

    CsvReport(PrintStream out) {
        super(out);
    }

    @Override
    void begin(List<TraceFile> files) {
        out.println(HEADER);
    }

    @Override
    void event(TraceEvent e) {
        int target = e.def().indexOf(FieldKind.TARGET_PE);
        StringBuilder row = new StringBuilder(128);
        row.append(e.pe()).append(',').append(e.thread()).append(',').append(e.seq()).append(',')
           .append(quote(e.name())).append(',').append(e.def().category()).append(',')
           .append(e.startNs()).append(',').append(e.endNs()).append(',')
           .append(e.durationNs()).append(',').append(e.burstNs()).append(',');
        if (target >= 0) row.append(e.value(target));
        row.append(',');
        if (e.def().elemSize() > 0) row.append(e.bytes());
        row.append(',').append(quote(Fields.format(e, ";")));
        out.println(row);
    }

    private static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) return s;
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
