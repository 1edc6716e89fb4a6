package org.candor.ui.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.edt.GuiActionRunner.execute;

import java.awt.Dimension;
import java.nio.file.Path;
import javax.swing.JFrame;
import javax.swing.JList;
import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.fixture.FrameFixture;
import org.candor.ui.snapshot.GuiTests;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The root browser on a real program's session: type part of a class name, pick the class and a method, add it. */
class RootBrowserTest {

    private static final String TARGET = AttachedTicker.MAIN;

    @TempDir Path dir;
    private AttachedTicker target;
    private FrameFixture window;
    private RootBrowser browser;

    @BeforeAll
    static void needsDisplay() throws Exception {
        GuiTests.assumeDisplay();
        GuiTests.useApplicationLookAndFeel();
        FailOnThreadViolationRepaintManager.install();
    }

    @AfterEach
    void close() {
        if (window != null) window.cleanUp();
        if (browser != null) execute(browser::dispose);
        if (target != null) target.close();
    }

    @Test
    void aClassFoundByPartOfItsNameGivesItsMethodsAsRoots() throws Exception {
        target = AttachedTicker.start(dir);
        browser = execute(() -> new RootBrowser(new org.candor.client.code.SessionCode(target.pid())));
        window = InFrame.show("Candor: root browser", browser, new Dimension(900, 420));
        JFrame frame = (JFrame) window.target();

        window.textBox("rootFilter").enterText("live.program.tick");
        InFrame.waitFor("the class listed", () -> execute(() -> list("rootClasses").getModel().getSize()) == 1);
        window.list("rootClasses").selectItem(TARGET);
        InFrame.waitFor("its methods", () -> execute(() -> list("rootMethods").getModel().getSize()) >= 3);
        window.list("rootMethods").selectItems("tick(long)", "step(long)");
        window.button("rootAdd").click();
        assertThat(execute(browser::chosen)).containsExactly(TARGET + ".step", TARGET + ".tick");
        assertThat(window.label("rootFound").text()).startsWith("1 of 1 classes loaded in JVM " + target.pid());
        GuiTests.screenshot(frame, "root-browser");

        // every loaded class, a page at a time
        window.textBox("rootFilter").deleteText();
        InFrame.waitFor("the first page", () -> execute(() -> list("rootClasses").getModel().getSize()) == 200);
        String said = window.label("rootFound").text();
        assertThat(said).startsWith("200 of ").endsWith("; type more of the name, or More");
        int count = Integer.parseInt(said.substring("200 of ".length(), said.indexOf(' ', "200 of ".length())));
        String firstOfFirstPage = execute(() -> list("rootClasses").getModel().getElementAt(0));
        window.button("rootMore").requireEnabled().click();
        int twoPages = Math.min(400, count);
        InFrame.waitFor("the second page added", () -> execute(() -> list("rootClasses").getModel().getSize()) == twoPages);
        assertThat(window.label("rootFound").text()).startsWith(twoPages + " of " + count + " ");
        assertThat(execute(() -> list("rootClasses").getModel().getElementAt(0))).isEqualTo(firstOfFirstPage);
        assertThat(execute(() -> list("rootClasses").getModel().getElementAt(200)))
                .isGreaterThan(execute(() -> list("rootClasses").getModel().getElementAt(199)));
        GuiTests.screenshot(frame, "root-browser-more");
    }

    @SuppressWarnings("unchecked")
    private JList<String> list(String name) {
        return (JList<String>) window.robot().finder().findByName(name, JList.class, false);
    }
}
