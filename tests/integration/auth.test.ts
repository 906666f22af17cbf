import { describe, expect, it } from "vitest";
import { buildSsoQuery } from "~/infra/sso.server";
import {
  caught,
  context,
  dataOf,
  form,
  get,
  hangUpstream,
  having,
  post,
  replyOf,
  responseOf,
  signedInCookie,
  spyOnUpstream,
  upstreamUrls,
  withLegacy,
} from "./helpers";

const legacy = withLegacy();

const keys = { key: process.env.SSO_AES_KEY ?? "", iv: process.env.SSO_AES_IV ?? "" };
const learner = { email: "ana.martinez@academia.test", password: "Academia2026!" };

const signInCookie = () => signedInCookie(learner.email, learner.password);

describe("login action", () => {
  it("signs in, seals the session and redirects home with a welcome toast", async () => {
    const { action } = await import("~/routes/_guest+/login");
    const response = responseOf(await action({ request: post("/login", learner), params: {}, context }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith("academia="))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith("toast="))).toBe(true);
    expect(cookies.join("\n")).not.toContain("Bearer");
  });

  it("shows the server's message for a wrong password and keeps the user", async () => {
    const { action } = await import("~/routes/_guest+/login");
    const result = await action({
      request: post("/login", { ...learner, password: "wrong-password" }),
      params: {},
      context,
    });
    const { data, status } = replyOf(result);
    expect(status).toBe(400);
    expect(data.error?.[""]).toEqual(["Usuario o contraseña incorrectos"]);
    expect(data.initialValue?.email).toBe(learner.email);
    expect(data.initialValue?.password).toBeUndefined();
  });

  it("answers field rules without calling the legacy API", async () => {
    const { action } = await import("~/routes/_guest+/login");
    const result = await action({ request: post("/login", { email: "a", password: "" }), params: {}, context });
    const { data } = replyOf(result);
    expect(data.error).toEqual({ email: ["minChars:2"], password: ["required"] });
  });
});

