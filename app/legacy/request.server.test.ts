import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { delay, getResponse, http, HttpResponse, type RequestHandler } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod/v4";
import { login } from "./auth.server";
import { isTransient, legacyRequest, LegacyError, MAX_REPLY_BYTES, retry, jitteredBackoffMs } from "./request.server";
import type * as RequestModule from "./request.server";

/**
 * A real HTTP server answering with msw handlers: the client is undici's `request`, which msw's
 * interceptors do not see, and a real socket is what a timeout, a reset or a large body needs.
 * `HttpResponse.error()` resets the connection; a request no handler answers fails the test.
 */
let handlers: RequestHandler[] = [];
const unhandled: string[] = [];
const server = {
  use: (...added: RequestHandler[]) => handlers.unshift(...added),
  resetHandlers: () => (handlers = []),
};
/** Replies written straight to the socket by path, past msw (which keeps a copy of every body it passes on). */
const raw = new Map<string, (outgoing: ServerResponse) => void>();
const legacy = createServer(async (incoming, outgoing) => {
  const write = raw.get(incoming.url ?? "");
  if (write) return write(outgoing);
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const request = new Request(`http://${incoming.headers.host}${incoming.url}`, {
    method: incoming.method,
    headers: Object.entries(incoming.headers).flatMap(([name, value]): [string, string][] =>
      typeof value === "string" ? [[name, value]] : [],
    ),
    body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
  });
  const response = await getResponse(handlers, request);
  if (!response) {
    unhandled.push(`${incoming.method} ${incoming.url}`);
    return outgoing.writeHead(500).end();
  }
  if (response.type === "error") return incoming.socket.destroy();
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  const reader = response.body?.getReader();
  if (reader) for (let read = await reader.read(); !read.done; read = await reader.read()) outgoing.write(read.value);
  outgoing.end();
});
let base = "";
// The client's first call here (msw's handling, undici's first connection) took past the tests'
// 1.5 s deadline in a busy CI run: this file's deadline is 5 s, the deadline tests set their own.
process.env.LEGACY_TIMEOUT_MS = "5000";
beforeAll(async () => {
  await new Promise<void>((resolve) => legacy.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(legacy.address() as AddressInfo).port}/v1/api`;
  process.env.LEGACY_API_URL = base;
});
afterEach(() => {
  server.resetHandlers();
  raw.clear();
  expect(unhandled.splice(0)).toEqual([]);
});
afterAll(() => {
  legacy.closeAllConnections();
  legacy.close();
});

/** `run` with the client as a fresh module reading `env` (its configuration is read once, at its first call). */
async function withClient<T>(env: Record<string, string>, run: (client: typeof RequestModule) => Promise<T>) {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  vi.resetModules();
  try {
    return await run(await import("./request.server"));
  } finally {
    Object.assign(process.env, saved);
  }
}

const ctx = { locale: "es" as const, token: "secret-token" };
const ping = () => legacyRequest(ctx, { method: "GET", path: "/ping", schema: z.object({ ok: z.boolean() }) });

async function failure(promise: Promise<unknown>): Promise<LegacyError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof LegacyError)) throw new Error(`expected a LegacyError, got ${String(error)}`);
  return error;
}

describe("legacyRequest", () => {
  it("sends the application key, the bearer token and the locale", async () => {
    let seen: Headers | undefined;
    server.use(
      http.get(`${base}/ping`, ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(ping()).resolves.toEqual({ ok: true });
    expect(seen?.get("x-app-key")).toBe("test-app-key-0123");
    expect(seen?.get("authorization")).toBe("Bearer secret-token");
    expect(seen?.get("accept-language")).toBe("es");
  });

  it("maps 401 to the unauthorized hook when there is one", async () => {
    server.use(http.get(`${base}/ping`, () => HttpResponse.json({ message: "Unauthenticated." }, { status: 401 })));
    const error = await failure(ping());
    expect(error).toMatchObject({ kind: "unauthorized", serverMessage: "Unauthenticated." });
    const hook = vi.fn(async () => new Response(null, { status: 302, headers: { Location: "/login" } }));
    const thrown = await legacyRequest(
      { ...ctx, onUnauthorized: hook },
      { method: "GET", path: "/ping", schema: z.unknown() },
    ).catch((reason: unknown) => reason);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/login");
  });

  it("keeps the server's message for 402", async () => {
    server.use(http.get(`${base}/ping`, () => HttpResponse.json({ message: "Usuario bloqueado" }, { status: 402 })));
    expect(await failure(ping())).toMatchObject({ kind: "refused", status: 402, serverMessage: "Usuario bloqueado" });
  });

  it("keeps field errors for 422", async () => {
    server.use(
      http.get(`${base}/ping`, () =>
        HttpResponse.json({ message: "invalid", errors: { email: ["Correo no válido", "otro"] } }, { status: 422 }),
      ),
    );
    expect(await failure(ping())).toMatchObject({
      kind: "invalid",
      fieldErrors: { email: ["Correo no válido", "otro"] },
    });
  });

  it.each([
    ["a 500", () => HttpResponse.json({ message: "stack trace here" }, { status: 500 })],
    ["a garbage body", () => new HttpResponse("{not json", { headers: { "Content-Type": "application/json" } })],
    ["a body of the wrong shape", () => HttpResponse.json({ ok: "yes" })],
    ["an empty body", () => new HttpResponse(null, { status: 200 })],
  ])("maps %s to unavailable without leaking the server text", async (_name, resolver) => {
    server.use(http.get(`${base}/ping`, resolver));
    const error = await failure(ping());
    expect(error.kind).toBe("unavailable");
    expect(error.serverMessage).toBe("");
  });

  it("gives up after the timeout", async () => {
    server.use(
      http.get(`${base}/ping`, async () => {
        await delay(6000);
        return HttpResponse.json({ ok: true });
      }),
    );
    expect(await failure(ping())).toMatchObject({ kind: "unavailable", status: 504 });
  });

  it("maps a network error to unavailable", async () => {
    server.use(http.get(`${base}/ping`, () => HttpResponse.error()));
    expect(await failure(ping())).toMatchObject({ kind: "unavailable", status: 502 });
  });

  it("gives up on a body that stops half way", async () => {
    server.use(
      http.get(
        `${base}/ping`,
        () =>
          new HttpResponse(new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{"ok":')) })),
      ),
    );
    expect(await failure(ping())).toMatchObject({ kind: "unavailable", status: 504 });
  });

  it.each([
    ["declared", true],
    ["chunked", false],
  ])("refuses a reply over MAX_REPLY_BYTES, its length %s", async (_name, declared) => {
    // 256 kB at a time, the same bytes, written straight: the cap is met well inside the deadline.
    const piece = Buffer.alloc(256 * 1024, "x");
    const count = Math.ceil(MAX_REPLY_BYTES / piece.length) + 1;
    raw.set("/v1/api/ping", (outgoing) => {
      outgoing.writeHead(200, declared ? { "Content-Length": String(count * piece.length) } : {});
      for (let sent = 0; sent < count && !outgoing.destroyed; sent++) outgoing.write(piece);
      outgoing.end();
    });
    // A deadline of 5 s: on a busy machine the 4 MiB must still meet the cap before the deadline.
    const error = await withClient({ LEGACY_TIMEOUT_MS: "5000" }, (client) =>
      client.legacyRequest(ctx, { method: "GET", path: "/ping", schema: z.unknown() }).catch((reason: unknown) => reason),
    );
    expect(error).toMatchObject({ kind: "unavailable", status: 502 });
  });

  it("does not follow a redirect", async () => {
    const followed = vi.fn(() => HttpResponse.json({ ok: true }));
    server.use(
      http.get(`${base}/ping`, () => new HttpResponse(null, { status: 302, headers: { Location: `${base}/elsewhere` } })),
      http.get(`${base}/elsewhere`, followed),
    );
    expect(await failure(ping())).toMatchObject({ kind: "unavailable", status: 302 });
    expect(followed).not.toHaveBeenCalled();
  });

  it("sends a FormData body as multipart, its file whole", async () => {
    let received: File | undefined;
    server.use(
      http.post(`${base}/upload`, async ({ request }) => {
        received = (await request.formData()).get("file") as File;
        return HttpResponse.json({ ok: true });
      }),
    );
    const body = new FormData();
    body.set("file", new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" }), "photo.png");
    await legacyRequest(ctx, { method: "POST", path: "/upload", body, schema: z.object({ ok: z.boolean() }) });
    expect(received?.name).toBe("photo.png");
    expect([...new Uint8Array(await received!.arrayBuffer())]).toEqual([137, 80, 78, 71]);
  });

  it("tells a refused connection apart: the call never left", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { error, LegacyUnreached } = await withClient(
      { LEGACY_API_URL: `http://127.0.0.1:${port}/v1/api` },
      async (client) => ({
        error: await client
          .legacyRequest(ctx, { method: "POST", path: "/ping", body: { a: 1 }, schema: z.unknown() })
          .catch((reason: unknown) => reason),
        LegacyUnreached: client.LegacyUnreached,
      }),
    );
    expect(error).toBeInstanceOf(LegacyUnreached);
  });
});

