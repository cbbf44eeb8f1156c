package io.shmemtrace.openshmem;

/** A communication context: puts and gets whose completion (quiet) is separate from the default context's. */
public final class Context implements AutoCloseable {
    private final Pe pe;
    private final long ctx;
    private boolean destroyed;

    Context(Pe pe, long ctx) {
        this.pe = pe;
        this.ctx = ctx;
    }

    /** The native shmem_ctx_t, as tracers record it. */
    public long handle() {
        return ctx;
    }

    /** shmem_ctx_long_put */
    public void put(SymmetricLongs dest, long index, long[] src, int offset, int count, int targetPe) {
        check();
        Symmetric.checkArray(src.length, offset, count);
        Native.ctxPutLongs(ctx, dest.at(index, count, targetPe), src, offset, count, targetPe);
    }

    /** shmem_ctx_long_get */
    public void get(SymmetricLongs src, long index, long[] dest, int offset, int count, int sourcePe) {
        check();
        Symmetric.checkArray(dest.length, offset, count);
        Native.ctxGetLongs(ctx, src.at(index, count, sourcePe), dest, offset, count, sourcePe);
    }

    /** Completes this context's puts (shmem_ctx_quiet). */
    public void quiet() {
        check();
        Native.ctxQuiet(ctx);
    }

    private void check() {
        pe.checkActive();
        if (destroyed) throw new IllegalStateException("context used after close()");
    }

    /** shmem_ctx_destroy */
    @Override
    public void close() {
        if (destroyed) return;
        pe.checkActive();
        Native.ctxDestroy(ctx);
        destroyed = true;
    }
}
