import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { orElse, redisCircuit, shielded } from "./redis.server";

/** A command that never answers in time: what ioredis's commandTimeout turns a paused Redis into. */
const timedOut = () => Promise.reject(new Error("Command timed out"));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the circuit in front of Redis (decision 053)", () => {
  it("opens after a few failures, then answers every caller's fallback without asking Redis, also once it is half open", async () => {
    expect(redisCircuit()).toBe("closed");
    for (let i = 0; i < 3; i++) expect(await orElse(timedOut, "fallback")).toBe("fallback");
    expect(redisCircuit()).toBe("open");

    const asked = vi.fn(() => Promise.resolve("from redis"));
    expect(await orElse(asked, "fallback")).toBe("fallback");
    await expect(shielded(asked)).rejects.toThrow(/open/i);
    expect(asked).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(5_000);
    expect(redisCircuit()).toBe("half-open");
    // Only the circuit's own PING probes (tests/integration/redis.test.ts, with a real Redis): a learner's request never waits for it.
    expect(await orElse(asked, "fallback")).toBe("fallback");
    expect(asked).not.toHaveBeenCalled();
  });
});
