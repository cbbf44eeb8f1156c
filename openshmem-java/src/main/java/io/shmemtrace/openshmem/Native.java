package io.shmemtrace.openshmem;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The JNI half of the binding (src/main/c/openshmem_jni.c): one native method per OpenSHMEM call, taking
 * symmetric addresses as longs. Nothing here checks anything; the public classes do, before calling in.
 */
final class Native {
    static final String LIBRARY = "libopenshmem_jni.so";
    /** System property naming the library file, for installs that keep it elsewhere. */
    static final String LIBRARY_PROPERTY = "openshmem.jni.library";

    private Native() {}

    static {
        System.load(find());
    }

    /** The library: the property, else beside the jar (dist/lib) or in the module's target/native. */
    private static String find() {
        String configured = System.getProperty(LIBRARY_PROPERTY);
        if (configured != null) return new File(configured).getAbsolutePath();
        List<File> candidates = new ArrayList<>();
        try {
            File here = new File(Native.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            File dir = here.isDirectory() ? here : here.getParentFile();
            candidates.add(new File(dir, LIBRARY));
            candidates.add(new File(dir, "native/" + LIBRARY));
            candidates.add(new File(dir.getParentFile(), "native/" + LIBRARY));
        } catch (URISyntaxException | NullPointerException | SecurityException e) {
            // no code source: only the property can tell
        }
        for (File f : candidates) {
            if (f.isFile()) return f.getAbsolutePath();
        }
        throw new ShmemException(LIBRARY + " not found (looked in " + candidates + "); set -D" + LIBRARY_PROPERTY
                + "=/path/to/" + LIBRARY);
    }

    static native void init();
    static native void finalizeShmem();
    static native int myPe();
    static native int nPes();
    static native void barrierAll();
    static native void syncAll();
    static native void quiet();
    static native void fence();
    static native long allocZeroed(long bytes);
    static native void free(long address);

    static native void putLongs(long dest, long[] src, int offset, int length, int pe);
    static native void getLongs(long src, long[] dest, int offset, int length, int pe);
    static native void putLongsNbi(long dest, long src, int length, int pe);
    static native void getLongsNbi(long dest, long src, int length, int pe);
    static native void putInts(long dest, int[] src, int offset, int length, int pe);
    static native void getInts(long src, int[] dest, int offset, int length, int pe);
    static native void putIntsNbi(long dest, long src, int length, int pe);
    static native void getIntsNbi(long dest, long src, int length, int pe);
    static native void putDoubles(long dest, double[] src, int offset, int length, int pe);
    static native void getDoubles(long src, double[] dest, int offset, int length, int pe);
    static native void putDoublesNbi(long dest, long src, int length, int pe);
    static native void getDoublesNbi(long dest, long src, int length, int pe);
    static native void pLong(long address, long value, int pe);
    static native long gLong(long address, int pe);
    static native void pInt(long address, int value, int pe);
    static native int gInt(long address, int pe);
    static native void pDouble(long address, double value, int pe);
    static native double gDouble(long address, int pe);
    static native void putBytes(long dest, ByteBuffer direct, byte[] heap, long offset, long length, int pe);
    static native void getBytes(long src, ByteBuffer direct, byte[] heap, long offset, long length, int pe);

    static native long fetchAddLong(long address, long value, int pe);
    static native void addLong(long address, long value, int pe);
    static native long fetchLong(long address, int pe);
    static native void setLong(long address, long value, int pe);
    static native long swapLong(long address, long value, int pe);
    static native long compareSwapLong(long address, long cond, long value, int pe);
    static native void waitUntilLong(long address, int cmp, long value);

    static native void broadcast64(long dest, long src, int count, int root);
    static native void collect64(long dest, long src, int count);
    static native void fcollect64(long dest, long src, int count);
    static native void alltoall64(long dest, long src, int count);
    static native void longSumToAll(long dest, long src, int count);
    static native void longMaxToAll(long dest, long src, int count);
    static native void longMinToAll(long dest, long src, int count);
    static native void doubleSumToAll(long dest, long src, int count);
    static native void doubleMaxToAll(long dest, long src, int count);
    static native void doubleMinToAll(long dest, long src, int count);

    static native void setLock(long address);
    static native void clearLock(long address);
    static native int testLock(long address);

    static native long ctxCreate(long options);
    static native void ctxDestroy(long ctx);
    static native void ctxQuiet(long ctx);
    static native void ctxPutLongs(long ctx, long dest, long[] src, int offset, int length, int pe);
    static native void ctxGetLongs(long ctx, long src, long[] dest, int offset, int length, int pe);
}
