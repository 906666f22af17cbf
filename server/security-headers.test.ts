import { describe, expect, it } from "vitest";
import { newNonce } from "./security-headers";

describe("newNonce", () => {
  it("gives 16 random bytes in base64, never the same twice, across the pool's refills", () => {
    const nonces = Array.from({ length: 1_000 }, newNonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
