package org.candor.ui.snapshot;

import java.io.File;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import org.netbeans.spi.sendopts.Env;
import org.netbeans.spi.sendopts.Option;
import org.netbeans.spi.sendopts.OptionProcessor;
import org.openide.util.NbBundle.Messages;
import org.openide.util.lookup.ServiceProvider;
import org.openide.windows.WindowManager;

/**
 * {@code candor --open FILE.candor}: opens the snapshot once the main window is up. Also works when the application
 * already runs: the launcher hands the option to the running instance.
 */
@ServiceProvider(service = OptionProcessor.class)
@Messages({
    "OPT_Open_Name=--open FILE.candor",
    "OPT_Open=Open a Candor snapshot in a window of its own"
})
public final class OpenSnapshotOption extends OptionProcessor {

    private static final String BUNDLE = "org.candor.ui.snapshot.Bundle";
    private static final Option OPEN = Option.shortDescription(Option.displayName(
            Option.requiredArgument(Option.NO_SHORT_NAME, "open"), BUNDLE, "OPT_Open_Name"), BUNDLE, "OPT_Open");

    @Override
    protected Set<Option> getOptions() {
        return Collections.singleton(OPEN);
    }

    @Override
    protected void process(Env env, Map<Option, String[]> values) {
        for (String name : values.get(OPEN)) {
            File file = new File(name);
            File absolute = file.isAbsolute() ? file : new File(env.getCurrentDirectory(), name);
            WindowManager.getDefault().invokeWhenUIReady(() -> SnapshotOpener.open(absolute.toPath()));
        }
    }
}
