import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { orElse, redisCircuit, shielded } from "./redis.server";

/** A command that never answers in time: what ioredis's commandTimeout turns a paused Redis into. */
const timedOut = () => Promise.reject(new Error("Command timed out"));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the circuit in front of Redis (decision 053)", () => {
  it("opens after a few failures, then answers every caller's fallback without asking Redis, probes after 5 s and closes on an answer", async () => {
    expect(redisCircuit()).toBe("closed");
    for (let i = 0; i < 3; i++) expect(await orElse(timedOut, "fallback")).toBe("fallback");
    expect(redisCircuit()).toBe("open");

    const asked = vi.fn(() => Promise.resolve("from redis"));
    expect(await orElse(asked, "fallback")).toBe("fallback");
    await expect(shielded(asked)).rejects.toThrow(/open/i);
    expect(asked).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(5_000);
    expect(redisCircuit()).toBe("half-open");
    // A probe that fails opens it again for another 5 s.
    expect(await orElse(timedOut, "fallback")).toBe("fallback");
    expect(redisCircuit()).toBe("open");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await orElse(asked, "fallback")).toBe("from redis");
    expect(redisCircuit()).toBe("closed");
    expect(asked).toHaveBeenCalledOnce();
  });
});
