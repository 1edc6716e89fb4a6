package org.candor.ui.live;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import org.netbeans.api.sendopts.CommandException;
import org.netbeans.spi.sendopts.Env;
import org.netbeans.spi.sendopts.Option;
import org.netbeans.spi.sendopts.OptionProcessor;
import org.openide.util.NbBundle.Messages;
import org.openide.util.lookup.ServiceProvider;
import org.openide.windows.WindowManager;

/**
 * {@code candor --attach PID} (VisualVM's {@code --openpid}): the app opens attached to that JVM with the settings last
 * used in the Running JVMs window. Also works when the app already runs: the launcher hands the option over.
 */
@ServiceProvider(service = OptionProcessor.class)
@Messages({
    "OPT_Attach_Name=--attach PID",
    "OPT_Attach=Attach to the local JVM with this process id, with the last used settings",
    "# {0} - what was given",
    "ERR_AttachPid=--attach: ''{0}'' is not a process id"
})
public final class AttachOption extends OptionProcessor {

    private static final String BUNDLE = "org.candor.ui.live.Bundle";
    private static final Option ATTACH = Option.shortDescription(Option.displayName(
            Option.requiredArgument(Option.NO_SHORT_NAME, "attach"), BUNDLE, "OPT_Attach_Name"), BUNDLE, "OPT_Attach");

    @Override
    protected Set<Option> getOptions() {
        return Collections.singleton(ATTACH);
    }

    @Override
    protected void process(Env env, Map<Option, String[]> values) throws CommandException {
        for (String value : values.get(ATTACH)) {
            long pid;
            try {
                pid = Long.parseLong(value.trim());
                if (pid <= 0) throw new NumberFormatException();
            } catch (NumberFormatException e) {
                throw new CommandException(2, Bundle.ERR_AttachPid(value));
            }
            WindowManager.getDefault().invokeWhenUIReady(() -> LiveSessionsTopComponent.showAndAttach(pid));
        }
    }
}
