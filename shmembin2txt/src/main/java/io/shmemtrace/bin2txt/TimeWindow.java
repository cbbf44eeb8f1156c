package io.shmemtrace.bin2txt;

import picocli.CommandLine;

/** --window START:END, seconds: {start, end}. */
final class TimeWindow implements CommandLine.ITypeConverter<double[]> {
    @Override
    public double[] convert(String value) {
        int colon = value.indexOf(':');
        try {
            if (colon < 0) throw new NumberFormatException();
            double start = Double.parseDouble(value.substring(0, colon));
            double end = Double.parseDouble(value.substring(colon + 1));
            if (!(start >= 0 && end > start)) throw new NumberFormatException();
            return new double[] {start, end};
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not START:END in seconds, START < END");
        }
    }
}
