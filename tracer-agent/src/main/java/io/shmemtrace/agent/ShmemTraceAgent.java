package io.shmemtrace.agent;

import static net.bytebuddy.matcher.ElementMatchers.hasDescriptor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;

import io.shmemtrace.agent.hooks.AgentEvents;
import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import net.bytebuddy.utility.JavaModule;

/**
 * {@code java -javaagent:shmemtrace.jar ...}: hooks the methods of the Java OpenSHMEM binding that
 * event-spec.xml maps to traced calls (AgentEvents.hooks(), generated). The hooks write nothing until the
 * program calls Shmem.init(), so a JVM that never starts OpenSHMEM is left as it was.
 *
 * <p>The agent never harms the program: if it cannot install, the program runs untraced after one line on
 * stderr; a class it cannot hook is reported once and runs as it is; advice swallows its own failures. It
 * only adds inlined advice to classes as they load (no injected classes, no class format changes, no Nexus),
 * so ByteBuddy never reaches for sun.misc.Unsafe and Java 17 and 25 start silently. There is no Agent-Class: a
 * late attach would find Shmem.init already past, and a trace without its init is of no use.
 */
public final class ShmemTraceAgent {
    private static final String NEXUS_DISABLED = "net.bytebuddy.nexus.disabled";

    private ShmemTraceAgent() {}

    public static void premain(String args, Instrumentation inst) {
        try {
            install(inst);
        } catch (Throwable t) { // a LinkageError too: whatever it is, the program must still run
            System.err.println("shmemtrace agent: not installed, the program runs untraced: " + t);
        }
    }

    private static void install(Instrumentation inst) {
        Map<String, List<Hook>> byClass = new LinkedHashMap<>();
        for (Hook h : AgentEvents.hooks()) {
            byClass.computeIfAbsent(h.className(), k -> new ArrayList<>()).add(h);
        }
        // Advice is read from the agent's class files, never loaded: a hook names binding types that the
        // program's own class loader must be the one to load.
        ClassFileLocator locator = ClassFileLocator.ForClassLoader.of(ShmemTraceAgent.class.getClassLoader());
        TypePool pool = TypePool.Default.of(locator);
        // ByteBuddy's AgentBuilder sets up its Nexus (self-injection of initializers) as it is made, and that
        // loads a class injector that calls sun.misc.Unsafe: a warning on every start of Java 24+. Advice-only
        // agents never use the Nexus; turning it off keeps Unsafe out. The shade plugin relocates this name with
        // ByteBuddy's own, so the property is the agent's copy's alone and no ByteBuddy of the program sees it.
        if (System.getProperty(NEXUS_DISABLED) == null) System.setProperty(NEXUS_DISABLED, "true");
        new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(AgentBuilder.InjectionStrategy.Disabled.INSTANCE)
                .with(new ReportOnce())
                .type(namedOneOf(byClass.keySet().toArray(String[]::new)))
                .transform((builder, type, loader, module, domain) -> {
                    for (Hook h : byClass.getOrDefault(type.getName(), List.of())) {
                        builder = builder.visit(Advice.to(pool.describe(h.adviceClassName()).resolve(), locator)
                                .on(named(h.method()).and(hasDescriptor(h.descriptor()))));
                    }
                    return builder;
                })
                .installOn(inst);
    }

    /** A class that could not be hooked: one line on stderr, the first time only; the class runs unhooked. */
    private static final class ReportOnce extends AgentBuilder.Listener.Adapter {
        private final AtomicBoolean reported = new AtomicBoolean();

        @Override
        public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable error) {
            if (reported.compareAndSet(false, true)) {
                System.err.println("shmemtrace agent: cannot hook " + typeName + ", its calls are not traced: " + error);
            }
        }
    }
}
