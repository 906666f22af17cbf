import { keptAfter, setAsideAfter, writeRetryDelayMs } from "~/domain/activity";
import type { ProgressReply, ProgressReport, SavedRecord } from "./types";

/**
 * The player's writes, one at a time and in order (started before update_time, finished last).
 * A write that fails for a reason that may pass stays at the head of the queue and is retried with
 * a growing delay until it lands: one that never reached the legacy API (network, upstream not
 * answering the connection) always, one that timed out or got a 5xx only when it is safe to repeat
 * (`keptAfter`: an `update_time` the legacy API may have added already is dropped rather than
 * counted twice). One the legacy API refused is dropped with its message shown, except a refused
 * `finished`, set aside until the learner asks to send it again (`setAsideAfter`). When the player
 * closes, what is left goes out with a beacon, or to the offline outbox once writes failed or a
 * finished was set aside.
 */
export type QueueStatus = {
  /** Writes sent or waiting. */
  pending: number;
  /** The head write failed and will be retried; what the learner is told. */
  failing: boolean;
  /** The last write the legacy API refused, with its message (may be empty). */
  refused: string | null;
  /** A refused `finished` waits for the learner's 'Reintentar'. */
  setAside: boolean;
};

export type QueueOptions = {
  send: (report: ProgressReport) => Promise<ProgressReply>;
  onSaved: (record: SavedRecord, report: ProgressReport) => void;
  onStatus: (status: QueueStatus) => void;
  onSession: (location: string) => void;
  delay?: (failures: number, retryAfterSeconds?: number) => number;
};

export class ProgressQueue {
  private readonly items: ProgressReport[] = [];
  private running = false;
  private inFlight = false;
  private closed = false;
  private held = false;
  private failures = 0;
  private refused: string | null = null;
  private aside: ProgressReport | null = null;
  private wake: (() => void) | null = null;
  private settled: ((unsent: ProgressReport[]) => void) | null = null;

  constructor(private readonly options: QueueOptions) {}

  push(report: ProgressReport) {
    if (this.closed) return;
    const last = this.items.at(-1);
    const waiting = last && !(this.inFlight && this.items.length === 1) ? last : null;
    if (report.action === "update_time" && waiting?.action === "update_time") {
      // Time waiting behind a failing write is merged, so a long outage sends one update_time.
      waiting.time = Math.round((waiting.time + report.time) * 100) / 100;
    } else if (report.action === "update_user_data" && waiting?.action === "update_user_data") {
      // User data replaces what was saved before, so only the newest of those waiting is worth sending.
      this.items[this.items.length - 1] = report;
    } else {
      this.items.push(report);
    }
    this.emit();
    void this.run();
  }

  /** Shows the learner a write that cannot be saved though it was never sent (too large to take). */
  refuse(message: string) {
    this.refused = message;
    this.emit();
  }

  /** Retries a failing write now instead of waiting for its turn, and sends a finished set aside again. */
  retryNow() {
    const aside = this.aside;
    if (aside && !this.closed) {
      this.aside = null;
      this.refused = null;
      this.push(aside);
      return;
    }
    this.wake?.();
  }

  /** Takes a refused `finished` kept on the device (the outbox) from an earlier visit: it waits for 'Reintentar' again. */
  setAside(report: ProgressReport) {
    this.aside = report;
    // Its message was not kept: the generic one is shown.
    this.refused ??= "";
    this.emit();
  }

  /** The refused `finished` set aside, if any: never sent on its own, kept with the writes not confirmed. */
  asideWrite(): ProgressReport | null {
    return this.aside;
  }

  /**
   * Holds new writes instead of sending them, while the player or the page closes: what the
   * content commits as it is torn down then leaves with the rest, in order, in one beacon.
   */
  hold() {
    this.held = true;
  }

  /** Sends again after `hold` (the page came back from the back/forward cache). */
  resume() {
    this.held = false;
    void this.run();
  }

  /**
   * Hands over the writes not sent yet (for a beacon when the page is hidden for good); the queue
   * goes on with new ones if the page comes back.
   */
  takeWaiting(): ProgressReport[] {
    const waiting = this.items.splice(this.inFlight ? 1 : 0);
    this.emit();
    return waiting;
  }

  /** Stops the queue; returns the writes that were not sent yet, for a beacon. */
  close(): ProgressReport[] {
    this.closed = true;
    this.wake?.();
    return this.inFlight ? this.items.slice(1) : [...this.items];
  }

  /** Stops the queue once the write in flight is answered; resolves with the writes not confirmed, for the outbox. */
  settle(): Promise<ProgressReport[]> {
    this.closed = true;
    this.wake?.();
    if (!this.inFlight) return Promise.resolve([...this.items]);
    return new Promise((resolve) => (this.settled = resolve));
  }

  /** The writes not confirmed yet, in order, the one in flight first. */
  unconfirmed(): ProgressReport[] {
    return [...this.items];
  }

  private emit() {
    this.options.onStatus({
      pending: this.items.length,
      failing: this.failures > 0,
      refused: this.refused,
      setAside: this.aside !== null,
    });
  }

  private async run() {
    if (this.running) return;
    this.running = true;
    while (!this.closed && !this.held && this.items.length > 0) {
      const report = this.items[0] as ProgressReport;
      this.inFlight = true;
      const reply = await this.options
        .send(report)
        .catch((): ProgressReply => ({ ok: false, error: "unavailable", message: "" }));
      this.inFlight = false;
      if (this.closed) {
        if (reply.ok) this.items.shift();
        this.settled?.([...this.items]);
        break;
      }
      if (reply.ok) {
        this.items.shift();
        this.failures = 0;
        // A finished set aside keeps its message until it is sent again.
        if (!this.aside) this.refused = null;
        this.options.onSaved(reply.record, report);
      } else if (reply.error === "session") {
        this.closed = true;
        this.options.onSession(reply.location);
      } else if (keptAfter(reply.error, report)) {
        this.failures += 1;
        this.emit();
        const retryAfter = reply.error === "busy" ? reply.retryAfter : 0;
        await this.pause((this.options.delay ?? writeRetryDelayMs)(this.failures, retryAfter));
        continue;
      } else {
        this.items.shift();
        this.failures = 0;
        if (setAsideAfter(reply.error, report)) this.aside = report;
        if (reply.error !== "unconfirmed") this.refused = reply.message;
      }
      this.emit();
    }
    this.running = false;
  }

  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      this.wake = null;
    });
  }
}
