package io.shmemtrace.bin2txt;

import picocli.CommandLine;

/** --window START:END: seconds after the earliest PE's init. */
record TimeWindow(double start, double end) {

    /** Reads START:END. */
    static final class Converter implements CommandLine.ITypeConverter<TimeWindow> {
        @Override
        public TimeWindow convert(String value) {
            int colon = value.indexOf(':');
            try {
                if (colon < 0) throw new NumberFormatException();
                double start = Double.parseDouble(value.substring(0, colon));
                double end = Double.parseDouble(value.substring(colon + 1));
                if (!(start >= 0 && end > start)) throw new NumberFormatException();
                return new TimeWindow(start, end);
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not START:END in seconds, START < END");
            }
        }
    }
}
