import { describe, expect, it } from "vitest";
import { endpointTemplate, gaugeOf, metricsText, slotsGaugeOf, statusClass } from "./metrics.server";

describe("metrics", () => {
  it("names a legacy call by its template: no ids, no query, nothing encoded", () => {
    expect(endpointTemplate("/training/user_points")).toBe("/training/user_points");
    expect(endpointTemplate("/badges/view/123")).toBe("/badges/view/{id}");
    expect(endpointTemplate("/user/user_news/77?x=1")).toBe("/user/user_news/{id}");
    expect(endpointTemplate("/leader/team/search?code=ABC-123")).toBe("/leader/team/search");
    expect(endpointTemplate("/files/a%20b/c")).toBe("/files/{id}/c");
    expect(endpointTemplate(`/x/${"a".repeat(41)}`)).toBe("/x/{id}");
  });

  it("says a status by its class", () => {
    expect([200, 302, 404, 503].map(statusClass)).toEqual(["2xx", "3xx", "4xx", "5xx"]);
  });

  it("makes a metric once by name (the edge's bundle and the app's share one), read when scraped", async () => {
    let value = 3;
    const first = gaugeOf("academia_test_gauge", "a test gauge", () => value);
    expect(gaugeOf("academia_test_gauge", "a test gauge", () => 0)).toBe(first);
    value = 7;
    expect(await metricsText()).toMatch(/^academia_test_gauge 7$/m);
  });

  it("reads slots as running and waiting", async () => {
    slotsGaugeOf("academia_test_slots", "test slots", () => ({ running: 2, waiting: 5 }));
    const text = await metricsText();
    expect(text).toMatch(/^academia_test_slots\{state="running"\} 2$/m);
    expect(text).toMatch(/^academia_test_slots\{state="waiting"\} 5$/m);
  });
});
