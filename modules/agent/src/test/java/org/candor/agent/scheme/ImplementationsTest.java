package org.candor.agent.scheme;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The code that runs for a receiver, on a hand-made hierarchy (PMD's visitors, names only). */
class ImplementationsTest {

    private static final String VISIT = "visitNode()V";
    private static final String[] NONE = new String[0];

    private final TypeHierarchy types = new TypeHierarchy();
    private final Map<String, Set<String>> declared = new HashMap<>();
    private final Implementations implementations = new Implementations(types, declared);

    ImplementationsTest() {
        types.record("p.JavaVisitor", "java.lang.Object", NONE);
        types.record("p.AstVisitorBase", "java.lang.Object", NONE);
        types.record("p.JavaVisitorBase", "p.AstVisitorBase", new String[] {"p.JavaVisitor"});
        types.record("p.Own", "p.AstVisitorBase", new String[] {"p.JavaVisitor"});
        types.record("java.lang.Object", null, NONE);
        declared.put("p.JavaVisitor", Set.of("visitJavaNode()V"));
        declared.put("p.AstVisitorBase", Set.of(VISIT, "<init>()V"));
        declared.put("p.JavaVisitorBase", Set.of("<init>()V"));
        declared.put("p.Own", Set.of(VISIT));
    }

    @Test
    void aClassThatDeclaresTheMethodRunsItsOwn() {
        assertThat(implementations.of("p.Own", VISIT, null)).containsExactly("p.Own");
    }

    @Test
    void aClassInheritsTheMethodOfASuperclassThatDoesNotImplementTheInterface() {
        assertThat(implementations.of("p.JavaVisitorBase", VISIT, null)).containsExactly("p.AstVisitorBase");
    }

    @Test
    void withoutOneInTheSuperclassesADefaultMethodRuns() {
        assertThat(implementations.of("p.JavaVisitorBase", "visitJavaNode()V", null))
                .contains("p.JavaVisitor").doesNotContain("p.JavaVisitorBase", "p.AstVisitorBase");
    }

    @Test
    void aClassNotSeenYetMayDeclareItSoTheSearchGoesOnAboveIt() {
        declared.remove("p.AstVisitorBase");
        types.record("p.Top", "java.lang.Object", NONE);
        types.record("p.AstVisitorBase", "p.Top", NONE);
        declared.put("p.Top", Set.of(VISIT));
        assertThat(implementations.of("p.JavaVisitorBase", VISIT, null))
                .containsExactly("p.AstVisitorBase", "p.Top");
    }
}
