import { fileURLToPath } from "node:url";
import pLimit from "p-limit";
import Piscina from "piscina";
import { log } from "~/infra/log.server";
import { PdfError } from "./failure.server";
import type { PdfAnswer, PdfOutline, PdfTask } from "./worker.server";

/** A task (reading a file's outline, drawing a page) past this is stopped: its worker is terminated. */
const TASK_DEADLINE_MS = 15_000;
/** Reads and renders at once, each with its download: the pool's threads and the files in memory. */
export const MAX_RUNNING = 2;
export const MAX_WAITING = 64;
/** Renders one learner may have running or waiting: a browser opens 6 connections to a host. */
export const MAX_PER_USER = 8;
/** A worker's JavaScript heap: pdf.js's objects (canvases and decoded streams are native, bounded by the caps). */
const WORKER_HEAP_MB = 128;
const WORKER_IDLE_MS = 60_000;
/** Workers run niced (Linux), so the serving thread gets the CPU first when they are busy. */
const WORKER_NICE = 10;

/** The worker bundle, next to the server build; when the sources run (vitest) its global setup builds it there. */
const WORKER_FILE = fileURLToPath(
  new URL(import.meta.url.endsWith(".ts") ? "../../../../build/bin/pdf-worker.js" : "./bin/pdf-worker.js", import.meta.url),
);

/** Worker threads that run PdfTasks, each within `deadlineMs` and a heap limit; a task stopped takes its worker with it. */
export class PdfPool {
  readonly threads: Piscina<PdfTask, PdfAnswer<PdfOutline | Uint8Array>>;
  constructor(
    private readonly deadlineMs: number,
    maxThreads: number,
  ) {
    this.threads = new Piscina({
      filename: WORKER_FILE,
      minThreads: 0,
      maxThreads,
      idleTimeout: WORKER_IDLE_MS,
      niceIncrement: WORKER_NICE,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    });
  }

  /** The task's value; a refusal, the deadline, `signal` (the client left) or a dead worker as a PdfError. */
  async run<T extends PdfOutline | Uint8Array>(task: PdfTask, signal?: AbortSignal): Promise<T> {
    const deadline = AbortSignal.timeout(this.deadlineMs);
    let answer: PdfAnswer<PdfOutline | Uint8Array>;
    try {
      answer = await this.threads.run(task, { signal: signal ? AbortSignal.any([deadline, signal]) : deadline });
    } catch (error) {
      if (signal?.aborted) throw new PdfError("gone");
      if (deadline.aborted) throw new PdfError("timeout");
      // Past its heap limit the worker dies (ERR_WORKER_OUT_OF_MEMORY); piscina starts another.
      log.warn("pdf pages: worker died", { error: String(error) });
      throw new PdfError("tooComplex");
    }
    if (!answer.ok) throw new PdfError(answer.reason);
    return answer.value as T;
  }
}

let pool: PdfPool | undefined;
/** Started on the first PDF, so a process that shows none starts no worker. */
export const workers = () => (pool ??= new PdfPool(TASK_DEADLINE_MS, MAX_RUNNING));

const slots = pLimit(MAX_RUNNING);
/** Waiting work whose client left: p-limit cannot take it out of its queue, so it no longer counts as waiting. */
let abandoned = 0;

/**
 * Runs `work` (a download and a worker task) in one of MAX_RUNNING slots; with MAX_WAITING
 * clients already waiting, refuses ("busy"). A client that leaves while it waits ("gone") frees
 * its place at once; its turn, when it comes, does nothing.
 */
export function withSlot<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  if (signal?.aborted) return Promise.reject(new PdfError("gone"));
  if (slots.pendingCount - abandoned >= MAX_WAITING) return Promise.reject(new PdfError("busy"));
  return new Promise<T>((resolve, reject) => {
    let left = false;
    const leave = () => {
      left = true;
      abandoned++;
      reject(new PdfError("gone"));
    };
    signal?.addEventListener("abort", leave, { once: true });
    void slots(async () => {
      signal?.removeEventListener("abort", leave);
      if (left) abandoned--;
      else await work().then(resolve, reject);
    });
  });
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
