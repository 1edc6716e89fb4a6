package org.candor.client;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.candor.agent.filter.ClassFilter;
import org.candor.agent.filter.PatternException;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.options.OptionException;

/**
 * What a profiling session is asked to do, as agent options. {@link #validate()} runs the agent's own parsers, so
 * anything the agent would refuse is refused here, before a target starts.
 */
public final class ProfileSettings {

    private Path output;
    private String scheme = "total";
    private final List<String> includes = new ArrayList<>();
    private final List<String> excludes = new ArrayList<>();
    private boolean defaultExcludes = true;
    private final List<String> extra = new ArrayList<>();

    public ProfileSettings output(Path file) { this.output = file.toAbsolutePath(); return this; }
    public ProfileSettings scheme(String s) { this.scheme = s; return this; }
    /** One pattern or a comma-separated list of them (TAU: {@code java/lang,sun}). */
    public ProfileSettings include(String patterns) { includes.addAll(split(patterns)); return this; }
    public ProfileSettings exclude(String patterns) { excludes.addAll(split(patterns)); return this; }
    public ProfileSettings defaultExcludes(boolean on) { this.defaultExcludes = on; return this; }
    /** Any other agent option, {@code key=value}. */
    public ProfileSettings option(String keyValue) { extra.add(keyValue); return this; }

    public Path output() { return output; }

    /** One option per line, the form the agent's {@code optfile} reads. */
    public List<String> agentOptionLines() {
        List<String> lines = new ArrayList<>();
        if (output != null) lines.add("output=" + output);
        lines.add("scheme=" + scheme);
        for (String i : includes) lines.add("include=" + i);
        for (String e : excludes) lines.add("exclude=" + e);
        if (!defaultExcludes) lines.add("defaultexcludes=false");
        lines.addAll(extra);
        return lines;
    }

    public void validate() throws ClientException {
        try {
            AgentOptions o = AgentOptions.parseLines(agentOptionLines());
            new ClassFilter(o.includes(), o.excludes(), o.defaultExcludes());
        } catch (OptionException | PatternException e) {
            throw new ClientException(e.getMessage());
        }
    }

    private static List<String> split(String list) {
        List<String> out = new ArrayList<>();
        for (String p : list.split(",", -1)) out.add(p.trim());
        return out;
    }
}
