import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.server";
import { describeTarget, parseRedisUrl } from "./redis-url.server";
import { redisOptions } from "./redis.server";

describe("parseRedisUrl", () => {
  it.each([
    ["redis://redis:6379", { host: "redis", port: 6379, db: 0, tls: false }],
    ["redis://redis", { host: "redis", port: 6379, db: 0, tls: false }],
    ["rediss://cache.example.com:6380/3", { host: "cache.example.com", port: 6380, db: 3, tls: true }],
    ["redis://:s%40cret@10.0.0.5:7000/15", { host: "10.0.0.5", port: 7000, db: 15, password: "s@cret", tls: false }],
    ["redis://app:pw@[::1]:6379", { host: "::1", port: 6379, username: "app", password: "pw", tls: false }],
  ])("reads %s", (url, target) => {
    const parsed = parseRedisUrl(url);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.target).toMatchObject(target);
  });

  it.each([
    ["redis:6379", "must name a host, as in redis://redis:6379"],
    ["localhost:6379", "must start with redis:// or rediss://"],
    ["http://redis:6379", "must start with redis:// or rediss://"],
    ["not a url", "must be a URL such as redis://redis:6379"],
    ["redis://redis:6379/16", "the path must be a database number from 0 to 15"],
    ["redis://redis:6379/cache", "the path must be a database number from 0 to 15"],
    ["redis://redis:6379?db=2", "takes no query string or fragment"],
  ])("refuses %s", (url, problem) => {
    expect(parseRedisUrl(url)).toEqual({ ok: false, problem });
  });

  it("logs the target without its credentials", () => {
    const parsed = parseRedisUrl("rediss://app:secret-password@cache.example.com:6380/2");
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(describeTarget(parsed.target)).toBe("rediss://cache.example.com:6380/2");
  });
});

describe("REDIS_URL in the configuration", () => {
  const complete = {
    LEGACY_API_URL: "https://legacy.example.com/v1/api",
    LEGACY_APP_KEY: "app-key-123456",
    SESSION_SECRET: "s".repeat(32),
    SSO_AES_KEY: "00".repeat(32),
    SSO_AES_IV: "11".repeat(16),
    FILES_HOST_URL: "https://files.example.com",
  };

  it("is optional: unset or empty, every process keeps its state in memory", () => {
    for (const env of [complete, { ...complete, REDIS_URL: "" }]) {
      const result = parseConfig(env);
      expect(result.ok && result.config.REDIS_URL).toBeUndefined();
    }
  });

  it("refuses a bad one at start, naming the variable", () => {
    expect(parseConfig({ ...complete, REDIS_URL: "tcp://redis:6379" })).toEqual({
      ok: false,
      problems: ["REDIS_URL: must start with redis:// or rediss://"],
    });
  });
});

describe("redisOptions", () => {
  it("never queues a command for a Redis that is down, and gives up quickly", () => {
    const parsed = parseRedisUrl("rediss://:pw@cache.example.com:6380/1");
    if (!parsed.ok) throw new Error(parsed.problem);
    const options = redisOptions(parsed.target);
    expect(options).toMatchObject({
      host: "cache.example.com",
      port: 6380,
      db: 1,
      password: "pw",
      tls: {},
      keyPrefix: "academia:",
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    expect(options.connectTimeout).toBeLessThanOrEqual(2_000);
    expect(options.commandTimeout).toBeLessThanOrEqual(1_000);
    // It keeps trying to reconnect, a little slower each time, never slower than every 2 s.
    const delays = [1, 2, 5, 100].map((attempt) => options.retryStrategy?.(attempt));
    expect(delays).toEqual([200, 400, 1000, 2000]);
  });
});
