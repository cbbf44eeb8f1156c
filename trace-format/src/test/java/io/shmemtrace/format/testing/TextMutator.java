package io.shmemtrace.format.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded damage for the fuzz tests of text inputs (machine files, configurations): 1 to 3 edits, each a line
 * doubled, dropped or cut, or a space-separated token replaced by one of the hostile ones given (for a key=value
 * token, now and then its value only). The same seed gives the same inputs.
 */
public final class TextMutator {
    private final SplittableRandom random;
    private final String[] hostile;

    public TextMutator(long seed, String... hostile) {
        this.random = new SplittableRandom(seed);
        this.hostile = hostile.clone();
    }

    /** A number in [0, bound), from the same seed: for a test's own choices. */
    public int nextInt(int bound) {
        return random.nextInt(bound);
    }

    public String mutate(String valid) {
        List<String> lines = new ArrayList<>(valid.lines().toList());
        int edits = 1 + random.nextInt(3);
        for (int k = 0; k < edits; k++) {
            int at = random.nextInt(lines.size());
            String line = lines.get(at);
            switch (random.nextInt(5)) {
                case 0 -> lines.add(at, line);
                case 1 -> lines.remove(at);
                case 2 -> lines.set(at, line.substring(0, random.nextInt(line.length() + 1)));
                default -> {
                    String[] tokens = line.split(" ");
                    int t = random.nextInt(tokens.length);
                    String h = hostile[random.nextInt(hostile.length)];
                    int eq = tokens[t].indexOf('=');
                    tokens[t] = eq >= 0 && random.nextBoolean() ? tokens[t].substring(0, eq + 1) + h : h;
                    lines.set(at, String.join(" ", tokens));
                }
            }
            if (lines.isEmpty()) lines.add("");
        }
        return String.join("\n", lines) + "\n";
    }
}
