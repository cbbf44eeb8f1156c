package io.shmemtrace.bench.report;

import io.shmemtrace.bench.run.Row;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** The rows as a table for people and as CSV for scripts; depth: the queue's rows' (posted, drained), else 0 or blank. */
public final class RowTable {
    private static final String[] HEADER = {"test", "api", "lang", "timing", "nelems", "stride", "bytes", "reps",
        "rse%", "min_us", "median_us", "max_us", "MB/s", "depth"};

    private RowTable() {}

    public static void print(List<Row> rows, PrintStream out) {
        Printer p = new Printer(out, rows.stream().mapToInt(r -> r.api().length()).max().orElse(0));
        rows.forEach(p::row);
    }

    /** The table printed as its rows come (a long run shows its rows as each program finishes): header first. */
    public static final class Printer {
        private final PrintStream out;
        private final String format;

        /** apiWidth: the longest API name the rows can have. */
        public Printer(PrintStream out, int apiWidth) {
            this.out = out;
            this.format = "%4s  %-" + Math.max(20, apiWidth) + "s  %-4s  %-8s  %8s  %6s  %9s  %5s  %5s  %10s  %10s  %10s  %10s  %5s%n";
            out.printf(Locale.ROOT, format, (Object[]) HEADER);
        }

        public void row(Row r) {
            out.printf(Locale.ROOT, format, r.test(), r.api(), r.language(), r.variant(), r.nelems(), r.stride(),
                    r.bytes(), r.reps(), String.format(Locale.ROOT, "%.1f", 100 * r.rse()), us(r.minUs()),
                    us(r.medianUs()), us(r.maxUs()), String.format(Locale.ROOT, "%.1f", r.megabytesPerSecond()),
                    r.depth() > 0 ? Long.toString(r.depth()) : "");
            out.flush();
        }
    }

    public static void csvHeader(PrintStream out) {
        out.println("test,api,lang,timing,nelems,stride,bytes,reps,rse,min_us,median_us,max_us,mb_per_s,depth,low_us,high_us");
    }

    /** One row, in one write: a run stopped between two rows leaves no half row (printf writes piece by piece). */
    public static void csvRow(Row r, PrintStream out) {
        out.print(String.format(Locale.ROOT, "%d,%s,%s,%s,%d,%d,%d,%d,%.4f,%.6f,%.6f,%.6f,%.3f,%d,%.6f,%.6f%n", r.test(),
                r.api(), r.language(), r.variant(), r.nelems(), r.stride(), r.bytes(), r.reps(), r.rse(), r.minUs(),
                r.medianUs(), r.maxUs(), r.megabytesPerSecond(), r.depth(), r.lowUs(), r.highUs()));
        out.flush();
    }

    private static String us(double v) {
        return String.format(Locale.ROOT, v < 10 ? "%.4f" : "%.2f", v);
    }
}
