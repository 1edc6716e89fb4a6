package org.candor.agent.scheme;

import org.candor.agent.filter.ClassFilter;
import org.candor.agent.options.AgentOptions;

/** The scheme the options name, over a filter: at start, and when a running session's settings change. */
public final class Schemes {

    private Schemes() {}

    public static Scheme of(AgentOptions options, ClassFilter filter) {
        switch (options.scheme()) {
            case LAZY: return new LazyScheme(filter, new RootMethods(options.roots()), options.lookahead());
            case EAGER: return new EagerScheme(filter, new RootMethods(options.roots()));
            default: return new TotalScheme(filter);
        }
    }
}
