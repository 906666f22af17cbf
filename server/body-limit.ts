import type { IncomingMessage } from "node:http";
import { Transform, type Readable } from "node:stream";
import { parse as parseCookies } from "cookie";
import type { RequestHandler } from "express";
import { FILE_ROUTES, MAX_UPLOAD_BYTES } from "../app/lib/upload-rules";
import { SCORM_DATA_LIMITS } from "../app/player/scorm-package";
import type { CostRate, MemoryBudget, OpenCounter } from "./budget";
import { refuse } from "./refusal";
import { routeOf } from "./route-of";

/**
 * Request bodies are bounded before any route reads them, counting the bytes as they arrive
 * (a declared Content-Length only lets a too-large body be refused sooner; chunked or lying
 * bodies are cut at the limit). A page takes only what a browser's form sends: URL-encoded
 * fields, or multipart on the routes that take files; anything else is 415.
 */
export const FORM_BODY_LIMIT = 64 * 1024;
/**
 * Room around a file: the form's text fields (64 KiB, app/infra/upload.server.ts), the framing, and
 * what a parser reads ahead before it decides; the upload route answers before this cap is reached.
 */
const UPLOAD_FORM_ROOM = 1024 * 1024;
/**
 * The activity player posts its writes as FormData (fetch and sendBeacon send multipart): no file.
 * Its largest field, SCORM data, is at most 512 Ki characters (SCORM_DATA_LIMITS), up to 3 bytes
 * each in UTF-8, plus framing.
 */
const PLAYER_WRITES_LIMIT = 3 * SCORM_DATA_LIMITS.text + 16 * 1024;
const PLAYER_WRITES = "/activity-progress";
/** After an early answer, how much of the rest of a body is read and dropped, and for how long (drainThenClose). */
const DRAIN_BYTES = 8 * 1024 * 1024;
const DRAIN_MS = 2000;

/**
 * What parsing a body can build in memory beside its bytes, per byte: a player write's SCORM data
 * is read here and again by the route (FormData), then as JSON, in UTF-16, and sent on as JSON
 * (measured: tests/serial/abuse.test.ts); a form's fields are read once.
 */
const PARSE_FACTOR = { playerWrites: 6, form: 3 };
/** What the largest body the edge reads whole is charged: a learner's share must take it. */
export const MAX_BODY_COST = PLAYER_WRITES_LIMIT * PARSE_FACTOR.playerWrites;

export type BodyVerdict =
  /**
   * `upload`: a file route's body, streamed to its route, which has its own slots and time limits
   * (app/infra/upload.server.ts); any other body is read here whole first. `cost`: the memory the
   * body is charged (server/budget.ts), 0 for an upload, whose slots bound its memory.
   */
  | { ok: true; limit: number; boundary: string | null; upload: boolean; cost: number }
  | { ok: false; refusal: "badRequest" | "tooLarge" | "unsupported" };

/** A multipart body's boundary, from its Content-Type (quoted or not); null when absent or invalid. */
export function boundaryOf(contentType: string): string | null {
  const boundary = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))(?:;|\s*$)/i.exec(contentType);
  return boundary?.[1] ?? boundary?.[2] ?? null;
}

export function bodyVerdict(path: string, contentType: string | undefined, declaredLength: number | null): BodyVerdict {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  const route = routeOf(path);
  const fileRoute = (FILE_ROUTES as readonly string[]).includes(route);
  const multipartLimit = fileRoute ? MAX_UPLOAD_BYTES + UPLOAD_FORM_ROOM : route === PLAYER_WRITES ? PLAYER_WRITES_LIMIT : null;
  const multipart = type === "multipart/form-data" && multipartLimit !== null;
  const limit = multipart ? multipartLimit : FORM_BODY_LIMIT;
  // Size first: nothing this large is taken here, whatever its type says. An upload route reads
  // the start itself, to answer with its form and what was typed (only the count cuts it).
  const readsItsOwnStart = multipart && fileRoute;
  if (declaredLength !== null && declaredLength > limit && !readsItsOwnStart) return { ok: false, refusal: "tooLarge" };
  if (!multipart && type !== "application/x-www-form-urlencoded") return { ok: false, refusal: "unsupported" };
  const bytes = declaredLength ?? limit;
  if (!multipart) return { ok: true, limit, boundary: null, upload: false, cost: bytes * PARSE_FACTOR.form };
  const boundary = boundaryOf(contentType ?? "");
  if (!boundary) return { ok: false, refusal: "badRequest" };
  if (fileRoute) return { ok: true, limit, boundary, upload: true, cost: 0 };
  return { ok: true, limit, boundary, upload: false, cost: bytes * PARSE_FACTOR.playerWrites };
}

