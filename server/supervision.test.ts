import { describe, expect, it } from "vitest";
import { CRASH_LIMIT, crashCause, Crashes, restartDelayMs } from "./supervision";

describe("the launcher's supervision", () => {
  it("waits a little longer before each restart, up to 16 × the first wait (4 s by default)", () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((crashes) => restartDelayMs(crashes, 250))).toEqual([
      250, 500, 1_000, 2_000, 4_000, 4_000, 4_000,
    ]);
    expect([1, 2, 5, 6].map((crashes) => restartDelayMs(crashes, 20))).toEqual([20, 40, 320, 320]);
  });

  it("counts the crashes within the window only", () => {
    const crashes = new Crashes();
    expect(crashes.add(0)).toBe(1);
    expect(crashes.add(1_000)).toBe(2);
    expect(crashes.add(CRASH_LIMIT.windowMs + 500)).toBe(2);
    expect(crashes.add(CRASH_LIMIT.windowMs * 3)).toBe(1);
  });

  it("names the cause: out of memory, a kill, a signal, a thrown error, an exit nobody asked for", () => {
    const oom = "<--- Last few GCs --->\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n";
    expect(crashCause(null, "SIGABRT", oom)).toBe("out of memory (V8 heap past HEAP_MB)");
    expect(crashCause(134, null, oom)).toBe("out of memory (V8 heap past HEAP_MB)");
    expect(crashCause(null, "SIGKILL", "")).toMatch(/^killed \(SIGKILL/);
    expect(crashCause(null, "SIGSEGV", "")).toBe("killed by SIGSEGV");
    expect(crashCause(1, null, "file:///app/build/bin/serve.js:10\nTypeError: x is not a function\n    at y")).toBe(
      "exited with code 1: TypeError: x is not a function",
    );
    expect(crashCause(7, null, "")).toBe("exited with code 7");
    expect(crashCause(0, null, "")).toMatch(/nobody asked/);
  });
});
