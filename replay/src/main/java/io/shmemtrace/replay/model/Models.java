package io.shmemtrace.replay.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/** The models on the class path: the built-in ones and any a jar adds (ServiceLoader). */
public final class Models {
    public static final String DEFAULT = "table";

    private Models() {}

    public static List<CommModel> all() {
        List<CommModel> list = new ArrayList<>();
        ServiceLoader.load(CommModel.class).forEach(list::add);
        return list;
    }

    public static Optional<CommModel> named(String name) {
        return all().stream().filter(m -> m.name().equals(name)).findFirst();
    }
}
