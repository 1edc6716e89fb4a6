package org.candor.ui.snapshot;

import java.awt.event.ActionListener;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.swing.Icon;
import javax.swing.JComponent;
import org.openide.awt.Notification;
import org.openide.awt.NotificationDisplayer;
import org.openide.util.lookup.ServiceProvider;

/** The notifications this module's code gives, kept for its tests (the application shows them in balloons). */
@ServiceProvider(service = NotificationDisplayer.class)
public final class RecordedNotifications extends NotificationDisplayer {

    /** One notification as given. */
    record Shown(String title, String details, Priority priority, Category category) { }

    static final List<Shown> SHOWN = new CopyOnWriteArrayList<>();

    @Override public Notification notify(String title, Icon icon, String details, ActionListener action, Priority priority) {
        return notify(title, icon, details, action, priority, Category.INFO);
    }

    @Override public Notification notify(String title, Icon icon, String details, ActionListener action, Priority priority,
                                         Category category) {
        SHOWN.add(new Shown(title, details, priority, category));
        return new Notification() {
            @Override public void clear() { }
        };
    }

    @Override public Notification notify(String title, Icon icon, JComponent balloon, JComponent popup, Priority priority) {
        SHOWN.add(new Shown(title, null, priority, Category.INFO));
        return new Notification() {
            @Override public void clear() { }
        };
    }
}
