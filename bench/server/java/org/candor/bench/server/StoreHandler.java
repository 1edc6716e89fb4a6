package org.candor.bench.server;

import java.util.List;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/**
 * The request handler, the benchmark's root method ({@code handle}). Two requests, each answered with a JSON document
 * of a few KB that echoes the request's {@code req} token (the load generator checks it):
 * <ul>
 *   <li>{@code GET /catalog?category=C&page=P&size=S[&sort=price]&req=T}: one page of a category, with stock;</li>
 *   <li>{@code GET /buy?customer=U&product=I&qty=Q&req=T}: takes stock, records the order, returns the product and
 *       the customer's recent orders.</li>
 * </ul>
 */
public final class StoreHandler extends Handler.Abstract {
    private final Catalog catalog = new Catalog();

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        Fields query = Request.extractQueryParameters(request);
        String path = Request.getPathInContext(request);
        String token = query.getValue("req");
        String body;
        try {
            body = switch (path) {
                case "/catalog" -> catalogPage(query, token);
                case "/buy" -> buy(query, token);
                default -> null;
            };
        } catch (NumberFormatException e) {
            Response.writeError(request, response, callback, 400, "bad number: " + e.getMessage());
            return true;
        }
        if (body == null) {
            Response.writeError(request, response, callback, 404, "no such page: " + path);
            return true;
        }
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
        Content.Sink.write(response, true, body, callback);
        return true;
    }

    private String catalogPage(Fields query, String token) {
        int category = intParam(query, "category", 0);
        int page = intParam(query, "page", 0);
        int size = Math.min(50, Math.max(1, intParam(query, "size", 10)));
        boolean byPrice = "price".equals(query.getValue("sort"));
        List<Catalog.Product> products = catalog.page(category, page, size, byPrice);
        Json json = new Json().open().field("req", token == null ? "" : token).field("category", category)
                .field("page", page).field("count", products.size()).openArray("products");
        for (Catalog.Product p : products) {
            product(json, p);
        }
        return json.closeArray().close().toString();
    }

    private String buy(Fields query, String token) {
        String customer = query.getValue("customer");
        int productId = intParam(query, "product", -1);
        int quantity = intParam(query, "qty", 1);
        Catalog.Order order = catalog.buy(customer == null ? "anonymous" : customer, productId, quantity);
        Json json = new Json().open().field("req", token == null ? "" : token);
        if (order == null) {
            json.field("status", "rejected");
        } else {
            json.field("status", "ok").field("order", order.number()).price("total", order.totalCents());
            json.openArray("product");
            product(json, catalog.product(productId));
            json.closeArray();
        }
        json.openArray("recent");
        for (Catalog.Order o : catalog.recentOrders(customer == null ? "anonymous" : customer)) {
            Catalog.Product p = catalog.product(o.productId());
            json.open().field("order", o.number()).field("product", p.name()).field("qty", o.quantity())
                    .price("total", o.totalCents()).close();
        }
        return json.closeArray().close().toString();
    }

    private void product(Json json, Catalog.Product p) {
        json.open().field("id", p.id()).field("name", p.name()).field("description", p.description())
                .price("price", p.priceCents()).field("stock", catalog.stockOf(p.id())).openArray("tags");
        for (String tag : p.tags()) {
            json.value(tag);
        }
        json.closeArray().close();
    }

    private static int intParam(Fields query, String name, int fallback) {
        String v = query.getValue(name);
        return v == null || v.isEmpty() ? fallback : Integer.parseInt(v);
    }
}
