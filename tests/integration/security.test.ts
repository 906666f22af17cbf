import { describe, expect, it } from "vitest";
import { buildSsoQuery } from "~/infra/sso.server";
import { caught, context, cookiesOf, form, get, replyOf, responseOf, signedInCookie, unsealSession, withLegacy } from "./helpers";

/**
 * Issue #7 'Security' through the loaders and actions: rate limits, honeypots, session values,
 * logout replay, and loaders that never write. (Headers, cookie flags in production and logs are
 * checked against the built server in server.test.ts.)
 */
const mock = withLegacy();
const keys = { key: process.env.SSO_AES_KEY ?? "", iv: process.env.SSO_AES_IV ?? "" };
const secret = process.env.SESSION_SECRET ?? "";
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

async function login(ip: string, email: string, password: string, headers: Record<string, string> = {}) {
  const { action } = await import("~/routes/_guest+/login");
  return action({ request: from(ip, "/login", { email, password }, headers), params: {}, context });
}

describe("login attempts", () => {
  it("allow 10 wrong passwords a minute per IP and account, then 429 there while the owner signs in from another IP", async () => {
    const attacker = freshIp();
    for (let i = 0; i < 12; i++) {
      const reply = replyOf(await login(attacker, learner.email, `wrong-password-${i}`));
      expect(reply.status).toBe(i < 10 ? 400 : 429);
    }
    const blocked = replyOf(await login(attacker, learner.email, learner.password));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(blocked.data.error?.[""]).toEqual(["Demasiados intentos. Espera un minuto e inténtalo de nuevo."]);
    expect(blocked.data.initialValue?.email).toBe(learner.email);
    expect(blocked.data.initialValue?.password).toBeUndefined();
    // The owner, from another IP, is not locked out.
    expect(responseOf(await login(freshIp(), learner.email, learner.password)).status).toBe(302);
  });

  it("allow 30 wrong passwords a minute from one IP across accounts, then 429", async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      const reply = replyOf(await login(ip, `nobody${i}@academia.test`, "wrong-password"));
      expect(reply.status).toBe(400);
    }
    expect(replyOf(await login(ip, learner.email, learner.password)).status).toBe(429);
    expect(responseOf(await login(freshIp(), learner.email, learner.password)).status).toBe(302);
  });

  it("brake an account under attack from many IPs to 3 guesses per IP, in the user's language, and still let the owner in", async () => {
    for (let i = 0; i < 20; i++) await login(freshIp(), leader.email, "wrong-password");
    const attacker = freshIp();
    for (let i = 0; i < 3; i++) {
      expect(replyOf(await login(attacker, leader.email, "wrong-password")).status).toBe(400);
    }
    const { localeCookie } = await import("~/infra/language.server");
    const english = { Cookie: await localeCookie.serialize("en") };
    const braked = replyOf(await login(attacker, leader.email.toUpperCase(), "wrong-password", english));
    expect(braked.status).toBe(429);
    expect(braked.data.error?.[""]).toEqual(["Too many attempts. Wait a minute and try again."]);
    expect(responseOf(await login(freshIp(), leader.email, leader.password)).status).toBe(302);
  });

  it("are spent before the legacy API answers: 40 parallel wrong passwords from one IP on one account get at most 10 tries", async () => {
    mock().setFaults({ latencyMs: 300 });
    try {
      const ip = freshIp();
      const replies = await Promise.all(Array.from({ length: 40 }, () => login(ip, "paralelo@academia.test", "wrong-password")));
      const statuses = replies.map((reply) => replyOf(reply).status);
      expect(statuses.filter((status) => status === 400)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    } finally {
      mock().setFaults({ latencyMs: 0 });
    }
  });

  it("do not count successful sign-ins", async () => {
    const ip = freshIp();
    for (let i = 0; i < 12; i++) expect(responseOf(await login(ip, learner.email, learner.password)).status).toBe(302);
  });
});