export class BodyTooLarge extends Error {
  constructor(limit: number) {
    super(`request body over ${limit} bytes`);
    this.name = "BodyTooLarge";
  }
}

export class MalformedBody extends Error {
  constructor() {
    super("multipart body without its opening or closing boundary");
    this.name = "MalformedBody";
  }
}

export class BodyIdle extends Error {
  constructor(idleMs: number) {
    super(`no byte of the body for ${idleMs} ms`);
    this.name = "BodyIdle";
  }
}

export type BodyRefusal = "badRequest" | "tooLarge" | "timeout";

type CountOptions = {
  limit: number;
  boundary: string | null;
  /**
   * Read the whole body at once and hand it on whole, failing (BodyIdle) when no byte arrives for
   * this long; null streams it as its route reads it (the upload routes, which have their own
   * limits and may leave a body unread while they wait for a slot).
   */
  idleMs: number | null;
};

/**
 * The body as a stream that fails once `limit` bytes have passed (BodyTooLarge), or, for a
 * multipart one, when it does not open with its boundary or ends before the closing one
 * (MalformedBody): the garbage and truncated bodies a route's parser would fail on with a 500.
 * With `idleMs`, the body is read at once and whole, and one that stops arriving fails (BodyIdle).
 */
export function countedBody(
  body: Readable,
  { limit, boundary, idleMs }: CountOptions,
  onRefused: (refusal: BodyRefusal) => void,
): Readable {
  const hold = idleMs !== null;
  const held: Buffer[] = [];
  const opening = boundary === null ? null : Buffer.from(`--${boundary}\r\n`);
  const closing = boundary === null ? null : Buffer.from(`--${boundary}--`);
  let received = 0;
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  const malformed = (done: (error: Error) => void) => {
    onRefused("badRequest");
    done(new MalformedBody());
  };
  let idle: NodeJS.Timeout | undefined;
  const watch = () => {
    if (idleMs === null) return;
    clearTimeout(idle);
    idle = setTimeout(() => {
      onRefused("timeout");
      counter.destroy(new BodyIdle(idleMs));
    }, idleMs);
  };
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      watch();
      received += chunk.length;
      if (received > limit) {
        onRefused("tooLarge");
        return done(new BodyTooLarge(limit));
      }
      if (opening && closing) {
        if (head.length < opening.length) {
          head = Buffer.concat([head, chunk]).subarray(0, opening.length);
          if (!opening.subarray(0, head.length).equals(head)) return malformed(done);
        }
        // The closing boundary may be followed by a line break (what browsers send) or an epilogue.
        tail = Buffer.concat([tail, chunk]).subarray(-(closing.length + 64));
      }
      if (hold) held.push(chunk);
      done(null, hold ? undefined : chunk);
    },
    flush(done) {
      clearTimeout(idle);
      if (opening && closing && (head.length < opening.length || !tail.includes(closing))) return malformed(done);
      done(null, hold ? Buffer.concat(held) : undefined);
    },
  });
  // A client that leaves mid-body: `pipe` would leave the counted stream (and the route reading it) waiting forever.
  body.once("close", () => {
    if (!body.readableEnded) counter.destroy(new Error("request aborted"));
  });
  counter.once("close", () => clearTimeout(idle));
  watch();
  return body.pipe(counter);
}

