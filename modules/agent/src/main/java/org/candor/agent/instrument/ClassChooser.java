package org.candor.agent.instrument;

import org.candor.agent.filter.ClassFilter;

/** What a scheme answers the transformer for each class that passes the filter (and what it hears of every class). */
public interface ClassChooser {

    /** Every class that loads or is retransformed, whether the filter passes it or not (dotted name). */
    default void loaded(String className) {}

    /**
     * The methods of this class to instrument, or null for none.
     *
     * @param className  dotted name
     * @param loader     the defining loader (null: the boot loader, or a hidden class)
     * @param redefined  the class when it is being retransformed, else null
     */
    MethodChoice choose(String className, ClassLoader loader, Class<?> redefined, byte[] classFile,
                        ClassFilter.Decision decision);
}