describe("guards", () => {
  it("send a guest from a guarded page to welcome", async () => {
    const { loader } = await import("~/routes/_app+/_home+/_layout");
    const response = await caught(loader({ request: get("/"), params: {}, context }));
    expect(response.headers.get("Location")).toBe("/welcome");
  });

  it("carry a foreign query to welcome and end the session", async () => {
    const cookie = await signInCookie();
    const { loader } = await import("~/routes/_app+/ranking");
    for (const site of ["same-origin", "none"]) {
      const request = new Request("http://localhost/ranking?code=abc", { headers: { Cookie: cookie, "Sec-Fetch-Site": site } });
      const response = await caught(loader({ request, params: {}, context }));
      expect(response.headers.get("Location")).toBe("/welcome?code=abc");
      expect(response.headers.get("Set-Cookie")).toMatch(/academia=;.*Max-Age=0/);
    }
  });

  it("carry a query from another site to welcome but keep the session for it to ask", async () => {
    const cookie = await signInCookie();
    const { loader } = await import("~/routes/_app+/ranking");
    const fromElsewhere: Array<Record<string, string>> = [
      { "Sec-Fetch-Site": "cross-site" },
      { Referer: "https://attacker.test/" },
      {},
    ];
    for (const headers of fromElsewhere) {
      const request = new Request("http://localhost/ranking?code=abc", { headers: { Cookie: cookie, ...headers } });
      const response = await caught(loader({ request, params: {}, context }));
      expect(response.headers.get("Location")).toBe("/welcome?code=abc");
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("end the session on a legacy 401", async () => {
    const cookie = await signInCookie();
    legacy().reset();
    const { loader } = await import("~/routes/_app+/_home+/_layout");
    const response = await caught(loader({ request: get("/", cookie), params: {}, context }));
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/academia=;.*Max-Age=0/);
  });

  it("let a signed-in user load home with their name", async () => {
    const cookie = await signInCookie();
    const { loader } = await import("~/routes/_app+/_home+/_layout");
    const result = dataOf(await loader({ request: get("/", cookie), params: {}, context }));
    expect(result).toMatchObject({ name: "Ana Martínez" });
  });
});

describe("SSO welcome", () => {
  it("signs in with a valid link", async () => {
    const { loader } = await import("~/routes/_guest+/welcome");
    const query = buildSsoQuery({ email: learner.email }, keys);
    const response = responseOf(await loader({ request: get(`/welcome?${query}`), params: {}, context }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("signs in from /login with encrypted parameters too, through /welcome (spec §2)", async () => {
    const query = buildSsoQuery({ email: learner.email }, keys);
    const { loader: login } = await import("~/routes/_guest+/login");
    const handOff = await caught(Promise.resolve().then(() => login({ request: get(`/login?${query}`), params: {}, context })));
    const location = handOff.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/welcome\?email=/);
    const { loader: welcome } = await import("~/routes/_guest+/welcome");
    const response = responseOf(await welcome({ request: get(location), params: {}, context }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("fails the same way for a bad ciphertext and for an unknown user", async () => {
    const { loader } = await import("~/routes/_guest+/welcome");
    const unknown = buildSsoQuery({ email: "nadie@academia.test" }, keys);
    const results = await Promise.all(
      [`/welcome?${unknown}`, "/welcome?email=AAAA", "/welcome?email=%%%"].map(async (path) => {
        const result = replyOf(await loader({ request: get(path), params: {}, context }));
        return JSON.stringify([result.data, result.status]);
      }),
    );
    expect(new Set(results).size).toBe(1);
    expect(results[0]).toBe(JSON.stringify([{ ssoFailed: true, tooMany: false }, 400]));
  });

  const ssoSignIn = async () => {
    const { loader } = await import("~/routes/_guest+/welcome");
    const request = get(`/welcome?${buildSsoQuery({ email: learner.email }, keys)}`);
    return dataOf(await loader({ request, params: {}, context }));
  };

  it("asks an upstream without the call (404) once, and still fails no sooner than the floor", async () => {
    legacy().setFaults({ missingPaths: ["/auth/login_with_token"] });
    const spy = spyOnUpstream();
    const started = performance.now();
    const result = await ssoSignIn();
    legacy().setFaults({ missingPaths: [] });
    expect(result).toEqual({ ssoFailed: true, tooMany: false });
    expect(upstreamUrls(spy).filter((url) => url.endsWith("/auth/login_with_token"))).toHaveLength(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1190);
  });

  it("gives a hanging upstream up within one shared deadline, then answers at the floor", async () => {
    const attempts = hangUpstream("/auth/login_with_token");
    const started = performance.now();
    expect(await ssoSignIn()).toEqual({ ssoFailed: true, tooMany: false });
    expect(attempts()).toBeLessThan(3);
    // The shared deadline is 2 × LEGACY_TIMEOUT_MS, past the floor.
    expect(performance.now() - started).toBeLessThan(3 * Number(process.env.LEGACY_TIMEOUT_MS));
  });
});

describe("SSO link from another site to a signed-in learner (login CSRF)", () => {
  const link = () => buildSsoQuery({ email: "carlos.ruiz@academia.test" }, keys);
  const welcome = (query: string, headers: Record<string, string>) =>
    new Request(`http://localhost/welcome?${query}`, { headers });

  it("asks first: 'Continuar como …' and a button that posts the same link back, nothing signed in", async () => {
    const cookie = await signInCookie();
    const { loader } = await import("~/routes/_guest+/welcome");
    const query = link();
    const fromElsewhere: Array<Record<string, string>> = [
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Referer: "https://attacker.test/page" },
      {},
    ];
    for (const headers of fromElsewhere) {
      const spy = spyOnUpstream();
      const result = replyOf(await loader({ request: welcome(query, { Cookie: cookie, ...headers }), params: {}, context }));
      expect(result.data).toEqual({ confirm: { name: "Ana", query } });
      expect(result.headers.get("Set-Cookie")).toBeNull();
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    }
  });

  it("keeps today's hand-off from the app's own pages and for a visitor without a session", async () => {
    const cookie = await signInCookie();
    const { loader } = await import("~/routes/_guest+/welcome");
    for (const request of [
      welcome(link(), { Cookie: cookie, "Sec-Fetch-Site": "same-origin" }),
      welcome(link(), { Cookie: cookie, "Sec-Fetch-Site": "none" }),
      welcome(link(), { Cookie: cookie, Referer: "http://localhost/welcome?x" }),
      welcome(link(), { "Sec-Fetch-Site": "cross-site" }),
    ]) {
      const response = responseOf(await loader({ request, params: {}, context }));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
      expect(response.headers.get("Set-Cookie")).toMatch(/^academia=[^;]{20,};/);
    }
  });

  it("the confirmation posts the link back to the hand-off from the app's own page; never from another site", async () => {
    const { action } = await import("~/routes/_guest+/welcome");
    const query = link();
    const confirmed = (request: Request) => action({ request, params: {}, context });
    const own = await confirmed(
      new Request("http://localhost/welcome", {
        method: "POST",
        body: form({ sso: query }),
        headers: { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
      }),
    );
    expect(own.status).toBe(303);
    expect(own.headers.get("Location")).toBe(`/welcome?${query}`);
    const forged = await caught(
      confirmed(
        new Request("http://localhost/welcome", {
          method: "POST",
          body: form({ sso: query }),
          headers: { Origin: "https://attacker.test", "Sec-Fetch-Site": "cross-site" },
        }),
      ),
    );
    expect(forged.status).toBe(403);
    const odd = await confirmed(new Request("http://localhost/welcome", { method: "POST", body: form({ sso: "a\nb#c" }) }));
    expect(odd.headers.get("Location")).toBe("/welcome");
  });
});

describe("recovery", () => {
  it("requests a link, verifies the token and sets a new password", async () => {
    const recovery = await import("~/routes/_guest+/recovery_");
    const sent = having(
      dataOf(await recovery.action({ request: post("/recovery", { email: learner.email }), params: {}, context })),
      "sentTo",
    );
    expect(sent.sentTo).toBe(learner.email);

    const outbox = (await (await fetch(`${legacy().origin}/__mock/outbox`)).json()) as {
      messages: Array<{ to: string; token: string }>;
    };
    const token = outbox.messages.filter((m) => m.to === learner.email).at(-1)?.token ?? "";
    const page = await import("~/routes/_guest+/recovery.$token");
    const loaded = await page.loader({ request: get(`/recovery/${token}`), params: { token }, context });
    expect(loaded).toMatchObject({ email: learner.email, token });
    // The form's constraint attributes come with the page: the browser loads zod only once the form is used.
    expect(loaded).toHaveProperty("constraint.password", { required: true, minLength: 6, maxLength: 64 });
    const response = responseOf(
      await page.action({
        request: post(`/recovery/${token}`, { token, password: "Nueva2026!", password_confirmation: "Nueva2026!" }),
        params: { token },
        context,
      }),
    );
    expect(response.headers.get("Location")).toBe("/");
  });

  it("says an expired token has expired", async () => {
    const page = await import("~/routes/_guest+/recovery.$token");
    const result = replyOf(
      await page.loader({ request: get("/recovery/expired-token-000000"), params: { token: "expired-token-000000" }, context }),
    );
    expect(result.data.email).toBeNull();
    expect(result.status).toBe(404);
  });
});
