package io.shmemtrace.format;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The program's regions open on one thread (FORMAT.md, "Regions"), the one rule every reader of region records
 * follows: a begin opens a region; an end closes the innermost open region of its name (regions nest but need
 * not: a paused stretch may span others); an end with no such region open closes nothing.
 *
 * @param <T> what a reader keeps of an open region (its name, when it began, ...)
 */
public final class OpenRegions<T> {
    private final ArrayDeque<T> open = new ArrayDeque<>(); // innermost first
    private final Function<T, Object> name;

    /** name: the region's name (or name number) of what is kept. */
    public OpenRegions(Function<T, Object> name) {
        this.name = name;
    }

    public void begin(T region) {
        open.push(region);
    }

    /** Closes the innermost open region named so and returns it; null if none is open. */
    public T end(Object regionName) {
        for (Iterator<T> it = open.iterator(); it.hasNext(); ) {
            T o = it.next();
            if (Objects.equals(name.apply(o), regionName)) {
                it.remove();
                return o;
            }
        }
        return null;
    }

    /** The regions open inside the innermost one named so, innermost first; null if none is open under that name. */
    public List<T> inside(Object regionName) {
        List<T> inner = new ArrayList<>();
        for (T o : open) {
            if (Objects.equals(name.apply(o), regionName)) return inner;
            inner.add(o);
        }
        return null;
    }

    /** The innermost open region, or null. */
    public T innermost() {
        return open.peek();
    }

    public boolean isEmpty() {
        return open.isEmpty();
    }

    /** Closes every open region, returning nothing (a reader at another thread's events: every record pays for it). */
    public void clear() {
        open.clear();
    }

    /** Closes every open region: what was open, innermost first (a thread's events ended with them open). */
    public List<T> endAll() {
        List<T> all = new ArrayList<>(open);
        open.clear();
        return all;
    }
}
