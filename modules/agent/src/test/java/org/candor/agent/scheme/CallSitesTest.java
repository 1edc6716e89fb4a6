package org.candor.agent.scheme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;

/** Call sites found in the test program's own class files. */
class CallSitesTest {

    private static final String SERVER = "org.candor.it.targets.RootedServer$Server";

    @Test
    void invokesConstructorsAndLambdaTargetsAreFound() throws Exception {
        Map<String, Set<CallSite>> sites = CallSites.scan(reader(SERVER), new HashSet<>());
        Set<CallSite> handle = sites.get("handle(I)I");
        assertThat(handle).contains(
                new CallSite("org.candor.it.targets.RootedServer$Codec", "twice(I)I", true),
                new CallSite(SERVER, "parse(Ljava/lang/String;)I", false),
                new CallSite("org.candor.it.targets.RootedServer$Response", "<init>(I)V", false),
                new CallSite("org.candor.it.targets.RootedServer$Response", "size()I", true),
                new CallSite(SERVER, "lambda$handle$0(I)I", false));
        assertThat(sites.get("apply(Ljava/util/function/IntUnaryOperator;I)I"))
                .containsExactly(new CallSite("java.util.function.IntUnaryOperator", "applyAsInt(I)I", true));
    }

    @Test
    void abstractMethodsHaveNoEntry() throws Exception {
        Map<String, Set<CallSite>> sites = CallSites.scan(reader("org.candor.it.targets.RootedServer$Codec"), new HashSet<>());
        assertThat(sites).containsKey("twice(I)I").doesNotContainKey("encode(I)I");
    }

    @Test
    void bridgeMethodsAreNamedWithTheCallTheyForward() throws Exception {
        Set<String> bridges = new HashSet<>();
        Map<String, Set<CallSite>> sites = CallSites.scan(reader("java.lang.String"), bridges);
        assertThat(bridges).contains("compareTo(Ljava/lang/Object;)I").doesNotContain("compareTo(Ljava/lang/String;)I");
        assertThat(sites.get("compareTo(Ljava/lang/Object;)I"))
                .contains(new CallSite("java.lang.String", "compareTo(Ljava/lang/String;)I", true));
    }

    private static ClassReader reader(String className) throws Exception {
        try (InputStream in = CallSitesTest.class.getClassLoader()
                .getResourceAsStream(className.replace('.', '/') + ".class")) {
            return new ClassReader(in);
        }
    }
}
