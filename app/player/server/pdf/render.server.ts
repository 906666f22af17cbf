import { fileURLToPath } from "node:url";
import { getConfig } from "~/infra/config.server";
import { gaugeOf, slotsGaugeOf } from "~/infra/metrics.server";
import { PdfError } from "./failure.server";
import { RendererPool } from "./pool.server";

/**
 * The PDF renderers and who gets them: the pool of processes (pool.server.ts), the slots that
 * bound the work in flight (a download and a render each), and the fair share of each learner
 * (docs/decisions/051-pdf-renderers-under-prlimit.md).
 */

/** A task (reading a file's outline, drawing a page) past this is stopped: its renderer is killed. */
export const TASK_DEADLINE_MS = 15_000;
/** Work that may wait for a slot; past it, 503 with Retry-After. */
export const MAX_WAITING = 64;
/** Renders one learner may have running or waiting (past it, 429): a browser opens 6 connections to a host. */
export const MAX_PER_USER = 8;
/** A renderer's V8 heap: pdf.js's objects; decoded streams and canvases are in the process's data limit. */
const RENDERER_HEAP_MB = 128;
const RENDERER_IDLE_MS = 60_000;
/** A renderer resident with more than this share of its data limit after a task is replaced. */
const RECYCLE_SHARE = 0.6;
const RENDERER_NICE = 10;

/** The renderer bundle, next to the server build; when the sources run (vitest) its global setup builds it there. */
export const RENDERER_FILE = fileURLToPath(
  new URL(import.meta.url.endsWith(".ts") ? "../../../../build/bin/pdf-worker.js" : "./bin/pdf-worker.js", import.meta.url),
);

/** Renderers at once (PDF_RENDERERS), and what one learner may hold of them: half, at least one. */
export function rendererCounts(renderers = getConfig().PDF_RENDERERS) {
  return { renderers, share: Math.max(1, Math.floor(renderers / 2)) };
}

let pool: RendererPool | undefined;
/** Started on the first PDF, so a process that shows none starts no renderer. */
export function renderers(): RendererPool {
  if (pool) return pool;
  const { PDF_RENDERERS, PDF_RENDER_MEMORY_MB } = getConfig();
  const memoryBytes = PDF_RENDER_MEMORY_MB * 1024 * 1024;
  pool = new RendererPool({
    file: RENDERER_FILE,
    size: PDF_RENDERERS,
    deadlineMs: TASK_DEADLINE_MS,
    memoryBytes,
    heapMb: RENDERER_HEAP_MB,
    idleMs: RENDERER_IDLE_MS,
    recycleBytes: memoryBytes * RECYCLE_SHARE,
    nice: RENDERER_NICE,
  });
  return pool;
}

type Waiting = { learner: string; start: () => void };

/**
 * Slots for work that ends in a renderer (a download, then a task): `slots` at once, at most
 * `share` of them one learner's; when a slot frees, the learner holding the fewest (then the one
 * served longest ago) goes next, so a learner with a queue of bombs never stands between another
 * learner and a free renderer. With `maxWaiting` waiting, refuses ("busy"). A client that leaves
 * while it waits ("gone") is taken out of the queue at once.
 */
export class RenderSlots {
  private readonly waiting: Waiting[] = [];
  private readonly running = new Map<string, number>();
  private readonly lastStarted = new Map<string, number>();
  private busy = 0;
  private starts = 0;

  constructor(
    readonly slots: number,
    readonly share: number,
    readonly maxWaiting: number,
  ) {}

  get waitingCount() {
    return this.waiting.length;
  }

  get busyCount() {
    return this.busy;
  }

  run<T>(learner: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    if (signal?.aborted) return Promise.reject(new PdfError("gone"));
    const startsNow = this.busy < this.slots && (this.running.get(learner) ?? 0) < this.share;
    if (!startsNow && this.waiting.length >= this.maxWaiting) return Promise.reject(new PdfError("busy"));
    return new Promise<T>((resolve, reject) => {
      const entry: Waiting = {
        learner,
        start: () => {
          signal?.removeEventListener("abort", leave);
          this.busy++;
          this.running.set(learner, (this.running.get(learner) ?? 0) + 1);
          this.lastStarted.set(learner, ++this.starts);
          work()
            .then(resolve, reject)
            .finally(() => {
              this.busy--;
              const left = (this.running.get(learner) ?? 1) - 1;
              if (left > 0) this.running.set(learner, left);
              else this.running.delete(learner);
              this.pump();
              // Remembered while the learner has work here: their next one goes after those who waited.
              if (!this.running.has(learner) && !this.waiting.some((other) => other.learner === learner)) {
                this.lastStarted.delete(learner);
              }
            });
        },
      };
      const leave = () => {
        const at = this.waiting.indexOf(entry);
        if (at !== -1) this.waiting.splice(at, 1);
        if (!this.running.has(learner) && !this.waiting.some((other) => other.learner === learner)) {
          this.lastStarted.delete(learner);
        }
        reject(new PdfError("gone"));
      };
      signal?.addEventListener("abort", leave, { once: true });
      this.waiting.push(entry);
      this.pump();
    });
  }

  private pump() {
    while (this.busy < this.slots) {
      let next: Waiting | undefined;
      let best = [Infinity, Infinity];
      for (const entry of this.waiting) {
        const running = this.running.get(entry.learner) ?? 0;
        if (running >= this.share) continue;
        const rank = [running, this.lastStarted.get(entry.learner) ?? 0];
        if (rank[0]! < best[0]! || (rank[0] === best[0] && rank[1]! < best[1]!)) [next, best] = [entry, rank];
      }
      if (!next) return;
      this.waiting.splice(this.waiting.indexOf(next), 1);
      next.start();
    }
  }
}

let slots: RenderSlots | undefined;
const renderSlots = () => {
  if (slots) return slots;
  const { renderers: count, share } = rendererCounts();
  return (slots = new RenderSlots(count, share, MAX_WAITING));
};

slotsGaugeOf("academia_pdf_renders", "PDF renders running (busy renderers) and waiting for one", () => ({
  running: slots?.busyCount ?? 0,
  waiting: slots?.waitingCount ?? 0,
}));
gaugeOf("academia_pdf_renderers", "PDF renderer processes configured (PDF_RENDERERS)", () => rendererCounts().renderers);

/** Runs `work` (a download and a renderer task) for `learner` in one of the render slots (RenderSlots). */
export function withSlot<T>(learner: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  return renderSlots().run(learner, signal, work);
}

const perUser = new Map<string, number>();

/** Runs `work` for `user`, who may have MAX_PER_USER at once: past that, refuses ("userBusy"). */
export async function asLearner<T>(user: string, work: () => Promise<T>): Promise<T> {
  const count = perUser.get(user) ?? 0;
  if (count >= MAX_PER_USER) throw new PdfError("userBusy");
  perUser.set(user, count + 1);
  try {
    return await work();
  } finally {
    const left = (perUser.get(user) ?? 1) - 1;
    if (left === 0) perUser.delete(user);
    else perUser.set(user, left);
  }
}
