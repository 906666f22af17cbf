import { describe, expect, it, vi } from "vitest";
import { buildSsoQuery } from "../../server/sso";
import { caught, cookiesOf, form, get, signedInCookie, withLegacy } from "./helpers";

/**
 * Issue #7 'Security' through the loaders and actions: rate limits, honeypots, session values,
 * logout replay, and loaders that never write. (Headers, cookie flags in production and logs are
 * checked against the built server in server.test.ts.)
 */
const mock = withLegacy();
const keys = { key: process.env.SSO_AES_KEY ?? "", iv: process.env.SSO_AES_IV ?? "" };
const learner = { email: "ana.martinez@academia.test", password: "Academia2026!" };
/** The account whose counter the per-account test uses up (the learner signs in elsewhere). */
const leader = { email: "carlos.ruiz@academia.test", password: "Academia2026!" };
let ipCounter = 0;
/** Every test gets its own client IPs, so the in-memory counters of one never block another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

function from(ip: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: form(fields),
    headers: { "x-academia-client-ip": ip, ...headers },
  });
}

type Reply = { data: { error?: Record<string, string[]>; initialValue?: Record<string, string> }; init: { status: number; headers?: Record<string, string> } };

async function login(ip: string, email: string, password: string, headers: Record<string, string> = {}) {
  const { action } = await import("~/routes/_guest.login");
  return action({ request: from(ip, "/login", { email, password }, headers), params: {}, context: {} });
}

describe("login attempts", () => {
  it("allow 10 wrong passwords a minute from one IP, then answer 429 and keep the user", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const reply = (await login(ip, `nobody${i}@academia.test`, "wrong-password")) as unknown as Reply;
      expect(reply.init.status).toBe(400);
    }
    const blocked = (await login(ip, learner.email, learner.password)) as unknown as Reply;
    expect(blocked.init.status).toBe(429);
    expect(blocked.init.headers?.["Retry-After"]).toMatch(/^\d+$/);
    expect(blocked.data.error?.[""]).toEqual(["Demasiados intentos. Espera un minuto e inténtalo de nuevo."]);
    expect(blocked.data.initialValue?.email).toBe(learner.email);
    expect(blocked.data.initialValue?.password).toBeUndefined();
    // Another IP is not affected.
    expect(((await login(freshIp(), learner.email, learner.password)) as Response).status).toBe(302);
  });

  it("allow 10 wrong passwords a minute on one account from any IPs, then 429 in the user's language", async () => {
    for (let i = 0; i < 10; i++) await login(freshIp(), leader.email, "wrong-password");
    const { localeCookie } = await import("~/lib/i18next.server");
    const english = { Cookie: await localeCookie.serialize("en") };
    const blocked = (await login(freshIp(), leader.email.toUpperCase(), leader.password, english)) as unknown as Reply;
    expect(blocked.init.status).toBe(429);
    expect(blocked.data.error?.[""]).toEqual(["Too many attempts. Wait a minute and try again."]);
  });

  it("are spent before the legacy API answers: 40 parallel wrong passwords on one account get at most 10 tries", async () => {
    mock().setFaults({ latencyMs: 300 });
    try {
      const account = "paralelo@academia.test";
      const replies = (await Promise.all(
        Array.from({ length: 40 }, () => login(freshIp(), account, "wrong-password")),
      )) as unknown as Reply[];
      const statuses = replies.map((reply) => reply.init.status);
      expect(statuses.filter((status) => status === 400)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    } finally {
      mock().setFaults({ latencyMs: 0 });
    }
  });

  it("do not count successful sign-ins", async () => {
    const ip = freshIp();
    for (let i = 0; i < 12; i++) expect(((await login(ip, learner.email, learner.password)) as Response).status).toBe(302);
  });
});

describe("recovery", () => {
  const recovery = () => import("~/routes/_guest.recovery._index");
  const outboxSize = async () =>
    ((await (await fetch(`${mock().origin}/__mock/outbox`)).json()) as { messages: unknown[] }).messages.length;

  it("sends 10 links a minute for one account, then answers 429 and keeps the address", async () => {
    const { action } = await recovery();
    for (let i = 0; i < 10; i++) {
      await action({ request: from(freshIp(), "/recovery", { email: learner.email }), params: {}, context: {} });
    }
    expect(await outboxSize()).toBe(10);
    const blocked = (await action({
      request: from(freshIp(), "/recovery", { email: learner.email }),
      params: {},
      context: {},
    })) as unknown as { data: { result: Reply["data"] }; init: Reply["init"] };
    expect(blocked.init.status).toBe(429);
    expect(blocked.data.result.error?.[""]).toEqual(["Demasiados intentos. Espera un minuto e inténtalo de nuevo."]);
    expect(blocked.data.result.initialValue?.email).toBe(learner.email);
    expect(await outboxSize()).toBe(10);
  });

  it("drops a filled honeypot quietly: the usual success, no e-mail", async () => {
    const { action } = await recovery();
    const reply = await action({
      request: from(freshIp(), "/recovery", { email: learner.email, website: "http://spam.example" }),
      params: {},
      context: {},
    });
    expect(reply).toMatchObject({ sentTo: learner.email });
    expect(await outboxSize()).toBe(0);
  });
});

describe("contact honeypot", () => {
  it("drops a filled honeypot quietly: the usual success, nothing sent", async () => {
    const { action } = await import("~/routes/_guest.contact");
    const fields = {
      submission_id: crypto.randomUUID(),
      name: "Bot",
      phone: "5512345678",
      email: "bot@example.com",
      comment: "Compra ya este producto milagroso, oferta limitada",
      website: "http://spam.example",
    };
    const reply = await action({ request: from(freshIp(), "/contact", fields), params: {}, context: {} });
    expect(reply).toMatchObject({ sent: true, message: "¡Tu comentario ha sido enviado con éxito!" });
    const received = (await (await fetch(`${mock().origin}/__mock/contact_messages`)).json()) as { messages: unknown[] };
    expect(received.messages).toHaveLength(0);
  });
});

describe("SSO", () => {
  const welcome = async (ip: string, query: string) => {
    const { loader } = await import("~/routes/_guest.welcome");
    const request = new Request(`http://localhost/welcome?${query}`, { headers: { "x-academia-client-ip": ip } });
    return loader({ request, params: {}, context: {} });
  };

  it("fails every bad input alike in status, body and timing", async () => {
    const inputs = [
      buildSsoQuery({ email: "nadie@academia.test" }, keys),
      buildSsoQuery({ email: learner.email, expires: "1" }, keys),
      "email=AAAA",
      "email=%%%",
      "data=not-base64!",
    ];
    const results = await Promise.all(
      inputs.map(async (query) => {
        const started = performance.now();
        const reply = (await welcome(freshIp(), query)) as unknown as { data: unknown; init: { status: number } };
        return { body: JSON.stringify([reply.data, reply.init.status]), ms: performance.now() - started };
      }),
    );
    expect(new Set(results.map((r) => r.body))).toEqual(new Set([JSON.stringify([{ ssoFailed: true, tooMany: false }, 400])]));
    const times = results.map((r) => r.ms);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(1150);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(300);
  });

  it("answers 429 after 10 failures a minute from one IP", async () => {
    const ip = freshIp();
    await Promise.all(Array.from({ length: 10 }, () => welcome(ip, "email=AAAA")));
    const blocked = (await welcome(ip, buildSsoQuery({ email: learner.email }, keys))) as unknown as {
      data: unknown;
      init: { status: number };
    };
    expect(blocked.init.status).toBe(429);
    expect(blocked.data).toEqual({ ssoFailed: false, tooMany: true });
  });

  it("makes a new session value on every sign-in", async () => {
    const query = buildSsoQuery({ email: learner.email }, keys);
    const first = cookiesOf((await welcome(freshIp(), query)) as Response);
    const second = cookiesOf((await welcome(freshIp(), query)) as Response);
    expect(first).toMatch(/academia=/);
    expect(first).not.toBe(second);
  });
});

describe("session", () => {
  it("gets a new value on every password sign-in", async () => {
    const values = new Set(await Promise.all([signedInCookie(), signedInCookie(), signedInCookie()]));
    expect(values.size).toBe(3);
  });

  it("no longer works when replayed after logout (the legacy token is revoked)", async () => {
    const cookie = await signedInCookie();
    const { action } = await import("~/routes/logout");
    const out = (await action({
      request: new Request("http://localhost/logout", { method: "POST", headers: { Cookie: cookie } }),
      params: {},
      context: {},
    })) as Response;
    expect(out.headers.get("Location")).toBe("/login");
    const { loader } = await import("~/routes/_app");
    const replay = await caught(loader({ request: get("/", cookie), params: {}, context: {} }));
    expect(replay.headers.get("Location")).toBe("/login");
  });
});

describe("loaders", () => {
  const modules = import.meta.glob<{ loader?: (args: unknown) => unknown }>("../../app/routes/*.{ts,tsx}");

  it("never send a writing call to the legacy API", async () => {
    const cookie = await signedInCookie();
    const writes: string[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
      if (url.startsWith(mock().url) && method !== "GET") writes.push(`${method} ${url.slice(mock().url.length)}`);
      return realFetch(input, init);
    });
    const params = { slug: "ruta-inicial", activity: "1", id: "1", token: "abcdefgh", "*": "media/x.png" };
    let loaders = 0;
    for (const [path, load] of Object.entries(modules)) {
      const { loader } = await load();
      if (!loader) continue;
      loaders++;
      const url = path.includes("welcome") ? "/welcome" : "/";
      await Promise.resolve(loader({ request: get(url, cookie), params, context: {} })).catch(() => undefined);
    }
    expect(loaders).toBeGreaterThan(25);
    // The one read that the legacy API exposes as a POST: checking a recovery token.
    expect(writes.filter((write) => write !== "POST /auth/verify_pass_token")).toEqual([]);
  });
});
