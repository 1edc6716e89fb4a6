package org.candor.agent.scheme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.candor.agent.filter.PatternException;
import org.junit.jupiter.api.Test;

class RootMethodsTest {

    @Test
    void aMethodByNameOrWithParameters() {
        RootMethods r = new RootMethods(List.of("com.acme.Server.handle"));
        assertThat(r.matches("com.acme.Server", "handle", "(Ljava/lang/String;)V")).isTrue();
        assertThat(r.matches("com.acme.Server", "handleMore", "()V")).isFalse();
        assertThat(r.matches("com.acme.Client", "handle", "()V")).isFalse();
        assertThat(r.mayMatchClass("com.acme.Server")).isTrue();
        assertThat(r.mayMatchClass("com.acme.Client")).isFalse();

        RootMethods typed = new RootMethods(List.of("com.acme.Server.handle(String)"));
        assertThat(typed.matches("com.acme.Server", "handle", "(Ljava/lang/String;)V")).isTrue();
        assertThat(typed.matches("com.acme.Server", "handle", "(I)V")).isFalse();
        assertThat(new RootMethods(List.of("com.acme.Server.handle(*)")).matches("com.acme.Server", "handle", "(IJ)V"))
                .isTrue();
    }

    @Test
    void everyMethodOfAClassOrAPackage() {
        RootMethods cls = new RootMethods(List.of("com.acme.Server.*"));
        assertThat(cls.matches("com.acme.Server", "start", "()V")).isTrue();
        assertThat(cls.matches("com.acme.Server", "<init>", "()V")).isTrue();
        assertThat(cls.matches("com.acme.Client", "start", "()V")).isFalse();

        RootMethods pkg = new RootMethods(List.of("com.acme.**"));
        assertThat(pkg.matches("com.acme.web.Handler", "get", "()V")).isTrue();
        assertThat(pkg.matches("org.other.Handler", "get", "()V")).isFalse();
        assertThat(pkg.mayMatchClass("com.acme.web.Handler")).isTrue();
    }

    @Test
    void staticInitialisersAreNeverRoots() {
        assertThat(new RootMethods(List.of("com.acme.**")).matches("com.acme.Server", "<clinit>", "()V")).isFalse();
    }

    @Test
    void aBadPatternIsNamed() {
        assertThatThrownBy(() -> new RootMethods(List.of("com.acme..Server")))
                .isInstanceOf(PatternException.class)
                .hasMessageContaining("com.acme..Server");
    }
}
