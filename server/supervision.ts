/**
 * The launcher's rules for a serving process that exits unexpectedly (server/start.ts, decision
 * 052): why it ended, how long to wait before starting it again, and when to give up.
 */

/** More crashes than `count` within `windowMs`: the launcher exits non-zero instead. */
export const CRASH_LIMIT = { count: 5, windowMs: 60_000 };

/**
 * The wait before the `crashes`-th restart within the window: `firstMs` (RESTART_DELAY_MS), short
 * so a learner barely notices, then doubled for each further crash up to 16 × (250 ms … 4 s).
 */
export function restartDelayMs(crashes: number, firstMs: number): number {
  return firstMs * 2 ** (Math.min(Math.max(crashes, 1), 5) - 1);
}

/** What ended the process, in words an operator can act on. */
export function crashCause(code: number | null, signal: NodeJS.Signals | null, stderrTail: string): string {
  if (/heap out of memory|Allocation failed/i.test(stderrTail)) return "out of memory (V8 heap past HEAP_MB)";
  if (signal === "SIGKILL") return "killed (SIGKILL: the kernel's out-of-memory killer, or an operator)";
  if (signal) return `killed by ${signal}`;
  const thrown = /^(\w*Error\b.*)$/m.exec(stderrTail)?.[1];
  if (code === 0) return "exited with code 0 though nobody asked it to stop";
  return thrown ? `exited with code ${code}: ${thrown}` : `exited with code ${code}`;
}

/** The crashes within the last window. */
export class Crashes {
  private readonly times: number[] = [];

  /** Records a crash at `now`; returns how many happened within the window, this one included. */
  add(now: number): number {
    this.times.push(now);
    while (this.times.length > 0 && (this.times[0] ?? now) <= now - CRASH_LIMIT.windowMs) this.times.shift();
    return this.times.length;
  }
}
