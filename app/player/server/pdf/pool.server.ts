import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { setPriority } from "node:os";
import { log } from "~/infra/log.server";
import { PdfError } from "./failure.server";
import { MAX_DOCUMENTS } from "./limits.server";
import type { PdfOutline, PdfTask, RendererMessage, RendererRequest } from "./worker.server";

/**
 * The PDF renderers: child processes, each started as `prlimit --data=<bytes> -- node <bundle>`,
 * so the kernel caps all of a renderer's memory (pdf.js's heap, decoded streams, Skia's canvases),
 * not only V8's heap. A renderer takes one task at a time; one past its deadline, or whose every
 * client left, is killed (SIGKILL); one that dies (out of memory, a crash, killed) fails only its
 * task and is replaced. Written here rather than taken from a library: see
 * docs/decisions/051-pdf-renderers-under-prlimit.md.
 */

export type PoolOptions = {
  /** The renderer's bundle (build/bin/pdf-worker.js). */
  file: string;
  /** Renderers at most. */
  size: number;
  /** A task not answered by then is stopped and its renderer killed. */
  deadlineMs: number;
  /** Each renderer's data limit (prlimit --data), in bytes: its heap, buffers and canvases. */
  memoryBytes: number;
  /** Each renderer's V8 old space, in MiB: pdf.js's objects collected early, well inside memoryBytes. */
  heapMb: number;
  /** A renderer idle this long exits; the next task starts another. */
  idleMs: number;
  /** A renderer still resident with more than this after a task is replaced, so the next starts with room. */
  recycleBytes: number;
  /** Renderers run niced (Linux), so the serving process gets the CPU first. */
  nice: number;
};

type Job = {
  id: number;
  task: PdfTask;
  resolve: (value: PdfOutline | Uint8Array) => void;
  reject: (error: PdfError) => void;
  settled: boolean;
  renderer: Renderer | null;
  /** Clears the job's deadline and its client's listener. */
  done: () => void;
};

type Renderer = {
  child: ChildProcess;
  ready: boolean;
  /** Killed or let go: takes no task and is removed when it exits. */
  leaving: "killed" | "idle" | "recycled" | null;
  job: Job | null;
  /** The files last sent to it, oldest first: a task for one of them goes without the bytes. */
  known: string[];
  idleTimer: NodeJS.Timeout | undefined;
  /** The end of what it wrote to stderr (a crash's last words). */
  stderr: string;
};

const STDERR_KEPT = 2000;
const CAPPED = process.platform === "linux";
let warnedUncapped = false;
/** When the machine or the container runs out of memory, the kernel kills a renderer first, never the serving process. */
const OOM_SCORE_ADJ = 500;

export class RendererPool {
  private readonly renderers = new Set<Renderer>();
  private readonly waiting: Job[] = [];
  private lastId = 0;
  private closed = false;

  constructor(private readonly options: PoolOptions) {}

  /** The renderers' process ids (tests, and the tests' memory samples). */
  get pids(): number[] {
    return [...this.renderers].flatMap(({ child }) => (child.pid ? [child.pid] : []));
  }

