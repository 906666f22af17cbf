import { afterEach, describe, expect, it, vi } from "vitest";
import { renderTurns } from "./render-turns.server";

/** Lets p-limit start what is next in its queue (it does so on a microtask). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("render turns", () => {
  afterEach(() => vi.useRealTimers());

  it("renders two at once, the third when one of them is done, in the order asked", async () => {
    const turns = renderTurns(2, 5_000);
    const started: number[] = [];
    const done: Array<() => void> = [];
    for (const id of [1, 2, 3, 4]) {
      turns.take(new AbortController().signal, (end) => {
        started.push(id);
        done.push(end);
      });
    }
    await settle();
    expect(started).toEqual([1, 2]);
    expect(turns.waiting).toBe(2);
    done[1]!();
    await settle();
    expect(started).toEqual([1, 2, 3]);
    expect(turns.rendering).toBe(2);
  });

  it("ends a turn once, however often its render says it is done", async () => {
    const turns = renderTurns(1, 5_000);
    const started: number[] = [];
    let end = () => {};
    for (const id of [1, 2, 3]) {
      turns.take(new AbortController().signal, (done) => {
        started.push(id);
        end = done;
      });
    }
    await settle();
    const first = end;
    first();
    first();
    await settle();
    expect(started).toEqual([1, 2]);
  });

  it("takes back the turn of a render that never ends, after the time limit", async () => {
    vi.useFakeTimers();
    const turns = renderTurns(1, 5_000);
    const started: number[] = [];
    turns.take(new AbortController().signal, () => started.push(1));
    turns.take(new AbortController().signal, () => started.push(2));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(started).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([1, 2]);
    expect(turns.rendering).toBe(1);
  });

  it("ends the turn of a render whose client left, at once", async () => {
    const turns = renderTurns(1, 5_000);
    const started: number[] = [];
    const left = new AbortController();
    turns.take(left.signal, () => started.push(1));
    turns.take(new AbortController().signal, () => started.push(2));
    await settle();
    expect(started).toEqual([1]);
    left.abort();
    await settle();
    expect(started).toEqual([1, 2]);
  });
});
