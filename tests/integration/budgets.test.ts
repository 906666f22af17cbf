import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { largestWrite } from "../../bench/lib/abuse.mjs";
import { type MockServer, startMockServer } from "../../mock";
import { type App, TEST_SECRETS, ensureBuilt, send, startBuiltApp, stopApp } from "./built-app";

/**
 * Issue #26 items 1 and 2 at a small scale, against the built server over real HTTP: memory in
 * flight charged to the learner, the client address and the process (429 / 503 with
 * Retry-After, JSON for the player, a page in the user's language for forms), bodies that stop
 * arriving (408), bodies arriving at once per address, and the process's connection cap. The same
 * attacks at the red team's sizes are tests/serial/abuse.test.ts.
 */
const BUDGET_MB = 32;
const BUDGET = BUDGET_MB * 1024 * 1024;
/** server/body-limit.ts: a player write is charged six times its declared length. */
const WRITE_FACTOR = 6;

let mock: MockServer;
const apps: App[] = [];
const sockets: Socket[] = [];

async function start(env: Record<string, string>) {
  const app = await startBuiltApp({ LEGACY_API_URL: mock.url, FILES_HOST_URL: mock.origin, ...env });
  apps.push(app);
  return app;
}

type Stalled = { socket: Socket; answer: Promise<string> };

/**
 * A request whose head and first bytes are sent and whose body then stops, from `localAddress`;
 * `answer` is what the server sent (whole) by the time it closed the connection or `settle` ms passed.
 */
function stall(
  app: App,
  {
    path,
    headers,
    first,
    localAddress = "127.0.0.1",
  }: { path: string; headers: Record<string, string>; first: string; localAddress?: string },
): Promise<Stalled> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port: app.port, localAddress }, () => {
      const head = Object.entries({ Host: `127.0.0.1:${app.port}`, ...headers })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("");
      socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n${first}`);
      const chunks: Buffer[] = [];
      socket.on("data", (chunk: Buffer) => chunks.push(chunk));
      const answer = new Promise<string>((done) => socket.on("close", () => done(Buffer.concat(chunks).toString())));
      // The server has read the head once it answers or a moment has passed.
      setTimeout(() => resolve({ socket, answer }), 150);
    });
    socket.on("error", reject);
    sockets.push(socket);
  });
}

/** A new session of the learner (a new sealed cookie, so a learner of its own to the edge's budget). */
async function sessionOf(app: App): Promise<string> {
  const response = await fetch(`${app.origin}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "email=ana.martinez%40academia.test&password=Academia2026%21",
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("academia=")) ?? "";
  return cookie.slice("academia=".length).split(";")[0] ?? "";
}

/**
 * A signed-in player write of `declared` bytes, stalled after its first part (its route waits for
 * the rest): charged `WRITE_FACTOR × declared`.
 */
const stalledWrite = (app: App, cookie: string, declared: number, localAddress?: string) =>
  stall(app, {
    path: "/activity-progress",
    headers: {
      "Content-Type": "multipart/form-data; boundary=b",
      "Content-Length": String(declared),
      Accept: "application/json",
      Cookie: `academia=${cookie}`,
    },
    first: '--b\r\nContent-Disposition: form-data; name="activity"\r\n\r\n1\r\n',
    localAddress,
  });

/** What the server answered at once, before closing the connection or not (headers and body). */
async function answerNow({ socket, answer }: Stalled): Promise<string> {
  const early = await Promise.race([answer, new Promise<null>((done) => setTimeout(() => done(null), 300))]);
  if (early !== null) return early;
  socket.destroy();
  return answer;
}

const statusOf = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
const bodyOf = (raw: string) => raw.slice(raw.indexOf("\r\n\r\n") + 4);

beforeAll(async () => {
  ensureBuilt();
  mock = await startMockServer({ port: 0, appKey: TEST_SECRETS.LEGACY_APP_KEY });
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(apps.map(stopApp));
  await mock?.close();
});

