import { describe, expect, it, vi } from "vitest";
import { z } from "zod/v4";
import { validateReply } from "./validated-replies.server";

/** A reply's body as the legacy client reads it: its bytes. */
const bytes = (text: string) => Buffer.from(text);

const points = z.object({ points: z.number(), badges: z.array(z.object({ id: z.number() })) });

describe("validated legacy replies", () => {
  it("validates a body once, and gives every later request the same frozen value", () => {
    const schema = points.transform((reply) => ({ ...reply }));
    const parse = vi.spyOn(schema, "safeParse");
    const body = bytes(JSON.stringify({ points: 10, badges: [{ id: 1 }] }));
    const first = validateReply(schema, body);
    const second = validateReply(schema, body);
    expect(first).toEqual({ success: true, data: { points: 10, badges: [{ id: 1 }] } });
    expect(second.success && first.success && second.data === first.data).toBe(true);
    expect(parse).toHaveBeenCalledTimes(1);

    if (!first.success) throw new Error("unreachable");
    expect(Object.isFrozen(first.data.badges[0])).toBe(true);
    expect(() => first.data.badges.push({ id: 2 })).toThrow(TypeError);
    expect(() => {
      first.data.points = 0;
    }).toThrow(TypeError);
  });

  it("validates another body, or the same body for another schema, on its own", () => {
    const body = bytes(JSON.stringify({ points: 10, badges: [] }));
    const a = validateReply(points, body);
    const b = validateReply(points, bytes(JSON.stringify({ points: 11, badges: [] })));
    const c = validateReply(z.object({ points: z.string() }), body);
    expect(a.success && a.data.points).toBe(10);
    expect(b.success && b.data.points).toBe(11);
    expect(c.success).toBe(false);
  });

  it("keeps no failure: a reply that did not match is validated again", () => {
    const schema = z.object({ id: z.number() });
    const parse = vi.spyOn(schema, "safeParse");
    expect(validateReply(schema, bytes('{"id":"x"}')).success).toBe(false);
    expect(validateReply(schema, bytes('{"id":"x"}')).success).toBe(false);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it("keeps no body larger than all it may hold (4 MiB): such a reply is validated every time", () => {
    const schema = z.object({ text: z.string() });
    const parse = vi.spyOn(schema, "safeParse");
    const huge = bytes(JSON.stringify({ text: "x".repeat(4 * 1024 * 1024) }));
    expect(validateReply(schema, huge).success).toBe(true);
    expect(validateReply(schema, huge).success).toBe(true);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it("reads an empty or unreadable body as undefined", () => {
    const optional = z.object({ id: z.number() }).optional();
    expect(validateReply(optional, bytes(""))).toEqual({ success: true, data: undefined });
    expect(validateReply(optional, bytes("<html>oops"))).toEqual({ success: true, data: undefined });
    expect(validateReply(z.object({ id: z.number() }), bytes("{")).success).toBe(false);
  });
});