describe("recovery", () => {
  const recovery = async (ip: string, fields: Record<string, string>) => {
    const { action } = await import("~/routes/_guest+/recovery_");
    return action({ request: from(ip, "/recovery", fields), params: {}, context });
  };
  const outbox = async () =>
    ((await (await fetch(`${mock().origin}/__mock/outbox`)).json()) as { messages: Array<{ to: string }> }).messages;

  it("sends 5 e-mails an hour to one address; the 6th gets the usual reply and sends nothing", async () => {
    const first = await recovery(freshIp(), { email: learner.email });
    expect(first).toMatchObject({ sentTo: learner.email });
    for (let i = 0; i < 4; i++) await recovery(freshIp(), { email: learner.email });
    expect(await outbox()).toHaveLength(5);
    expect(await recovery(freshIp(), { email: learner.email })).toEqual(first);
    expect(await outbox()).toHaveLength(5);
    // Another address is not affected.
    await recovery(freshIp(), { email: leader.email });
    expect((await outbox()).map((message) => message.to)).toContain(leader.email);
  });

  it("answers 429 after 10 requests a minute from one IP, keeping the address", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await recovery(ip, { email: `nadie${i}@academia.test` });
    const blocked = replyOf(await recovery(ip, { email: "lucia.gomez@academia.test" }));
    expect(blocked.status).toBe(429);
    expect(blocked.data.result.error?.[""]).toEqual(["Demasiados intentos. Espera un minuto e inténtalo de nuevo."]);
    expect(blocked.data.result.initialValue?.email).toBe("lucia.gomez@academia.test");
  });

  it("drops a filled honeypot quietly: the usual success, no e-mail", async () => {
    const reply = await recovery(freshIp(), { email: learner.email, website: "http://spam.example" });
    expect(reply).toMatchObject({ sentTo: learner.email });
    expect(await outbox()).toHaveLength(0);
  });
});

describe("contact honeypot", () => {
  it("drops a filled honeypot quietly: the usual success, nothing sent", async () => {
    const { action } = await import("~/routes/contact-form/route");
    const fields = {
      submission_id: crypto.randomUUID(),
      name: "Bot",
      phone: "5512345678",
      email: "bot@example.com",
      comment: "Compra ya este producto milagroso, oferta limitada",
      website: "http://spam.example",
    };
    const reply = await action({ request: from(freshIp(), "/contact-form", fields), params: {}, context });
    // The live form's JSON answer (decision 044).
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({ sent: true, message: "¡Tu comentario ha sido enviado con éxito!" });
    const received = (await (await fetch(`${mock().origin}/__mock/contact_messages`)).json()) as { messages: unknown[] };
    expect(received.messages).toHaveLength(0);
  });
});

describe("SSO", () => {
  const welcome = async (ip: string, query: string) => {
    const { loader } = await import("~/routes/_guest+/welcome");
    const request = new Request(`http://localhost/welcome?${query}`, { headers: { "x-academia-client-ip": ip } });
    return loader({ request, params: {}, context });
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
        const reply = replyOf(await welcome(freshIp(), query));
        return { body: JSON.stringify([reply.data, reply.status]), ms: performance.now() - started };
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
    const blocked = replyOf(await welcome(ip, buildSsoQuery({ email: learner.email }, keys)));
    expect(blocked.status).toBe(429);
    expect(blocked.data).toEqual({ ssoFailed: false, tooMany: true });
  });

  it("makes a new session value on every sign-in", async () => {
    const query = buildSsoQuery({ email: learner.email }, keys);
    const first = await unsealSession(cookiesOf(responseOf(await welcome(freshIp(), query))), secret);
    const second = await unsealSession(cookiesOf(responseOf(await welcome(freshIp(), query))), secret);
    expect(first.token).toMatch(/^canary-access-token-/);
    expect(second.token).not.toBe(first.token);
    expect(second.issuedAt).toBeGreaterThanOrEqual(first.issuedAt);
  });
});

describe("session", () => {
  it("gets a new value on every password sign-in", async () => {
    const cookies = await Promise.all([signedInCookie(), signedInCookie(), signedInCookie()]);
    const sessions = await Promise.all(cookies.map((cookie) => unsealSession(cookie, secret)));
    expect(new Set(sessions.map((session) => session.token)).size).toBe(3);
  });

  it("no longer works when replayed after logout (the legacy token is revoked)", async () => {
    const cookie = await signedInCookie();
    const { action } = await import("~/routes/logout");
    const out = responseOf(
      await action({
        request: new Request("http://localhost/logout", { method: "POST", headers: { Cookie: cookie } }),
        params: {},
        context,
      }),
    );
    expect(out.headers.get("Location")).toBe("/welcome");
    const { loader } = await import("~/routes/_app+/_layout");
    const replay = await caught(loader({ request: get("/", cookie), params: {}, context }));
    expect(replay.headers.get("Location")).toBe("/login");
  });
});