describe("memory in flight (#26 item 1)", () => {
  let app: App;
  beforeAll(async () => {
    app = await start({
      BODY_BUDGET_MB: String(BUDGET_MB),
      BODY_IDLE_TIMEOUT_MS: "5000",
      MAX_UNFINISHED_BODIES_PER_CLIENT: "4",
      INSECURE_COOKIES: "1",
    });
    sessions = [];
    for (let i = 0; i < 8; i++) sessions.push(await sessionOf(app));
  });
  let sessions: string[];

  it("refuses a learner's write past their share (a third of the budget) with 429, Retry-After and the player's JSON; another learner is served", async () => {
    const [a = "", b = ""] = sessions;
    const first = await stalledWrite(app, a, 1_000_000);
    const second = await answerNow(await stalledWrite(app, a, 1_000_000));
    expect(statusOf(second)).toBe(429);
    expect(second).toMatch(/\r\nretry-after: 2\r\n/i);
    expect(JSON.parse(bodyOf(second))).toMatchObject({ ok: false, error: "busy", retryAfter: 2 });
    expect(JSON.parse(bodyOf(second)).message).toContain("Espera unos segundos");
    const other = await stalledWrite(app, b, 1_000_000);
    expect(await answerNow(other)).toBe("");
    first.socket.destroy();
  });

  it("refuses anyone past the process's budget with 503 and a longer Retry-After: a page in the user's language for a form, JSON for the player", async () => {
    // Five writes of 6 MB from three addresses (each under its share) and one that leaves 2 bytes of the budget.
    const plan = [
      { address: "127.0.0.2", declared: 1_000_000 },
      { address: "127.0.0.2", declared: 1_000_000 },
      { address: "127.0.0.3", declared: 1_000_000 },
      { address: "127.0.0.3", declared: 1_000_000 },
      { address: "127.0.0.4", declared: 1_000_000 },
      { address: "127.0.0.4", declared: Math.floor((BUDGET - 5 * WRITE_FACTOR * 1_000_000) / WRITE_FACTOR) },
    ];
    const held: Stalled[] = [];
    for (const [index, { address, declared }] of plan.entries())
      held.push(await stalledWrite(app, sessions[index] ?? "", declared, address));
    const last = sessions[7] ?? "";
    const write = await answerNow(await stalledWrite(app, last, 100, "127.0.0.5"));
    expect(statusOf(write)).toBe(503);
    expect(write).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(JSON.parse(bodyOf(write))).toMatchObject({ ok: false, error: "busy", retryAfter: 5 });
    const form = await answerNow(
      await stall(app, {
        path: "/login",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "100", "Accept-Language": "en" },
        first: "email=a",
        localAddress: "127.0.0.6",
      }),
    );
    expect(statusOf(form)).toBe(503);
    expect(bodyOf(form)).toContain("Academia is very busy");
    expect(bodyOf(form)).toContain("Reference code:");
    for (const stalled of held) stalled.socket.destroy();
    // Given back when those requests end: the same write is taken now.
    await new Promise((done) => setTimeout(done, 200));
    const again = await stalledWrite(app, last, 100, "127.0.0.5");
    expect(await answerNow(again)).toBe("");
  });
});

describe("memory over time (#26 item 1)", () => {
  it("takes two of the largest player writes from a learner in 10 s and refuses the third with 429 and the wait", async () => {
    const app = await start({ INSECURE_COOKIES: "1" });
    const cookie = `academia=${await sessionOf(app)}`;
    const write = largestWrite();
    const send = async () => {
      const response = await fetch(`${app.origin}/activity-progress`, {
        method: "POST",
        headers: { "Content-Type": write.contentType, Cookie: cookie, Accept: "application/json" },
        body: write.body,
      });
      return { status: response.status, retryAfter: Number(response.headers.get("Retry-After")), body: await response.json() };
    };
    expect((await send()).status).not.toBe(429);
    expect((await send()).status).not.toBe(429);
    const third = await send();
    expect(third.status).toBe(429);
    expect(third.retryAfter).toBeGreaterThanOrEqual(1);
    expect(third.retryAfter).toBeLessThanOrEqual(10);
    expect(third.body).toMatchObject({ ok: false, error: "busy", retryAfter: third.retryAfter });
    // Another learner is not held back.
    const other = await fetch(`${app.origin}/activity-progress`, {
      method: "POST",
      headers: { "Content-Type": write.contentType, Cookie: `academia=${await sessionOf(app)}`, Accept: "application/json" },
      body: write.body,
    });
    expect(other.status).not.toBe(429);
  });
});

