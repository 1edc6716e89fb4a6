package org.candor.it.targets;

/**
 * Interface methods whose code comes from a superclass that does not implement the interface (PMD's
 * {@code JavaVisitorBase extends AstVisitorBase implements JavaVisitor}), for the root-method schemes. The root is
 * {@code Root.visit}; each shape has its own interface and classes, so that one shape's expansions cannot help
 * another's, and its own factory class, so that verifying the root loads none of them:
 * <ul>
 *   <li>{@code Pmd}: the PMD shape; the subclass loads first and its superclass with it;</li>
 *   <li>{@code Early}: the superclass loaded (by a plain instance) before the implementing subclass;</li>
 *   <li>{@code Late}: the interface method expanded already (through {@code FirstLate}, which has its own
 *       visitNode) when the implementing subclass loads, its superclass loaded before;</li>
 *   <li>{@code LateFresh}: the same, the superclass loading with the subclass;</li>
 *   <li>{@code Default}: the default method called on the class ({@code invokevirtual}), not on the interface.</li>
 * </ul>
 * Nothing here is called outside the root.
 */
public final class InheritedVisitors {

    static long work;

    static void work(int n) {
        for (int i = 0; i < n; i++) work += i ^ work;
    }

    interface Visitor {
        void visitNode();

        default void visitJavaNode() { visitNode(); }
    }

    public static class AstVisitorBase {
        public void visitNode() { work(10); }
    }

    static class JavaVisitorBase extends AstVisitorBase implements Visitor {}

    static final class Pmd {
        static Visitor visitor() { return new JavaVisitorBase(); }
    }

    interface EarlyVisitor {
        void visitNode();

        default void visitJavaNode() { visitNode(); }
    }

    public static class EarlyBase {
        public void visitNode() { work(20); }
    }

    static class EarlyJava extends EarlyBase implements EarlyVisitor {}

    static final class Early {
        static Object base() { return new EarlyBase(); }

        static EarlyVisitor visitor() { return new EarlyJava(); }
    }

    interface LateVisitor {
        void visitNode();

        default void visitJavaNode() { visitNode(); }
    }

    static final class FirstLate implements LateVisitor {
        @Override public void visitNode() { work(5); }
    }

    public static class LateBase {
        public void visitNode() { work(30); }
    }

    static class LateJava extends LateBase implements LateVisitor {}

    public static class LateFreshBase {
        public void visitNode() { work(40); }
    }

    static class LateFreshJava extends LateFreshBase implements LateVisitor {}

    static final class Late {
        static LateVisitor first() { return new FirstLate(); }

        static Object base() { return new LateBase(); }

        static LateVisitor visitor() { return new LateJava(); }

        static LateVisitor fresh() { return new LateFreshJava(); }
    }

    interface DefaultVisitor {
        void visitNode();

        default void visitJavaNode() { visitNode(); }
    }

    public static class DefaultBase {
        public void visitNode() { work(50); }
    }

    static class DefaultJava extends DefaultBase implements DefaultVisitor {}

    static final class Default {
        static DefaultJava visitor() { return new DefaultJava(); }
    }

    static final class Root {
        static void visit() {
            Pmd.visitor().visitJavaNode();
            Early.base();
            Early.visitor().visitJavaNode();
            Late.first().visitJavaNode();
            Late.base();
            Late.visitor().visitJavaNode();
            Late.fresh().visitJavaNode();
            Default.visitor().visitJavaNode();
        }
    }

    public static void main(String[] args) {
        for (int i = 0; i < 5; i++) Root.visit();
        System.out.println("work " + work);
    }
}
