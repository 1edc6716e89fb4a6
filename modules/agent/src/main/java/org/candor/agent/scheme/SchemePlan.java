package org.candor.agent.scheme;

import org.candor.agent.filter.ClassFilter;
import org.candor.agent.filter.PatternException;
import org.candor.agent.options.AgentOptions;

/**
 * Options checked into what a session runs by: their class filter and the scheme they name. Built before anything
 * changes (at start, on {@code set}, on {@code resume}), so that a bad pattern changes nothing.
 */
public final class SchemePlan {

    public final AgentOptions options;
    public final ClassFilter filter;
    public final Scheme scheme;

    private SchemePlan(AgentOptions options, ClassFilter filter, Scheme scheme) {
        this.options = options;
        this.filter = filter;
        this.scheme = scheme;
    }

    /** @throws PatternException naming the include, exclude or root pattern that is wrong */
    public static SchemePlan of(AgentOptions options) throws PatternException {
        ClassFilter filter = new ClassFilter(options.includes(), options.excludes(), options.defaultExcludes());
        return new SchemePlan(options, filter, Schemes.of(options, filter));
    }
}
