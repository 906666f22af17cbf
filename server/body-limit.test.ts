import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { FILE_ROUTES, MAX_UPLOAD_BYTES } from "../app/lib/upload-rules";
import { BodyIdle, BodyTooLarge, bodyVerdict, boundaryOf, countedBody, FORM_BODY_LIMIT, MalformedBody } from "./body-limit";

const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data; boundary=xyz";

function multipart(fields: Record<string, string>, boundary = "xyz"): string {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join("")}--${boundary}--\r\n`;
}

/** Reads `chunks` through countedBody; what came out and the refusal, if any. */
async function pass(chunks: Array<string | Buffer>, options: { limit: number; boundary: string | null; idleMs?: number | null }) {
  const refusals: string[] = [];
  const out = countedBody(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), { idleMs: null, ...options }, (refusal) =>
    refusals.push(refusal),
  );
  const received: Buffer[] = [];
  const error = await new Promise<Error | null>((resolve) => {
    out.on("data", (chunk: Buffer) => received.push(chunk));
    out.on("end", () => resolve(null));
    out.on("error", resolve);
  });
  return { text: Buffer.concat(received).toString(), error, refusals };
}

describe("bodyVerdict", () => {
  it("takes a form up to 64 KiB anywhere, and multipart only on the file routes, at their limit plus the form", () => {
    expect(bodyVerdict("/login", FORM, 100)).toEqual({
      ok: true,
      limit: FORM_BODY_LIMIT,
      boundary: null,
      upload: false,
      cost: 300,
    });
    for (const route of FILE_ROUTES) {
      expect(bodyVerdict(route, MULTIPART, 100)).toMatchObject({
        ok: true,
        boundary: "xyz",
        upload: true,
        cost: 0,
      });
      const verdict = bodyVerdict(route, MULTIPART, null);
      expect(verdict.ok && verdict.limit).toBeGreaterThan(MAX_UPLOAD_BYTES);
      expect(verdict.ok && verdict.limit).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 1024 * 1024);
      // Its route reads the start of a body declared too large, to answer with the form as typed.
      expect(bodyVerdict(route, MULTIPART, 150 * 1024 * 1024).ok).toBe(true);
    }
  });

  it("finds the route behind single fetch's .data suffix, a trailing slash or other case", () => {
    for (const path of ["/profile/photo.data", "/Profile/Photo/", "/certifications/new.data"]) {
      expect(bodyVerdict(path, MULTIPART, null).ok, path).toBe(true);
    }
  });

  it("takes the activity player's multipart writes whole, up to the largest SCORM data", () => {
    // SCORM data of 512 Ki characters (64 SCOs' data), each up to 3 bytes in UTF-8, fits.
    expect(bodyVerdict("/activity-progress", MULTIPART, null)).toMatchObject({
      ok: true,
      upload: false,
      limit: 3 * 512 * 1024 + 16 * 1024,
    });
    expect(bodyVerdict("/activity-progress", MULTIPART, 3 * 512 * 1024 + 4096).ok).toBe(true);
    // Charged its parsing too: six times its bytes, the largest one's limit when undeclared (chunked).
    expect(bodyVerdict("/activity-progress", MULTIPART, 1000)).toMatchObject({ upload: false, cost: 6000 });
    expect(bodyVerdict("/activity-progress", MULTIPART, null)).toMatchObject({ cost: 6 * (3 * 512 * 1024 + 16 * 1024) });
    expect(bodyVerdict("/login", FORM, null)).toMatchObject({ cost: 3 * FORM_BODY_LIMIT });
    expect(bodyVerdict("/activity-progress", MULTIPART, 2 * 1024 * 1024)).toEqual({ ok: false, refusal: "tooLarge" });
  });

  it.each([
    ["multipart on a route without files", "/login", MULTIPART],
    ["JSON", "/login", "application/json"],
    ["text", "/support/new", "text/plain;charset=UTF-8"],
    ["XML", "/profile", "application/xml"],
    ["no type at all", "/logout", undefined],
  ])("refuses %s with 415", (_name, path, type) => {
    expect(bodyVerdict(path, type, 10)).toEqual({ ok: false, refusal: "unsupported" });
  });

  it("refuses a declared length over the limit with 413 before looking at the type", () => {
    expect(bodyVerdict("/login", MULTIPART, 150 * 1024 * 1024)).toEqual({ ok: false, refusal: "tooLarge" });
    expect(bodyVerdict("/login", FORM, FORM_BODY_LIMIT + 1)).toEqual({ ok: false, refusal: "tooLarge" });
    expect(bodyVerdict("/profile/photo", FORM, FORM_BODY_LIMIT + 1)).toEqual({ ok: false, refusal: "tooLarge" });
  });

  it("refuses multipart without a boundary with 400", () => {
    expect(bodyVerdict("/profile/photo", "multipart/form-data", 10)).toEqual({ ok: false, refusal: "badRequest" });
  });
});

describe("boundaryOf", () => {
  it("reads a quoted or bare boundary and nothing else", () => {
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(boundaryOf("multipart/form-data;boundary=----WebKitFormBoundaryX1")).toBe("----WebKitFormBoundaryX1");
    expect(boundaryOf("multipart/form-data")).toBeNull();
    expect(boundaryOf(`multipart/form-data; boundary=${"x".repeat(71)}`)).toBeNull();
  });
});

describe("routes as Remix sees them", () => {
  it("resolves dot segments before choosing a body's limit, as the URL Remix gets does", () => {
    expect(bodyVerdict("/profile/photo/../../login", MULTIPART, 100)).toEqual({ ok: false, refusal: "unsupported" });
    expect(bodyVerdict("/profile/photo/%2e%2e/%2E%2E/login", MULTIPART, 100)).toEqual({ ok: false, refusal: "unsupported" });
    expect(bodyVerdict("/x/../profile/photo", MULTIPART, 100)).toMatchObject({ ok: true });
  });
});

describe("countedBody", () => {
  it("ends, with an error, when the client leaves mid-body (the route reading it does not wait forever)", async () => {
    const body = new PassThrough();
    const out = countedBody(body, { limit: 1024, boundary: null, idleMs: null }, () => undefined);
    const ended = new Promise<Error | null>((resolve) => {
      out.on("error", resolve);
      out.on("end", () => resolve(null));
      out.resume();
    });
    body.write("a=1&b=");
    body.destroy();
    expect(await ended).toEqual(new Error("request aborted"));
  });

  it("passes a body within the limit unchanged", async () => {
    const { text, error } = await pass(["a=1&", "b=2"], { limit: 10, boundary: null });
    expect([text, error]).toEqual(["a=1&b=2", null]);
  });

  it("fails at the first byte over the limit, however the body is cut in chunks", async () => {
    const { error, refusals } = await pass(["a".repeat(6), "a".repeat(6)], { limit: 10, boundary: null });
    expect(error).toBeInstanceOf(BodyTooLarge);
    expect(refusals).toEqual(["tooLarge"]);
  });

  it("passes a well-formed multipart body split anywhere", async () => {
    const body = multipart({ a: "1", b: "two" });
    for (let cut = 1; cut < body.length; cut += 7) {
      const { text, error } = await pass([body.slice(0, cut), body.slice(cut)], { limit: 1000, boundary: "xyz" });
      expect([text, error]).toEqual([body, null]);
    }
  });

  it.each([
    ["garbage", "garbage"],
    ["another boundary", multipart({ a: "1" }, "abc")],
    ["a truncated body", multipart({ a: "1" }).slice(0, -9)],
  ])("refuses %s as malformed", async (_name, body) => {
    const { error, refusals } = await pass([body], { limit: 1000, boundary: "xyz" });
    expect(error).toBeInstanceOf(MalformedBody);
    expect(refusals).toEqual(["badRequest"]);
  });

  it("holds a form's body and hands it on whole, once, when it is read at once", async () => {
    const chunks: string[] = [];
    const out = countedBody(
      Readable.from([Buffer.from("a=1&"), Buffer.from("b=2")]),
      { limit: 100, boundary: null, idleMs: 1000 },
      () => undefined,
    );
    for await (const chunk of out) chunks.push(String(chunk));
    expect(chunks).toEqual(["a=1&b=2"]);
  });

  it("fails a body that stops arriving for its idle limit (408), and never one that keeps coming", async () => {
    const body = new PassThrough();
    const refusals: string[] = [];
    const out = countedBody(body, { limit: 1024, boundary: null, idleMs: 40 }, (refusal) => refusals.push(refusal));
    const ended = new Promise<Error | null>((resolve) => {
      out.on("error", resolve);
      out.on("end", () => resolve(null));
      out.resume();
    });
    body.write("a=");
    expect(await ended).toBeInstanceOf(BodyIdle);
    expect(refusals).toEqual(["timeout"]);

    const steady = new PassThrough();
    const kept = countedBody(steady, { limit: 1024, boundary: null, idleMs: 40 }, () => undefined);
    const text = new Promise<string>((resolve, reject) => {
      const got: Buffer[] = [];
      kept.on("data", (chunk: Buffer) => got.push(chunk));
      kept.on("end", () => resolve(Buffer.concat(got).toString()));
      kept.on("error", reject);
    });
    for (const part of ["a=1", "&b=2", "&c=3"]) {
      steady.write(part);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    steady.end();
    expect(await text).toBe("a=1&b=2&c=3");
  });
});