/**
 * Once an answer is sent before the whole body was read (a refusal, an upload route stopping at
 * its limit), what the client still sends is read and dropped so it sees the answer (a socket
 * closed with unread data resets, and the client may lose the answer): past `limit` bytes the
 * connection is half-closed and nothing more is read, and DRAIN_MS after the answer it is cut, like
 * nginx's lingering close.
 */
export function drainThenClose(req: IncomingMessage, limit = DRAIN_BYTES) {
  if (req.complete) return;
  let dropped = 0;
  const timer = setTimeout(() => req.socket.destroy(), DRAIN_MS);
  req.unpipe();
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped <= limit) return;
    req.pause();
    if (!req.socket.writableEnded) req.socket.end();
  });
  req.on("end", () => clearTimeout(timer));
  req.socket.on("close", () => clearTimeout(timer));
  req.resume();
}

const bodies = new WeakMap<IncomingMessage, Readable>();

/** The counted body server/serve.ts hands to Remix; null for GET and HEAD. */
export function bodyOf(req: IncomingMessage): Readable | null {
  return bodies.get(req) ?? null;
}

/** The limits the edge applies to every body, beside its size and type. */
export type BodyLimits = {
  /** Memory in flight: the process's budget and the learner's and address's shares of it. */
  budget: MemoryBudget;
  /** The same charges over time, per learner (or address without a session). */
  rate: CostRate;
  /** Bodies still arriving, per client address. */
  unfinished: OpenCounter;
  /** No byte for this long: 408 (every route but the upload routes, which have their own). */
  idleMs: number;
  /** The session cookie's name, whose value names the learner a body is charged to. */
  sessionCookie: string;
};

/**
 * The edge's body rule. `abort` is called when a body turns out too large, malformed or stalled
 * while a route reads it, so Remix drops that request without logging an error (the answer here
 * is a 413, 400 or 408).
 */
export function bodyLimit(abort: (req: IncomingMessage) => void, limits: BodyLimits): RequestHandler {
  return async (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const declared = req.get("Content-Length");
    // A POST without a body (a bare fetch, a test client) is an empty form, not an unknown type.
    const bodyless = (declared === undefined || declared === "0") && !req.get("Transfer-Encoding");
    if (bodyless && !req.get("Content-Type")) req.headers["content-type"] = "application/x-www-form-urlencoded";
    const verdict = bodyVerdict(req.path, req.get("Content-Type"), declared === undefined ? null : Number(declared));
    if (!verdict.ok) return void refuse(req, res, verdict.refusal);
    // The address server/serve.ts resolved (TRUST_PROXY): a proxy's clients are told apart.
    const address = req.ip ?? "unknown";
    const leave = req.complete ? () => undefined : limits.unfinished.enter(address);
    if (!leave) return void refuse(req, res, "tooMany", { "Retry-After": "2" });
    req.once("end", leave);
    req.once("close", leave);
    const learner = parseCookies(req.get("Cookie") ?? "")[limits.sessionCookie] ?? null;
    const wait = await limits.rate.spend(learner === null ? `a:${address}` : `l:${learner}`, verdict.cost);
    if (wait !== null) {
      leave();
      return void refuse(req, res, "tooMany", { "Retry-After": String(wait) });
    }
    const charge = limits.budget.charge(verdict.cost, learner, address);
    if (!charge.ok) {
      leave();
      return void refuse(req, res, charge.over === "total" ? "busy" : "tooMany", {
        "Retry-After": String(charge.retryAfterSeconds),
      });
    }
    res.once("close", charge.release);
    const options = { ...verdict, idleMs: verdict.upload ? null : limits.idleMs };
    bodies.set(
      req,
      countedBody(req, options, (refusal) => {
        abort(req);
        void refuse(req, res, refusal, refusal === "timeout" ? { Connection: "close" } : {});
      }),
    );
    next();
  };
}
