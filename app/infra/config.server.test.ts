import { describe, expect, it } from "vitest";
import { demoRefusal, demoSecrets, isEmbedded, parseConfig, withEmbeddedDefaults } from "./config.server";

const complete = {
  LEGACY_API_URL: "https://legacy.example.com/v1/api/",
  LEGACY_APP_KEY: "app-key-123456",
  SESSION_SECRET: "s".repeat(32),
  SSO_AES_KEY: "00".repeat(32),
  SSO_AES_IV: "11".repeat(16),
  FILES_HOST_URL: "https://files.example.com/",
};

describe("parseConfig", () => {
  it("accepts a complete environment and applies defaults", () => {
    const result = parseConfig(complete);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      LEGACY_API_URL: "https://legacy.example.com/v1/api",
      FILES_HOST_URL: "https://files.example.com",
      PORT: 3000,
      LOGIN_MODE: "password",
      LEGACY_TIMEOUT_MS: 8000,
      NODE_ENV: "production",
      HEAP_MB: 192,
    });
  });

  it("lists every missing secret when an upstream is set", () => {
    const result = parseConfig({ LEGACY_API_URL: "https://legacy.example.com/v1/api" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        "LEGACY_APP_KEY: is required",
        "SESSION_SECRET: is required",
        "SSO_AES_KEY: is required",
        "SSO_AES_IV: is required",
        "FILES_HOST_URL: is required",
      ]),
    );
  });

  it.each([
    ["SESSION_SECRET", "short", "SESSION_SECRET: must be at least 32 characters"],
    ["SSO_AES_IV", "zz", "SSO_AES_IV: must be 32 hexadecimal characters"],
    ["PORT", "70000", "PORT: Number must be less than or equal to 65535"],
    ["LOGIN_MODE", "sms", "LOGIN_MODE: Invalid enum value. Expected 'password' | 'employee', received 'sms'"],
    ["LEGACY_API_URL", "ftp://legacy", "LEGACY_API_URL: must be an http(s) URL"],
    ["HEAP_MB", "95", "HEAP_MB: Number must be greater than or equal to 96"],
    ["TRUST_PROXY", "true", "TRUST_PROXY: Expected number, received nan"],
    ["TRUST_PROXY", "-1", "TRUST_PROXY: Number must be greater than or equal to 0"],
    ["INSECURE_COOKIES", "yes", "INSECURE_COOKIES: must be 0 or 1"],
  ])("rejects a bad %s", (name, value, problem) => {
    const result = parseConfig({ ...complete, [name]: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toContain(problem);
  });

  it("takes the media folders the files proxy may reach, storage/ unless set", () => {
    const folders = (value?: string) => {
      const result = parseConfig({ ...complete, FILES_PATH_PREFIXES: value });
      return result.ok ? result.config.FILES_PATH_PREFIXES : result.problems;
    };
    expect(folders()).toEqual(["storage/"]);
    expect(folders("storage/, media/courses/")).toEqual(["storage/", "media/courses/"]);
    for (const bad of ["/storage/", "storage", "../x/", "storage/,__mock", ","]) {
      expect(folders(bad), bad).toEqual([expect.stringMatching(/^FILES_PATH_PREFIXES: must be folders/)]);
    }
  });

  it("takes TRUST_PROXY as a number of proxies (a hop count) and INSECURE_COOKIES as an explicit opt-out", () => {
    const defaults = parseConfig(complete);
    expect(defaults.ok && [defaults.config.TRUST_PROXY, defaults.config.INSECURE_COOKIES]).toEqual([0, false]);
    const behindTwo = parseConfig({ ...complete, TRUST_PROXY: "2", INSECURE_COOKIES: "1" });
    expect(behindTwo.ok && [behindTwo.config.TRUST_PROXY, behindTwo.config.INSECURE_COOKIES]).toEqual([2, true]);
  });

  it("treats empty values as unset", () => {
    const result = parseConfig({ ...complete, PORT: "" });
    expect(result.ok && result.config.PORT).toBe(3000);
  });
});

describe("embedded mode", () => {
  it("is on only without LEGACY_API_URL", () => {
    expect(isEmbedded({})).toBe(true);
    expect(isEmbedded({ LEGACY_API_URL: "http://x" })).toBe(false);
  });

  it("fills demo secrets but keeps what the operator set", () => {
    const env = withEmbeddedDefaults({ SESSION_SECRET: "o".repeat(40), PORT: "4000" }, "http://127.0.0.1:5555");
    expect(env).toMatchObject({
      LEGACY_API_URL: "http://127.0.0.1:5555/v1/api",
      FILES_HOST_URL: "http://127.0.0.1:5555",
      MEDIA_VIA_APP: "1",
      LEGACY_APP_KEY: demoSecrets.LEGACY_APP_KEY,
      SESSION_SECRET: "o".repeat(40),
      PORT: "4000",
    });
    expect(parseConfig(env).ok).toBe(true);
  });
});

describe("no accidental demo (issue #30 item 4)", () => {
  it("refuses production without LEGACY_API_URL unless DEMO_MODE=1, in one line saying what to set", () => {
    const refusal = demoRefusal({ NODE_ENV: "production" });
    expect(refusal).toMatch(/^No LEGACY_API_URL in production: set LEGACY_API_URL .* or DEMO_MODE=1 /);
    expect(refusal).not.toContain("\n");
    expect(demoRefusal({})).toBe(refusal);
    expect(demoRefusal({ NODE_ENV: "production", DEMO_MODE: "1" })).toBeNull();
    expect(demoRefusal({ NODE_ENV: "production", LEGACY_API_URL: "https://legacy.example.com/v1/api" })).toBeNull();
    expect(demoRefusal({ NODE_ENV: "development" })).toBeNull();
  });

  it("marks the embedded environment as the demo", () => {
    expect(withEmbeddedDefaults({}, "http://127.0.0.1:4000").DEMO_MODE).toBe("1");
  });
});
