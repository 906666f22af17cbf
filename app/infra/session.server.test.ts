import { unsealData } from "iron-session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { commitSession, destroySession, readSession, SESSION_TTL_SECONDS } from "./session.server";

// The real unseal, counted: a cookie already unsealed must not be unsealed again.
vi.mock("iron-session", async (importOriginal) => {
  const iron = await importOriginal<{ unsealData: typeof unsealData }>();
  return { ...iron, unsealData: vi.fn(iron.unsealData) };
});

afterEach(() => {
  vi.useRealTimers();
});

const user = { id: 1, firstName: "Ana", lastName: "Martínez", fullName: "Ana Martínez", photoUrl: null, isLeader: false };

function requestWith(setCookie: string) {
  return new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0] ?? "" } });
}

describe("session", () => {
  it("seals and unseals the token and the user", async () => {
    const cookie = await commitSession({ token: "legacy-token", user, welcome: true });
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("legacy-token");
    const session = await readSession(requestWith(cookie));
    expect(session).toMatchObject({ token: "legacy-token", user, welcome: true });
  });

  it("is unsealed once per request, however many loaders ask", async () => {
    const request = requestWith(await commitSession({ token: "legacy-token", user, welcome: false }));
    const first = readSession(request);
    expect(readSession(request)).toBe(first);
    expect(await first).toMatchObject({ token: "legacy-token" });
    expect(readSession(requestWith(await commitSession({ token: "other", user, welcome: false })))).not.toBe(first);
  });

  it("unseals a cookie once for all its requests, and no longer once its seal has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cookie = await commitSession({ token: "kept-token", user, welcome: false });
    const calls = vi.mocked(unsealData).mock.calls.length;
    for (let page = 0; page < 3; page++) {
      expect(await readSession(requestWith(cookie))).toMatchObject({ token: "kept-token" });
    }
    expect(vi.mocked(unsealData).mock.calls.length).toBe(calls + 1);

    // Past the seal's expiry and iron's 60 s of allowed clock skew.
    vi.setSystemTime(Date.now() + SESSION_TTL_SECONDS * 1000 + 2 * 60_000);
    expect(await readSession(requestWith(cookie))).toBeNull();
    expect(vi.mocked(unsealData).mock.calls.length).toBe(calls + 2);
  });

  it("stays far below the 4 KB cookie limit", async () => {
    const cookie = await commitSession({
      token: "t".repeat(1000),
      user: { ...user, photoUrl: "https://x/".padEnd(200, "y") },
      welcome: false,
    });
    expect(cookie.length).toBeLessThan(3000);
  });

  it("rejects a tampered cookie", async () => {
    const cookie = await commitSession({ token: "legacy-token", user, welcome: false });
    const [pair = ""] = cookie.split(";");
    const tampered = `${pair.slice(0, -6)}AAAAAA`;
    expect(await readSession(new Request("http://localhost/", { headers: { Cookie: tampered } }))).toBeNull();
  });

  it("reads nothing from no cookie or a cleared one", async () => {
    expect(await readSession(new Request("http://localhost/"))).toBeNull();
    expect(await readSession(requestWith(await destroySession()))).toBeNull();
  });
});
