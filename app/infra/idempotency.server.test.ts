import { describe, expect, it, vi } from "vitest";
import { once } from "./idempotency.server";

describe("once", () => {
  it("runs a submission once however often it arrives, even at the same time", async () => {
    const send = vi.fn(async () => "sent");
    const results = await Promise.all([once("a", send), once("a", send), once("a", send)]);
    expect(results).toEqual(["sent", "sent", "sent"]);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("lets a failed submission be tried again", async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce("sent");
    await expect(once("b", send)).rejects.toThrow("down");
    await expect(once("b", send)).resolves.toBe("sent");
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("keeps different submissions apart", async () => {
    const send = vi.fn(async () => "sent");
    await once("c", send);
    await once("d", send);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("keeps at most 10,000 submissions: the oldest is forgotten first", async () => {
    const send = vi.fn(async () => "sent");
    for (let i = 0; i <= 10_000; i++) await once(`bulk-${i}`, send);
    await once("bulk-10000", send);
    expect(send).toHaveBeenCalledTimes(10_001);
    await once("bulk-0", send);
    expect(send).toHaveBeenCalledTimes(10_002);
  });
});
