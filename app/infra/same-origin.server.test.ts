import { describe, expect, it } from "vitest";
import { isCrossSite, type RequestOrigin } from "./same-origin.server";

const post = (fields: Partial<RequestOrigin>): RequestOrigin => ({
  method: "POST",
  origin: null,
  secFetchSite: null,
  host: "app.example.com",
  protocol: "https",
  ...fields,
});

describe("isCrossSite", () => {
  it.each([
    ["another site's Origin", { origin: "https://evil.example" }],
    ["Origin: null (a sandboxed frame, a data: page)", { origin: "null" }],
    ["Sec-Fetch-Site: cross-site", { secFetchSite: "cross-site", origin: "https://app.example.com" }],
    ["the same name on another port", { origin: "https://app.example.com:8443" }],
    ["the proxy's port the adapter used to append", { host: "app.example.com", origin: "https://app.example.com:3000" }],
    ["an Origin with no Host to compare with", { host: undefined, origin: "https://app.example.com" }],
    ["a sibling subdomain", { origin: "https://evil.app.example.com" }],
  ])("is true for %s", (_name, fields) => {
    expect(isCrossSite(post(fields))).toBe(true);
  });

  it.each([
    ["the same origin", { origin: "https://app.example.com" }],
    ["the same origin with its default port written", { host: "app.example.com:443", origin: "https://app.example.com" }],
    ["a port, matched exactly", { host: "127.0.0.1:8080", protocol: "http", origin: "http://127.0.0.1:8080" }],
    ["no Origin (an old browser; SameSite cookies cover it)", {}],
    ["Sec-Fetch-Site: same-origin", { secFetchSite: "same-origin", origin: "https://app.example.com" }],
    ["a GET from anywhere", { method: "GET", origin: "https://evil.example", secFetchSite: "cross-site" }],
  ])("is false for %s", (_name, fields) => {
    expect(isCrossSite(post(fields))).toBe(false);
  });
});
