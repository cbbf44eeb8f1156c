package io.shmemtrace.bench.generate;

import java.util.Locale;

/** The paper's three benchmark languages, with the Open MPI wrapper compiler of each. */
public enum Language {
    C("c", "oshcc"),
    CPP("cpp", "oshc++"),
    F90("f90", "oshfort");

    public final String extension;
    public final String compiler;

    Language(String extension, String compiler) {
        this.extension = extension;
        this.compiler = compiler;
    }

    /** The name a configuration or command line uses: c, cpp, f90. */
    public String label() {
        return extension;
    }

    public static Language of(String label) {
        for (Language l : values()) if (l.extension.equals(label.toLowerCase(Locale.ROOT))) return l;
        throw new IllegalArgumentException("unknown language '" + label + "' (c, cpp, f90)");
    }
}
