import pLimit from "p-limit";
import { slotsGaugeOf } from "./metrics.server";

/**
 * Turns to render a document, a few at a time and in the order asked (decision 063). Rendering is
 * CPU work on the one event loop, and Node accepts one new connection per turn of that loop: fifty
 * renders interleaved made every turn long and kept new clients waiting seconds to be let in.
 */
export type RenderTurns = {
  /**
   * Runs `render` in its turn. The turn ends when it calls `done`, when `signal` aborts (its client
   * left: a render React stops then may never report itself done) or after `limitMs`, whichever is first.
   */
  take(signal: AbortSignal, render: (done: () => void) => void): void;
  readonly rendering: number;
  readonly waiting: number;
};

export function renderTurns(atOnce: number, limitMs: number): RenderTurns {
  const limit = pLimit(atOnce);
  return {
    take(signal, render) {
      void limit(
        () =>
          new Promise<void>((end) => {
            const done = () => {
              clearTimeout(timer);
              signal.removeEventListener("abort", done);
              end();
            };
            const timer = setTimeout(done, limitMs);
            signal.addEventListener("abort", done);
            render(done);
          }),
      );
    },
    get rendering() {
      return limit.activeCount;
    },
    get waiting() {
      return limit.pendingCount;
    },
  };
}

/** Renders at once: enough that one waiting on a lazy module leaves the loop work, few enough to keep its turns short. */
const RENDERS_AT_ONCE = 4;

/** The documents of this process (app/entry.server.tsx); `limitMs` is React's own abort delay. */
export function documentTurns(limitMs: number): RenderTurns {
  const turns = renderTurns(RENDERS_AT_ONCE, limitMs);
  slotsGaugeOf("academia_document_renders", "Documents rendering (RENDERS_AT_ONCE at most) and waiting for their turn", () => ({
    running: turns.rendering,
    waiting: turns.waiting,
  }));
  return turns;
}
