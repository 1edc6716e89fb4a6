package org.candor.demo;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An order-processing batch, the program {@code candor demo} profiles: it generates order lines, parses them
 * (rejecting malformed ones by exception), evaluates coupon rules with a recursive-descent parser, prices orders
 * with BigDecimal arithmetic, reserves stock under a lock shared by two worker threads, then sorts, aggregates
 * and renders a report. Deterministic: the same output every run.
 */
public final class DemoApp {

    private DemoApp() {}

    public static void main(String[] args) throws Exception {
        int orders = args.length > 0 ? Integer.parseInt(args[0]) : 60_000;
        List<String> lines = OrderGenerator.generate(orders, 20_261_122L);
        Inventory inventory = new Inventory(OrderGenerator.SKUS);
        Pricing pricing = new Pricing();

        ExecutorService workers = Executors.newFixedThreadPool(2, new NamedThreads("order-worker"));
        int half = lines.size() / 2;
        Future<BatchResult> first = workers.submit(() -> new Batch(pricing, inventory).process(lines.subList(0, half)));
        Future<BatchResult> second = workers.submit(() -> new Batch(pricing, inventory).process(lines.subList(half, lines.size())));
        BatchResult result = first.get().merge(second.get());
        workers.shutdown();

        String report = ReportRenderer.render(result, 10);
        System.out.print(report);
        System.out.println("checksum " + Checksums.fnv1a(report));
    }

    /** Names pool threads order-worker-1, order-worker-2 so they are easy to find in a profile. */
    static final class NamedThreads implements java.util.concurrent.ThreadFactory {
        private final String prefix;
        private final AtomicInteger next = new AtomicInteger(1);

        NamedThreads(String prefix) {
            this.prefix = prefix;
        }

        @Override public Thread newThread(Runnable r) {
            return new Thread(r, prefix + "-" + next.getAndIncrement());
        }
    }

}
