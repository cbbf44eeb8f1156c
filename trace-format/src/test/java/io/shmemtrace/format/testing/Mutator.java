package io.shmemtrace.format.testing;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Seeded damage for the readers' mutation tests: 1 to 4 of bit flips, random bytes, runs of 0x00 or 0xFF
 * and cuts, a quarter of them within the first {@code hotBytes} (header, tables), where a byte means most.
 * The same seed gives the same inputs, so a failure names the input that found it.
 */
public final class Mutator {
    private final SplittableRandom random;
    private final int hotBytes;

    public Mutator(long seed, int hotBytes) {
        this.random = new SplittableRandom(seed);
        this.hotBytes = hotBytes;
    }

    public boolean coin() {
        return random.nextBoolean();
    }

    public byte[] mutate(byte[] valid) {
        byte[] b = valid.clone();
        int n = 1 + random.nextInt(4);
        for (int k = 0; k < n; k++) {
            int at = random.nextInt(4) == 0 ? random.nextInt(Math.min(b.length, hotBytes)) : random.nextInt(b.length);
            switch (random.nextInt(4)) {
                case 0 -> b[at] ^= (byte) (1 << random.nextInt(8));
                case 1 -> b[at] = (byte) random.nextInt(256);
                case 2 -> Arrays.fill(b, at, Math.min(b.length, at + 1 + random.nextInt(16)),
                        (byte) (random.nextBoolean() ? 0 : 0xFF));
                default -> b = Arrays.copyOf(b, Math.max(1, at)); // cut short
            }
        }
        return b;
    }
}
