package org.candor.bench.server;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The server's in-memory store: products in categories, their stock, and every customer's recent orders. */
final class Catalog {
    static final int CATEGORIES = 50;
    static final int PRODUCTS_PER_CATEGORY = 200;
    static final int RECENT_ORDERS = 10;

    record Product(int id, int category, String name, String description, long priceCents, List<String> tags) { }

    record Order(long number, int productId, int quantity, long totalCents) { }

    private final List<List<Product>> byCategory = new ArrayList<>();
    private final Map<Integer, Product> byId = new ConcurrentHashMap<>();
    private final Map<Integer, Integer> stock = new ConcurrentHashMap<>();
    private final Map<String, Deque<Order>> ordersByCustomer = new ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicLong nextOrder = new java.util.concurrent.atomic.AtomicLong(1);

    Catalog() {
        String[] words = {"steel", "oak", "linen", "copper", "granite", "wool", "glass", "cedar", "brass", "clay"};
        for (int c = 0; c < CATEGORIES; c++) {
            List<Product> products = new ArrayList<>(PRODUCTS_PER_CATEGORY);
            for (int i = 0; i < PRODUCTS_PER_CATEGORY; i++) {
                int id = c * PRODUCTS_PER_CATEGORY + i;
                String a = words[(id * 7) % words.length], b = words[(id * 3 + 1) % words.length];
                Product p = new Product(id, c, a + " " + b + " #" + id,
                        "A " + a + " item with " + b + " trim, category " + c + ", made to order",
                        199 + (id * 37L) % 9_800, List.of(a, b, "cat" + c));
                products.add(p);
                byId.put(id, p);
                stock.put(id, 1_000_000);
            }
            byCategory.add(List.copyOf(products));
        }
    }

    /** One page of a category, sorted by price when asked; an empty list past the end. */
    List<Product> page(int category, int page, int size, boolean byPrice) {
        List<Product> all = byCategory.get(Math.floorMod(category, CATEGORIES));
        if (byPrice) {
            all = new ArrayList<>(all);
            all.sort((x, y) -> Long.compare(x.priceCents(), y.priceCents()));
        }
        int from = Math.min(all.size(), page * size);
        return all.subList(from, Math.min(all.size(), from + size));
    }

    Product product(int id) {
        return byId.get(id);
    }

    int stockOf(int id) {
        return stock.getOrDefault(id, 0);
    }

    /** Takes the quantity out of stock and records the order; null if the product is unknown or sold out. */
    Order buy(String customer, int productId, int quantity) {
        Product p = byId.get(productId);
        if (p == null || quantity <= 0) {
            return null;
        }
        int[] took = {0};
        stock.computeIfPresent(productId, (id, left) -> {
            if (left < quantity) {
                return left;
            }
            took[0] = quantity;
            return left - quantity;
        });
        if (took[0] == 0) {
            return null;
        }
        Order o = new Order(nextOrder.getAndIncrement(), productId, quantity, p.priceCents() * quantity);
        Deque<Order> recent = ordersByCustomer.computeIfAbsent(customer, k -> new ArrayDeque<>());
        synchronized (recent) {
            recent.addFirst(o);
            while (recent.size() > RECENT_ORDERS) {
                recent.removeLast();
            }
        }
        return o;
    }

    List<Order> recentOrders(String customer) {
        Deque<Order> recent = ordersByCustomer.get(customer);
        if (recent == null) {
            return List.of();
        }
        synchronized (recent) {
            return new ArrayList<>(recent);
        }
    }
}