describe("retries", () => {
  const counting = (method: "get" | "post", reply: () => Response) => {
    const calls: number[] = [];
    server.use(
      http[method](`${base}/ping`, () => {
        calls.push(performance.now());
        return reply();
      }),
    );
    return calls;
  };

  it("tries a failing GET three times in all, with jittered waits", async () => {
    const calls = counting("get", () => HttpResponse.json({ message: "down" }, { status: 503 }));
    expect(await failure(ping())).toMatchObject({ kind: "unavailable" });
    expect(calls).toHaveLength(3);
  });

  it("recovers when a retry succeeds", async () => {
    let failures = 1;
    const calls = counting("get", () => (failures-- > 0 ? HttpResponse.error() : HttpResponse.json({ ok: true })));
    await expect(ping()).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it("never retries a refusal, a validation error or a 401", async () => {
    for (const status of [401, 402, 422]) {
      const calls = counting("get", () => HttpResponse.json({ message: "no" }, { status }));
      await failure(ping());
      expect(calls).toHaveLength(1);
    }
  });

  it("never retries a POST", async () => {
    const calls = counting("post", () => HttpResponse.json({ message: "down" }, { status: 500 }));
    await failure(legacyRequest(ctx, { method: "POST", path: "/ping", body: { a: 1 }, schema: z.unknown() }));
    expect(calls).toHaveLength(1);
  });

  it("stays inside one LEGACY_TIMEOUT_MS deadline", async () => {
    const calls: number[] = [];
    server.use(
      http.get(`${base}/ping`, async () => {
        calls.push(performance.now());
        await delay(300);
        return HttpResponse.json({ message: "down" }, { status: 500 });
      }),
    );
    const error = await withClient({ LEGACY_TIMEOUT_MS: "500" }, (client) =>
      client.legacyRequest(ctx, { method: "GET", path: "/ping", schema: z.unknown() }).catch((reason: unknown) => reason),
    );
    expect(error).toMatchObject({ kind: "unavailable" });
    // A deadline per try would let all three 300 ms tries run; one shared 500 ms leaves room for two at most.
    expect(calls.length).toBeLessThan(3);
  });

  it("waits a random share of 100 ms, then of 200 ms", () => {
    expect(jitteredBackoffMs(0, () => 0)).toBe(0);
    expect(jitteredBackoffMs(0, () => 0.999)).toBeLessThanOrEqual(100);
    expect(jitteredBackoffMs(1, () => 0.5)).toBe(100);
    expect(jitteredBackoffMs(1, () => 0.999)).toBeLessThanOrEqual(200);
  });

  it("throws what onUnavailable returns once the retries are spent", async () => {
    counting("get", () => HttpResponse.json({ message: "down" }, { status: 500 }));
    const marker = new Response(null, { status: 503 });
    const thrown = await legacyRequest(
      { ...ctx, onUnavailable: () => marker },
      { method: "GET", path: "/ping", schema: z.unknown() },
    ).catch((reason: unknown) => reason);
    expect(thrown).toBe(marker);
  });
});

describe("isTransient", () => {
  it("holds for no answer, a timeout and a 5xx, never for an answer", () => {
    for (const status of [502, 504, 500, 503, 200]) {
      expect(isTransient(new LegacyError("unavailable", status, ""))).toBe(true);
    }
    for (const failure of [
      new LegacyError("unavailable", 404, ""),
      new LegacyError("unavailable", 405, ""),
      new LegacyError("refused", 402, "Bloqueado"),
      new LegacyError("invalid", 422, ""),
      new LegacyError("unauthorized", 401, ""),
      new Response(null, { status: 302 }),
      new Error("bug"),
    ]) {
      expect(isTransient(failure)).toBe(false);
    }
  });
});

describe("retry", () => {
  const unavailable = () => new LegacyError("unavailable", 500, "");
  const later = (ms: number) => performance.now() + ms;

  it("retries a transient failure after the wait and returns the first success", async () => {
    const task = vi.fn().mockRejectedValueOnce(unavailable()).mockResolvedValueOnce("saved");
    const started = performance.now();
    await expect(retry(task, { attempts: 3, delayMs: 100, deadline: later(5000) })).resolves.toBe("saved");
    expect(task).toHaveBeenCalledTimes(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });

  it("makes at most `attempts` tries, then throws the last failure", async () => {
    const last = unavailable();
    const task = vi.fn().mockRejectedValueOnce(unavailable()).mockRejectedValueOnce(unavailable()).mockRejectedValueOnce(last);
    await expect(retry(task, { attempts: 3, delayMs: 10, deadline: later(5000) })).rejects.toBe(last);
    expect(task).toHaveBeenCalledTimes(3);
  });

  it("does not retry what retrying cannot fix (a missing extension's 404, a refusal, a redirect)", async () => {
    for (const failure of [
      new LegacyError("unavailable", 404, ""),
      new LegacyError("refused", 402, "Bloqueado"),
      new Response(null, { status: 302 }),
    ]) {
      const task = vi.fn().mockRejectedValue(failure);
      await expect(retry(task, { attempts: 3, delayMs: 10, deadline: later(5000) })).rejects.toBe(failure);
      expect(task).toHaveBeenCalledTimes(1);
    }
  });

  it("starts no try the wait would push past the deadline, and does not wait for it", async () => {
    // With the timers faked and never advanced, a retry that waited would never settle.
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const task = vi.fn().mockRejectedValue(unavailable());
      await expect(retry(task, { attempts: 3, delayMs: 280, deadline: later(300) })).rejects.toBeInstanceOf(LegacyError);
      expect(task).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("passes the retry's number to a delay function", async () => {
    const delays = vi.fn(() => 1);
    await retry(vi.fn().mockRejectedValue(unavailable()), { attempts: 3, delayMs: delays, deadline: later(5000) }).catch(
      () => undefined,
    );
    expect(delays.mock.calls).toEqual([[0], [1]]);
  });
});

describe("sign-in replies", () => {
  it("normalise the user and its aliases", async () => {
    server.use(
      http.post(`${base}/auth/login`, () =>
        HttpResponse.json({
          access_token: "tok",
          user: {
            id: "7",
            first_name: "Ana",
            last_name: "Martínez",
            workposition: { id: 2, name: "Auditora" },
            is_leader: 0,
            welcome: "1",
            photo_media: null,
          },
        }),
      ),
    );
    const result = await login({ locale: "es" }, { email: "ana", password: "secret1" });
    expect(result.accessToken).toBe("tok");
    expect(result.user).toMatchObject({
      id: 7,
      fullName: "Ana Martínez",
      workPosition: { id: 2, name: "Auditora" },
      isLeader: false,
      welcome: true,
      photoUrl: null,
    });
  });

  it("are refused without an access token (spec §5)", async () => {
    server.use(http.post(`${base}/auth/login`, () => HttpResponse.json({ user: { id: 1 } })));
    expect((await failure(login({ locale: "es" }, { email: "ana", password: "secret1" }))).kind).toBe("unavailable");
  });
});