describe("/login with a code", () => {
  const visit = async (cookie: string, site: string) => {
    const { loader } = await import("~/routes/_guest+/login");
    const request = new Request("http://localhost/login?code=x", { headers: { Cookie: cookie, "Sec-Fetch-Site": site } });
    return caught(Promise.resolve().then(() => loader({ request, params: {}, context })));
  };

  it("sent by another site keeps a learner's session and leaves the choice to /welcome", async () => {
    const cookie = await signedInCookie();
    for (const site of ["cross-site", "same-site"]) {
      const reply = await visit(cookie, site);
      expect(reply.headers.get("Location"), site).toBe("/welcome?code=x");
      expect(reply.headers.get("Set-Cookie"), site).toBeNull();
    }
  });

  it("from the app itself or typed still ends the session (spec §2)", async () => {
    const cookie = await signedInCookie();
    for (const site of ["same-origin", "none"]) {
      const reply = await visit(cookie, site);
      expect(reply.headers.get("Location"), site).toBe("/welcome?code=x");
      expect(reply.headers.get("Set-Cookie"), site).toMatch(/academia=;/);
    }
  });
});

describe("loaders", () => {
  const modules = import.meta.glob<{ loader?: (args: unknown) => unknown }>([
    "../../app/routes/**/*.{ts,tsx}",
    "!**/*.{test,server}.{ts,tsx}",
  ]);
  const params: Record<string, string> = {
    slug: "formacion-requerida",
    activity: "205",
    id: "1",
    member: "1",
    token: "abcdefgh",
    lng: "es",
    "*": "storage/media/infografia-control-interno.png",
  };

  /** A route file's name under app/routes, its `+` folders written as segments (`_app+/ranking.tsx` → `_app.ranking`). */
  const nameOf = (file: string) =>
    file
      .replace(/^.*\/app\/routes\//, "")
      .replace(/\+\//g, ".")
      .replace(/\.tsx?$/, "");

  /** The URL a route file answers: pathless (`_x`) segments dropped, params filled in. */
  function pathOf(file: string): string {
    const segments = nameOf(file)
      .split(".")
      .filter((segment) => !segment.startsWith("_"))
      .map((segment) => {
        const param = /^\(?\$(\w*)\)?$/.exec(segment);
        return param ? (params[param[1] || "*"] ?? "x") : segment;
      });
    return `/${segments.join("/")}`;
  }

  const callLog = async () => ((await (await fetch(`${mock().origin}/__mock/calls`)).json()) as { calls: string[] }).calls;

  it("never send a writing call to the legacy API, signed out or in, each at its own path", async () => {
    const cookie = await signedInCookie();
    const reached: Record<string, { path: string; guest: string[]; member: string[] }> = {};
    for (const [file, load] of Object.entries(modules)) {
      const { loader } = await load();
      if (!loader) continue;
      const path = pathOf(file);
      const entry = { path, guest: [] as string[], member: [] as string[] };
      for (const who of ["guest", "member"] as const) {
        const before = (await callLog()).length;
        const request = get(path, who === "member" ? cookie : undefined);
        await Promise.resolve(loader({ request, params, context })).catch(() => undefined);
        entry[who] = (await callLog()).slice(before);
      }
      reached[nameOf(file)] = entry;
    }
    const calls = Object.values(reached).flatMap((entry) => [...entry.guest, ...entry.member]);
    expect(Object.keys(reached).length).toBeGreaterThan(25);
    // The one read that the legacy API exposes as a POST: checking a recovery token.
    expect(calls.filter((call) => !call.startsWith("GET ") && call !== "POST /auth/verify_pass_token")).toEqual([]);
    // They really ran at their paths: signed in, the app's pages read the legacy API; signed out, the guard stops them first.
    expect(reached["_app.ranking"]).toMatchObject({ path: "/ranking", guest: [] });
    expect(reached["_app.ranking"]?.member).toContain("GET /ranking_users");
    expect(reached["_app.learning-path.$slug.$activity"]?.path).toBe("/learning-path/formacion-requerida/205");
    expect(reached["_app.learning-path.$slug.$activity"]?.member).toContain("GET /training/learning_paths");
    expect(reached["_guest.recovery.$token"]?.guest).toEqual(["POST /auth/verify_pass_token"]);
    const app = Object.entries(reached).filter(([file]) => file.startsWith("_app."));
    expect(app.flatMap(([, entry]) => entry.guest)).toEqual([]);
    // All but the leader's pages (Ana is no leader: sent home first) and the static ones.
    expect(app.filter(([, entry]) => entry.member.length > 0).length).toBeGreaterThanOrEqual(18);
  });
});
