import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_PIN_DIGITS } from "~/legacy/general.server";
import { caught, context, dataOf, get, hangUpstream, responseOf, signedInCookie, spyOnUpstream, withLegacy } from "./helpers";

/**
 * Issue #14 item 11: the VR PIN is a dialog over the page it was opened from (`?vr` on that page's
 * URL), read by the app layout's loader; whatever the legacy API does with the PIN, the dialog says
 * so and the page underneath loads.
 */
const legacy = withLegacy();
afterEach(() => legacy().setFaults({ missingPaths: [], refusePath: null }));

const ENGLISH = "lng=ImVuIg%3D%3D";
const REFERENCE = /^Código de referencia: [0-9a-f-]{36}$/;

async function layout(path: string, cookie: string) {
  const { loader } = await import("~/routes/_app+/_layout");
  return dataOf(await loader({ request: get(path, cookie), params: {}, context }));
}

/** Answers the legacy PIN call with `body` (status 200, JSON); every other call goes through. */
function pinAnswers(body: string) {
  spyOnUpstream((url) =>
    url.endsWith("/general/pin_vr")
      ? Promise.resolve(new Response(body, { headers: { "Content-Type": "application/json" } }))
      : undefined,
  );
}

describe("the VR dialog over a page", () => {
  it("reads the PIN only when the page's URL opens the dialog", async () => {
    const cookie = await signedInCookie();
    for (const path of ["/?vr", "/ranking?vr", "/learning-path/formacion-requerida/205?vr", "/notifications?vr="]) {
      const { vr } = await layout(path, cookie);
      expect(vr?.problem, path).toBeNull();
      expect(vr?.pin, path).toHaveLength(6);
      expect(
        vr?.pin?.every((digit) => Number.isInteger(digit) && digit >= 0 && digit <= 9),
        path,
      ).toBe(true);
    }
    expect((await layout("/ranking", cookie)).vr).toBeNull();
  });

  it("is not an SSO hand-off: the page under it loads and keeps the session; any other parameter still hands off", async () => {
    const cookie = await signedInCookie();
    const ranking = await import("~/routes/_app+/ranking");
    const page = dataOf(await ranking.loader({ request: get("/ranking?vr", cookie), params: {}, context }));
    expect(page.top).toHaveLength(10);

    const handOff = await caught(ranking.loader({ request: get("/ranking?vr&code=abc", cookie), params: {}, context }));
    expect(handOff.headers.get("Location")).toBe("/welcome?code=abc");
    const guest = await caught(ranking.loader({ request: get("/ranking?vr"), params: {}, context }));
    expect(guest.headers.get("Location")).toBe("/welcome");
  });

  it("keeps /vr as a bookmark: the dialog over home, behind the same guard", async () => {
    const { loader } = await import("~/routes/vr");
    const cookie = await signedInCookie();
    const bookmark = responseOf(await loader({ request: get("/vr", cookie), params: {}, context }));
    expect(bookmark.status).toBe(302);
    expect(bookmark.headers.get("Location")).toBe("/?vr");
    expect((await caught(loader({ request: get("/vr"), params: {}, context }))).headers.get("Location")).toBe("/welcome");
    expect((await caught(loader({ request: get("/vr?code=abc", cookie), params: {}, context }))).headers.get("Location")).toBe(
      "/welcome?code=abc",
    );
  });
});

describe("the VR dialog when the legacy API fails for the PIN", () => {
  it("says so in the learner's language, with the request's reference, and the page underneath loads", async () => {
    const cookie = await signedInCookie();
    legacy().setFaults({ missingPaths: ["/general/pin_vr"] });
    const spanish = await layout("/ranking?vr", cookie);
    expect(spanish.user.fullName).toBe("Ana Martínez");
    expect(spanish.vr).toEqual({
      pin: null,
      problem: [
        "No pudimos obtener tu PIN en este momento. Inténtalo de nuevo en unos minutos.",
        expect.stringMatching(REFERENCE),
      ],
    });
    const english = await layout("/ranking?vr", `${cookie}; ${ENGLISH}`);
    expect(english.vr).toEqual({
      pin: null,
      problem: [
        "We could not get your PIN right now. Please try again in a few minutes.",
        expect.stringMatching(/^Reference code: [0-9a-f-]{36}$/),
      ],
    });
    const ranking = await import("~/routes/_app+/ranking");
    expect(dataOf(await ranking.loader({ request: get("/ranking?vr", cookie), params: {}, context })).top).toHaveLength(10);
  });

  it("gives a PIN that never comes up within the legacy timeout", async () => {
    const cookie = await signedInCookie();
    const calls = hangUpstream("/general/pin_vr");
    const started = performance.now();
    const { vr } = await layout("/?vr", cookie);
    expect(vr).toEqual({
      pin: null,
      problem: [expect.stringContaining("No pudimos obtener tu PIN"), expect.stringMatching(REFERENCE)],
    });
    expect(calls()).toBeGreaterThan(0);
    // One deadline for every attempt, not one per attempt (three would take three).
    expect(performance.now() - started).toBeLessThan(2 * Number(process.env.LEGACY_TIMEOUT_MS));
  });

  it.each([
    ["a truncated body", '{"pin":[1,2,'],
    ["no PIN", "{}"],
    ["an empty PIN", '{"pin":""}'],
    ["letters", '{"pin":"abcd"}'],
    ["null", '{"pin":null}'],
    ["an object", '{"pin":{"digits":[1,2,3]}}'],
    ["a list", "[1,2,3,4]"],
    ["HTML", "<html><body>Bad gateway</body></html>"],
    ["too many digits", JSON.stringify({ pin: "7".repeat(MAX_PIN_DIGITS + 1) })],
    ["a flood of digits", JSON.stringify({ pin: Array.from({ length: 100_000 }, (_, index) => index % 10) })],
  ])("treats %s as no PIN", async (_, body) => {
    const cookie = await signedInCookie();
    pinAnswers(body);
    const { vr } = await layout("/?vr", cookie);
    expect(vr).toEqual({
      pin: null,
      problem: [expect.stringContaining("No pudimos obtener tu PIN"), expect.stringMatching(REFERENCE)],
    });
  });

  it("reads PINs written as a number, a string or a list of digits", async () => {
    const cookie = await signedInCookie();
    for (const [body, digits] of [
      ['{"pin":4821}', [4, 8, 2, 1]],
      ['{"pin":"0 4 2 7"}', [0, 4, 2, 7]],
      ['{"pin":["0","9",1,5]}', [0, 9, 1, 5]],
    ] as const) {
      vi.restoreAllMocks();
      pinAnswers(body);
      expect((await layout("/?vr", cookie)).vr, body).toEqual({ pin: digits, problem: null });
    }
  });

  it("shows the legacy API's own message when it refuses (spec §8)", async () => {
    const cookie = await signedInCookie();
    legacy().setFaults({ refusePath: "/general/pin_vr" });
    expect((await layout("/?vr", cookie)).vr).toEqual({ pin: null, problem: ["La solicitud fue rechazada"] });
    expect((await layout("/?vr", `${cookie}; ${ENGLISH}`)).vr).toEqual({ pin: null, problem: ["The request was refused"] });
  });
});
