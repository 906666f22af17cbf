import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSsoQuery, decryptSsoQuery, decryptSsoValue, encryptSsoValue, welcomeLink } from "./sso.server";

const keys = { key: "000102030405060708090a0b0c0d0e0f", iv: "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff" };
const otherKeys = { key: "ff0102030405060708090a0b0c0d0e0f", iv: keys.iv };

describe("SSO values", () => {
  it("round-trips any non-empty text", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200, unit: "grapheme" }), (plaintext) => {
        expect(decryptSsoValue(encryptSsoValue(plaintext, keys), keys)).toBe(plaintext);
      }),
    );
  });

  it("reads spaces as '+' (the link was decoded as a form)", () => {
    const plaintexts = Array.from({ length: 50 }, (_, i) => `ana.martinez+${i}@academia.test`);
    const plaintext = plaintexts.find((text) => encryptSsoValue(text, keys).includes("+"));
    expect(plaintext).toBeDefined();
    const cipher = encryptSsoValue(plaintext ?? "", keys);
    expect(decryptSsoValue(cipher.replace(/\+/g, " "), keys)).toBe(plaintext);
  });

  it("answers null, never throws, for any bad input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (garbage) => {
        expect(() => decryptSsoValue(garbage, keys)).not.toThrow();
      }),
    );
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 96 }), (bytes) => {
        const result = decryptSsoValue(Buffer.from(bytes).toString("base64"), keys);
        expect(result === null || typeof result === "string").toBe(true);
      }),
    );
  });

  it("refuses a value encrypted with another key or a tampered one", () => {
    const cipher = encryptSsoValue("email=ana.martinez@academia.test", keys);
    expect(decryptSsoValue(cipher, otherKeys)).not.toBe("email=ana.martinez@academia.test");
    const bytes = Buffer.from(cipher, "base64");
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    expect(decryptSsoValue(bytes.toString("base64"), keys)).not.toBe("email=ana.martinez@academia.test");
    expect(decryptSsoValue("", keys)).toBeNull();
    expect(decryptSsoValue("not base64!", keys)).toBeNull();
  });
});

describe("SSO queries", () => {
  it("round-trips a set of parameters through a URL", () => {
    const query = buildSsoQuery({ email: "ana.martinez@academia.test", expires: "1999999999" }, keys);
    const url = new URL(`http://localhost/welcome?${query}`);
    expect(decryptSsoQuery(url.searchParams, keys)).toEqual({
      email: "ana.martinez@academia.test",
      expires: "1999999999",
    });
  });

  it("fails as a whole when any value is bad or the query is empty", () => {
    const good = buildSsoQuery({ email: "ana.martinez@academia.test" }, keys);
    expect(decryptSsoQuery(new URLSearchParams(`${good}&extra=xxxx`), keys)).toBeNull();
    expect(decryptSsoQuery(new URLSearchParams(""), keys)).toBeNull();
  });
});

describe("welcomeLink (npm run sso-link)", () => {
  it("points at the app's own PORT, or at PUBLIC_URL when set (path kept, one slash)", () => {
    expect(welcomeLink("email=x", { port: 4321 })).toBe("http://localhost:4321/welcome?email=x");
    expect(welcomeLink("email=x", { port: 4321, publicUrl: "https://academia.example.com" })).toBe(
      "https://academia.example.com/welcome?email=x",
    );
    expect(welcomeLink("email=x", { port: 3000, publicUrl: "https://example.com/academia/" })).toBe(
      "https://example.com/academia/welcome?email=x",
    );
  });

  it("refuses a PUBLIC_URL that is no http(s) address", () => {
    expect(welcomeLink("email=x", { port: 3000, publicUrl: "not a url" })).toBeNull();
    expect(welcomeLink("email=x", { port: 3000, publicUrl: "javascript:alert(1)" })).toBeNull();
  });
});