  /**
   * The task's value; a refusal, the deadline ("timeout"), `signal` (the client left: "gone") or a
   * renderer that died ("tooComplex") as a PdfError.
   */
  run<T extends PdfOutline | Uint8Array>(task: PdfTask, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted || this.closed) return Promise.reject(new PdfError("gone"));
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        id: ++this.lastId,
        task,
        resolve: resolve as (value: PdfOutline | Uint8Array) => void,
        reject,
        settled: false,
        renderer: null,
        done: () => {},
      };
      const deadline = setTimeout(() => this.stop(job, "timeout"), this.options.deadlineMs);
      const leave = () => this.stop(job, "gone");
      signal?.addEventListener("abort", leave, { once: true });
      job.done = () => {
        clearTimeout(deadline);
        signal?.removeEventListener("abort", leave);
      };
      this.waiting.push(job);
      this.dispatch();
    });
  }

  /** Kills every renderer; for tests and shutdown. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) this.settle(job, new PdfError("gone"));
    const exits = [...this.renderers].map(
      (renderer) =>
        new Promise<void>((done) => (renderer.child.exitCode !== null ? done() : renderer.child.once("exit", () => done()))),
    );
    for (const renderer of this.renderers) this.kill(renderer);
    await Promise.all(exits);
  }

  private settle(job: Job, outcome: PdfError | PdfOutline | Uint8Array) {
    if (job.settled) return;
    job.settled = true;
    job.done();
    if (outcome instanceof PdfError) job.reject(outcome);
    else job.resolve(outcome);
  }

  /** A job past its deadline or whose client left: out of the queue, or its renderer killed. */
  private stop(job: Job, reason: "timeout" | "gone") {
    const at = this.waiting.indexOf(job);
    if (at !== -1) this.waiting.splice(at, 1);
    if (job.renderer) this.kill(job.renderer);
    this.settle(job, new PdfError(reason));
  }

  private kill(renderer: Renderer) {
    renderer.leaving ??= "killed";
    renderer.child.kill("SIGKILL");
  }

  private dispatch() {
    while (this.waiting.length > 0 && !this.closed) {
      const job = this.waiting[0];
      if (!job) return;
      const renderer = this.free(job.task.file.key) ?? (this.renderers.size < this.options.size ? this.start() : null);
      if (!renderer) return;
      this.waiting.shift();
      job.renderer = renderer;
      renderer.job = job;
      clearTimeout(renderer.idleTimer);
      if (renderer.ready) this.send(renderer);
    }
  }

  /** A renderer without a task: one that has the file parsed, else a ready one, else one starting. */
  private free(key: string): Renderer | undefined {
    const free = [...this.renderers].filter((renderer) => !renderer.job && !renderer.leaving);
    return (
      free.find((renderer) => renderer.ready && renderer.known.includes(key)) ??
      free.find((renderer) => renderer.ready) ??
      free[0]
    );
  }

  private send(renderer: Renderer) {
    const job = renderer.job;
    if (!job) return;
    const { key } = job.task.file;
    const known = renderer.known.includes(key);
    renderer.known = [...renderer.known.filter((other) => other !== key), key].slice(-MAX_DOCUMENTS);
    const task: PdfTask = known ? { ...job.task, file: { key } } : job.task;
    renderer.child.send({ id: job.id, task } satisfies RendererRequest, (error) => {
      if (error) this.kill(renderer);
    });
  }

  private start(): Renderer {
    const { file, memoryBytes, heapMb, nice } = this.options;
    // Only what a renderer needs: it reads untrusted files, and the serving process's secrets stay
    // there. One task at a time needs few threads: each thread's stack and malloc arena count in the
    // data limit (~50 MiB fewer at rest with one libuv thread, one V8 helper and two arenas).
    const env: NodeJS.ProcessEnv = {
      PDF_RENDERER: "1",
      NODE_ENV: process.env.NODE_ENV,
      UV_THREADPOOL_SIZE: "1",
      MALLOC_ARENA_MAX: "2",
    };
    for (const name of ["PATH", "HOME", "LANG", "TZ"]) {
      const value = process.env[name];
      if (value !== undefined) env[name] = value;
    }
    const node = [process.execPath, `--max-old-space-size=${heapMb}`, "--v8-pool-size=1", file];
    // prlimit is Linux's (util-linux); elsewhere (a developer's Mac) the renderers run uncapped.
    if (!CAPPED && !warnedUncapped) {
      warnedUncapped = true;
      log.warn("pdf pages: renderers run without a memory cap (prlimit is Linux's)");
    }
    const [command = "prlimit", ...args] = CAPPED ? ["prlimit", `--data=${memoryBytes}`, "--", ...node] : node;
    const child: ChildProcess = spawn(command, args, {
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      serialization: "advanced",
      env,
    });
    const renderer: Renderer = { child, ready: false, leaving: null, job: null, known: [], idleTimer: undefined, stderr: "" };
    this.renderers.add(renderer);
    // prlimit executes node in its own process: the pid is the renderer's.
    if (child.pid) {
      try {
        setPriority(child.pid, nice);
        writeFileSync(`/proc/${child.pid}/oom_score_adj`, String(OOM_SCORE_ADJ));
      } catch {
        // Not Linux, or not permitted: the renderers then share the CPU and the OOM killer's choice evenly.
      }
    }
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      renderer.stderr = (renderer.stderr + chunk).slice(-STDERR_KEPT);
    });
    child.on("message", (message: RendererMessage) => this.received(renderer, message));
    child.on("exit", (code, signal) => this.exited(renderer, code, signal));
    child.on("error", (error) => {
      // Not started at all (no prlimit, no node): there is no exit to wait for.
      if (child.pid === undefined) {
        log.error("pdf pages: cannot start a renderer", { error: String(error) });
        this.exited(renderer, null, null);
      }
    });
    // A pool of idle renderers never keeps the serving process from exiting.
    child.unref();
    child.channel?.unref();
    (child.stderr as { unref?: () => void } | null)?.unref?.();
    return renderer;
  }

  private received(renderer: Renderer, message: RendererMessage) {
    if (message.type === "ready") {
      renderer.ready = true;
      if (renderer.job) this.send(renderer);
      else this.idle(renderer);
      this.dispatch();
      return;
    }
    const job = renderer.job;
    if (!job || job.id !== message.id || renderer.leaving) return;
    const { answer } = message;
    if ("needsFile" in answer) {
      // It let the file go (its cache's time ran out): the same task again, with the bytes.
      renderer.known = renderer.known.filter((key) => key !== job.task.file.key);
      this.send(renderer);
      return;
    }
    renderer.job = null;
    job.renderer = null;
    if (answer.ok) this.settle(job, answer.value);
    else {
      if (answer.limit) log.warn("pdf pages: render budget spent", { limit: answer.limit });
      this.settle(job, new PdfError(answer.reason));
    }
    if (message.rss > this.options.recycleBytes) {
      renderer.leaving = "recycled";
      renderer.child.disconnect();
    } else this.idle(renderer);
    this.dispatch();
  }

  private idle(renderer: Renderer) {
    clearTimeout(renderer.idleTimer);
    renderer.idleTimer = setTimeout(() => {
      if (renderer.job || renderer.leaving) return;
      renderer.leaving = "idle";
      renderer.child.disconnect();
    }, this.options.idleMs);
    renderer.idleTimer.unref();
  }

  private exited(renderer: Renderer, code: number | null, signal: NodeJS.Signals | null) {
    if (!this.renderers.delete(renderer)) return;
    clearTimeout(renderer.idleTimer);
    const job = renderer.job;
    if (job && !job.settled) {
      // Out of memory under its cap, a crash: only this task fails, as a page that cannot be drawn.
      log.warn("pdf pages: renderer died", { code, signal, stderr: renderer.stderr.trim().slice(-500) });
      this.settle(job, new PdfError("tooComplex"));
    }
    // One that died or was killed is replaced at once (one that never started is not: it would again).
    const replace = renderer.ready && renderer.leaving !== "idle" && !this.closed;
    if (replace && this.renderers.size < this.options.size) {
      const next = this.start();
      this.idle(next);
    }
    this.dispatch();
  }
}
