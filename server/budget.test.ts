import { describe, expect, it } from "vitest";
import { CostRate, MemoryBudget, OpenCounter } from "./budget";

const budget = () => new MemoryBudget({ total: 100, learner: 30, address: 50 });

describe("MemoryBudget", () => {
  it("charges a body to its learner and its address, and refuses past the learner's share with a short Retry-After", () => {
    const memory = budget();
    const first = memory.charge(20, "ana", "10.0.0.1");
    expect(first.ok).toBe(true);
    expect(memory.charge(20, "ana", "10.0.0.1")).toEqual({ ok: false, over: "learner", retryAfterSeconds: 2 });
    // Another learner behind the same address still fits, until the address's share is spent.
    expect(memory.charge(20, "luis", "10.0.0.1").ok).toBe(true);
    expect(memory.charge(20, "eva", "10.0.0.1")).toMatchObject({ ok: false, over: "address" });
    expect(memory.inFlight).toBe(40);
  });

  it("charges a client without a session to its address alone", () => {
    const memory = budget();
    expect(memory.charge(50, null, "10.0.0.2").ok).toBe(true);
    expect(memory.charge(1, null, "10.0.0.2")).toMatchObject({ ok: false, over: "address" });
  });

  it("refuses past the process's budget with 503's longer Retry-After, whoever asks", () => {
    const memory = budget();
    for (const address of ["a", "b", "c", "d"]) expect(memory.charge(25, null, address).ok).toBe(true);
    expect(memory.charge(1, "new", "e")).toEqual({ ok: false, over: "total", retryAfterSeconds: 5 });
  });

  it("gives back a charge once, however often it is released, and forgets empty keys", () => {
    const memory = budget();
    const charge = memory.charge(30, "ana", "a");
    if (!charge.ok) throw new Error("refused");
    charge.release();
    charge.release();
    expect(memory.inFlight).toBe(0);
    expect(memory.charge(30, "ana", "a").ok).toBe(true);
    expect(memory.charge(30, "ana", "a").ok).toBe(false);
  });
});

describe("OpenCounter", () => {
  it("lets a key hold up to its limit open, and one more once one closes (closing twice counts once)", () => {
    const open = new OpenCounter(2);
    const one = open.enter("10.0.0.1");
    const two = open.enter("10.0.0.1");
    expect(one && two).toBeTruthy();
    expect(open.enter("10.0.0.1")).toBeNull();
    expect(open.enter("10.0.0.2")).not.toBeNull();
    one?.();
    one?.();
    expect(open.enter("10.0.0.1")).not.toBeNull();
    expect(open.enter("10.0.0.1")).toBeNull();
  });

  it("forgets a key with nothing open", () => {
    const open = new OpenCounter(1);
    open.enter("x")?.();
    expect(open.size).toBe(0);
  });
});

describe("CostRate", () => {
  it("admits a key's cost up to its bucket per 10 s, then says how long to wait; keys are apart, nothing costs nothing", async () => {
    const rate = new CostRate(10);
    expect(await rate.spend("ana", 6)).toBeNull();
    expect(await rate.spend("ana", 4)).toBeNull();
    const wait = await rate.spend("ana", 1);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(10);
    expect(await rate.spend("luis", 10)).toBeNull();
    expect(await rate.spend("ana", 0)).toBeNull();
  });
});
