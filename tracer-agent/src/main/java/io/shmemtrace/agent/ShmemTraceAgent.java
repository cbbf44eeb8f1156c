package io.shmemtrace.agent;

import static net.bytebuddy.matcher.ElementMatchers.hasDescriptor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;

import io.shmemtrace.agent.hooks.AgentEvents;
import java.lang.instrument.Instrumentation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;

/**
 * {@code java -javaagent:shmemtrace.jar ...}: hooks the methods of the Java OpenSHMEM binding that
 * event-spec.xml maps to traced calls (AgentEvents.hooks(), generated). The hooks write nothing until the
 * program calls Shmem.init(), so a JVM that never starts OpenSHMEM is left as it was.
 */
public final class ShmemTraceAgent {
    private ShmemTraceAgent() {}

    public static void premain(String args, Instrumentation inst) {
        install(inst);
    }

    public static void agentmain(String args, Instrumentation inst) {
        install(inst);
    }

    private static void install(Instrumentation inst) {
        Map<String, List<Hook>> byClass = new LinkedHashMap<>();
        for (Hook h : AgentEvents.hooks()) {
            byClass.computeIfAbsent(h.className(), k -> new java.util.ArrayList<>()).add(h);
        }
        // Advice is read from the agent's class files, never loaded: a hook names binding types that the
        // program's own class loader must be the one to load.
        ClassFileLocator locator = ClassFileLocator.ForClassLoader.of(ShmemTraceAgent.class.getClassLoader());
        TypePool pool = TypePool.Default.of(locator);
        new AgentBuilder.Default()
                .disableClassFormatChanges()
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
}