describe("requests in flight (MAX_REQUESTS_IN_FLIGHT)", () => {
  it("holds 8 at once, 4 of them from one address: past its share 429, past the total 503, each with Retry-After and the page in Spanish; /healthz still answers", async () => {
    // A legacy API that takes 1.5 s per call keeps every home in its loaders while the next ones arrive.
    const slow = await startMockServer({ port: 0, appKey: TEST_SECRETS.LEGACY_APP_KEY, latencyMs: 1_500 });
    try {
      const app = await start({ LEGACY_API_URL: slow.url, MAX_REQUESTS_IN_FLIGHT: "8", INSECURE_COOKIES: "1" });
      const cookie = `academia=${await sessionOf(app)}`;
      const home = (localAddress: string) =>
        send(app.port, { method: "GET", path: "/", headers: { Cookie: cookie, "Accept-Language": "es" }, localAddress });
      const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

      const first = Array.from({ length: 5 }, () => home("127.0.0.2"));
      await pause(300);
      const second = Array.from({ length: 4 }, () => home("127.0.0.3"));
      await pause(300);
      const busy = await home("127.0.0.4");
      expect(busy.status).toBe(503);
      expect(busy.headers["retry-after"]).toBe("5");
      expect(busy.body).toContain("Academia está muy ocupada");
      // Probes are not counted: a liveness probe refused under load would get the process restarted.
      expect((await send(app.port, { method: "GET", path: "/healthz", localAddress: "127.0.0.4" })).status).toBe(200);

      const statuses = (await Promise.all(first)).map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      expect((await Promise.all(second)).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      const tooMany = (await Promise.all(first)).find((answer) => answer.status === 429);
      expect(tooMany?.headers["retry-after"]).toBe("2");
      expect(tooMany?.body).toContain("Demasiados envíos a la vez");
      // Given back as each one is drawn: the address refused at the total is served now.
      expect((await home("127.0.0.4")).status).toBe(200);
    } finally {
      await slow.close();
    }
  }, 30_000);
});

describe("bodies that stop or pile up (#26 item 2)", () => {
  it("answers a form whose body stops arriving for BODY_IDLE_TIMEOUT_MS with 408 in the user's language and closes the connection", async () => {
    const app = await start({ BODY_IDLE_TIMEOUT_MS: "300" });
    const started = performance.now();
    const { answer } = await stall(app, {
      path: "/login",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "60000" },
      first: "email=a",
    });
    const raw = await answer;
    expect(statusOf(raw)).toBe(408);
    expect(raw).toMatch(/\r\nconnection: close\r\n/i);
    expect(bodyOf(raw)).toContain("El envío se detuvo");
    expect(performance.now() - started).toBeLessThan(3000);
    expect(app.logs.filter((line) => line.includes('"level":"error"'))).toEqual([]);
  });

  it("takes MAX_UNFINISHED_BODIES_PER_CLIENT bodies arriving at once from an address, refuses the next with 429, and serves another address", async () => {
    const app = await start({ MAX_UNFINISHED_BODIES_PER_CLIENT: "2", BODY_IDLE_TIMEOUT_MS: "5000" });
    const slow = {
      path: "/login",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "60000" },
      first: "email=a",
    };
    const held = [await stall(app, slow), await stall(app, slow)];
    const third = await answerNow(await stall(app, slow));
    expect(statusOf(third)).toBe(429);
    expect(third).toMatch(/\r\nretry-after: 2\r\n/i);
    expect(bodyOf(third)).toContain("Demasiados envíos a la vez");
    const elsewhere = await stall(app, { ...slow, localAddress: "127.0.0.9" });
    expect(await answerNow(elsewhere)).toBe("");
    for (const stalled of held) stalled.socket.destroy();
  });

  it("behind a proxy, tells clients apart by the address TRUST_PROXY names", async () => {
    const app = await start({ MAX_UNFINISHED_BODIES_PER_CLIENT: "1", BODY_IDLE_TIMEOUT_MS: "5000", TRUST_PROXY: "1" });
    const slow = (client: string) => ({
      path: "/login",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "60000", "X-Forwarded-For": client },
      first: "email=a",
    });
    const held = await stall(app, slow("203.0.113.7"));
    expect(statusOf(await answerNow(await stall(app, slow("203.0.113.7"))))).toBe(429);
    expect(await answerNow(await stall(app, slow("198.51.100.4")))).toBe("");
    held.socket.destroy();
  });

  it("closes an address's connections past MAX_CONNECTIONS_PER_CLIENT at once, and serves another address", async () => {
    const app = await start({ MAX_CONNECTIONS_PER_CLIENT: "8" });
    const open = await Promise.all(
      Array.from(
        { length: 8 },
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connect({ port: app.port, host: "127.0.0.1", localAddress: "127.0.0.3" }, () => resolve(socket));
            socket.on("error", () => undefined);
            sockets.push(socket);
          }),
      ),
    );
    await new Promise((done) => setTimeout(done, 100));
    const answerFrom = (localAddress: string) =>
      new Promise<string>((resolve) => {
        const socket = connect({ port: app.port, host: "127.0.0.1", localAddress }, () =>
          socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
        );
        socket.on("error", () => undefined);
        const chunks: Buffer[] = [];
        socket.on("data", (chunk: Buffer) => chunks.push(chunk));
        socket.on("close", () => resolve(Buffer.concat(chunks).toString()));
      });
    expect(await answerFrom("127.0.0.3")).toBe("");
    expect(statusOf(await answerFrom("127.0.0.4"))).toBe(200);
    for (const socket of open) socket.destroy();
    await new Promise((done) => setTimeout(done, 100));
    expect(statusOf(await answerFrom("127.0.0.3"))).toBe(200);
  });

  it("closes connections past MAX_CONNECTIONS at once, and takes new ones when some close", async () => {
    const app = await start({ MAX_CONNECTIONS: "16" });
    const open = await Promise.all(
      Array.from(
        { length: 16 },
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connect(app.port, "127.0.0.1", () => resolve(socket));
            // The server may reset the ones it closes.
            socket.on("error", () => undefined);
            sockets.push(socket);
          }),
      ),
    );
    await new Promise((done) => setTimeout(done, 100));
    // A raw connection: fetch would try again on a connection closed before any answer.
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(app.port, "127.0.0.1", () => socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
      socket.on("error", () => undefined);
      const chunks: Buffer[] = [];
      socket.on("data", (chunk: Buffer) => chunks.push(chunk));
      socket.on("close", () => resolve(Buffer.concat(chunks).toString()));
    });
    expect(refused).toBe("");
    for (const socket of open) socket.destroy();
    await new Promise((done) => setTimeout(done, 100));
    expect((await fetch(`${app.origin}/healthz`)).status).toBe(200);
  });
});
