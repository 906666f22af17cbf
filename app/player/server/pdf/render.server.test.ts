import { describe, expect, it } from "vitest";
import { fillsPage, textPage } from "../../../../tests/fixtures/pdf-bombs";
import { PdfError } from "./failure.server";
import { asLearner, MAX_PER_USER, MAX_RUNNING, MAX_WAITING, PdfPool, withSlot } from "./render.server";
import type { PdfFile, PdfTask } from "./worker.server";

/** The render bounds (slots, waiting, per learner) and the worker pool's deadline. */

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "drawn",
    (error: unknown) => (error instanceof PdfError ? error.reason : String(error)),
  );

function gate() {
  let open = () => {};
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open };
}

describe("withSlot", () => {
  it(`runs ${MAX_RUNNING} at once, lets ${MAX_WAITING} more wait, refuses the next and admits again once one is done`, async () => {
    const { closed, open } = gate();
    const at = { now: 0, most: 0 };
    const work = async () => {
      at.most = Math.max(at.most, ++at.now);
      await closed;
      at.now--;
    };
    const admitted = Array.from({ length: MAX_RUNNING + MAX_WAITING }, () => outcome(withSlot(undefined, work)));
    expect(await outcome(withSlot(undefined, work))).toBe("busy");
    open();
    expect(await Promise.all(admitted)).toEqual(Array(MAX_RUNNING + MAX_WAITING).fill("drawn"));
    expect(at.most).toBe(MAX_RUNNING);
    expect(await outcome(withSlot(undefined, work))).toBe("drawn");
  });

  it("frees a waiting place at once when its client leaves, and never runs its work", async () => {
    const { closed, open } = gate();
    const ran: string[] = [];
    const work = (name: string) => async () => {
      ran.push(name);
      await closed;
    };
    const running = Array.from({ length: MAX_RUNNING }, (_, index) => withSlot(undefined, work(`running-${index}`)));
    const leaving = new AbortController();
    const waiting = Array.from({ length: MAX_WAITING }, (_, index) =>
      outcome(withSlot(index === 0 ? leaving.signal : undefined, work(`waiting-${index}`))),
    );
    expect(await outcome(withSlot(undefined, work("refused")))).toBe("busy");
    leaving.abort();
    expect(await waiting[0]).toBe("gone");
    const late = outcome(withSlot(undefined, work("late")));
    expect(await outcome(withSlot(undefined, work("refused again")))).toBe("busy");
    open();
    await Promise.all([...running, ...waiting, late]);
    expect(ran).not.toContain("waiting-0");
    expect(ran).toContain("late");
    expect(ran).not.toContain("refused");
    expect(await outcome(withSlot(AbortSignal.abort(), work("already gone")))).toBe("gone");
  });
});

describe("asLearner", () => {
  it(`lets a learner have ${MAX_PER_USER} at once, refuses the next, serves another learner, and admits again once one is done`, async () => {
    const { closed, open } = gate();
    const mine = Array.from({ length: MAX_PER_USER }, () => outcome(asLearner("ana", () => closed)));
    expect(await outcome(asLearner("ana", () => closed))).toBe("userBusy");
    expect(await outcome(asLearner("luis", async () => undefined))).toBe("drawn");
    open();
    expect(await Promise.all(mine)).toEqual(Array(MAX_PER_USER).fill("drawn"));
    expect(await outcome(asLearner("ana", async () => undefined))).toBe("drawn");
  });

  it("frees a learner's place when the work fails", async () => {
    const failing = Array.from({ length: MAX_PER_USER }, () =>
      outcome(asLearner("eva", async () => Promise.reject(new PdfError("missing")))),
    );
    expect(await Promise.all(failing)).toEqual(Array(MAX_PER_USER).fill("missing"));
    expect(await outcome(asLearner("eva", async () => undefined))).toBe("drawn");
  });
});

describe("PdfPool", () => {
  const file = (data: Uint8Array, key: string): PdfFile => {
    const shared = new SharedArrayBuffer(data.byteLength);
    new Uint8Array(shared).set(data);
    return { key, data: shared };
  };
  const page = (data: Uint8Array, key: string): PdfTask => ({
    kind: "page",
    file: file(data, key),
    number: 1,
    width: 1080,
    format: "png",
  });

  /** A pool of one worker, warmed with a page so the next task starts at once; counts the workers it ends. */
  async function warmPool(deadlineMs: number) {
    const pool = new PdfPool(deadlineMs, 1);
    const ended = { count: 0 };
    pool.threads.on("workerDestroy", () => ended.count++);
    await pool.run(page(textPage(), "warm"));
    return { pool, ended };
  }

  it("terminates a worker past the deadline and answers the next task with a new one", async () => {
    const { pool, ended } = await warmPool(5000);
    expect(await outcome(pool.run(page(fillsPage(), "slow")))).toBe("timeout");
    expect(ended.count).toBe(1);
    expect(await outcome(pool.run(page(textPage(), "next")))).toBe("drawn");
    await pool.threads.destroy();
  });

  it("terminates the worker of a task whose client left", async () => {
    const { pool, ended } = await warmPool(15_000);
    const leaving = new AbortController();
    const slow = outcome(pool.run(page(fillsPage(), "slow"), leaving.signal));
    leaving.abort();
    expect(await slow).toBe("gone");
    expect(ended.count).toBe(1);
    await pool.threads.destroy();
  });
});
