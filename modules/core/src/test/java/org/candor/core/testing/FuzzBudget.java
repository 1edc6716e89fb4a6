package org.candor.core.testing;

import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * A fuzz property's budget as CI runs it is in its {@code @Property} (tries and seed: the same mutants every run);
 * {@code -Dcandor.fuzz.mutants=N} and {@code -Dcandor.fuzz.seed=S} override both, to explore further by hand. Added
 * to a property with {@code @AddLifecycleHook(FuzzBudget.class)}.
 */
public final class FuzzBudget implements AroundPropertyHook {

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        Integer tries = Integer.getInteger("candor.fuzz.mutants");
        if (tries != null) context.attributes().setTries(tries);
        String seed = System.getProperty("candor.fuzz.seed");
        if (seed != null && !seed.isBlank()) context.attributes().setSeed(seed.trim());
        return property.execute();
    }
}
