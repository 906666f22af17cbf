import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { post } from "~/player/progress-post";
import { isOffline, noteAnswered, onConnectionChange } from "./supported";

const browser = { onLine: true };

beforeEach(() => {
  browser.onLine = true;
  vi.stubGlobal("navigator", browser);
  vi.stubGlobal("window", new EventTarget());
  noteAnswered(true);
});
afterEach(() => vi.unstubAllGlobals());

describe("the app's connection", () => {
  it("is gone while the browser says so", () => {
    expect(isOffline()).toBe(false);
    browser.onLine = false;
    expect(isOffline()).toBe(true);
  });

  it("is gone from a write that was not sent, though the browser says it is online, until one is answered", () => {
    const onChange = vi.fn();
    const unsubscribe = onConnectionChange(onChange);
    noteAnswered(false);
    expect(isOffline()).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);
    noteAnswered(false);
    expect(onChange).toHaveBeenCalledTimes(1);
    noteAnswered(true);
    expect(isOffline()).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it("is back when the browser reports being online again", () => {
    const onChange = vi.fn();
    const unsubscribe = onConnectionChange(onChange);
    noteAnswered(false);
    window.dispatchEvent(new Event("online"));
    expect(isOffline()).toBe(false);
    unsubscribe();
    noteAnswered(false);
    window.dispatchEvent(new Event("online"));
    // Unsubscribed: nothing listens for the browser's events any more.
    expect(isOffline()).toBe(true);
  });

  it("is what the player's writes find: a fetch that fails is no connection, any answer is one", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    expect(await post(1, { action: "started" }, 7)).toEqual({ ok: false, error: "unavailable", message: "" });
    expect(isOffline()).toBe(true);
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("<h1>Bad gateway</h1>", { status: 502 })));
    expect(await post(1, { action: "started" }, 7)).toEqual({ ok: false, error: "unconfirmed", message: "" });
    expect(isOffline()).toBe(false);
  });
});
