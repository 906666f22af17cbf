import { describe, expect, it } from "vitest";
import {
  hugeImage,
  inflateBomb,
  inlineImagesBomb,
  jbig2Bomb,
  nestedForms,
  selfDrawingForm,
  streamsBomb,
  textOpsBomb,
  textPage,
  thinPage,
} from "../../../../tests/fixtures/pdf-bombs";
import { filesHost, gate, outcome } from "../../../../tests/fixtures/pdf-renders";
import { pageImage } from "./pages.server";
import { MAX_PER_USER } from "./render.server";

/**
 * Page images of crafted files through the renderer's entry, against a stubbed files host. Serial
 * (one file at a time, never beside other stages): which answer a bomb gets, refused within the
 * render budget or stopped at the deadline, depends on the CPU its renderer gets, and beside the
 * integration tests on a slow machine a bomb held the renderers past the unit tests' deadline.
 */

// The stubbed host's folder (FILES_PATH_PREFIXES, read at the first call).
process.env.FILES_PATH_PREFIXES = "crafted/";

describe("pageImage under crafted files (issue #12)", () => {
  it("refuses each bomb in a worker, and draws a page whose huge image pdf.js leaves out", async () => {
    filesHost({
      "/crafted/inflate.pdf": await inflateBomb(),
      "/crafted/text-ops.pdf": textOpsBomb(),
      "/crafted/thin.pdf": thinPage(),
      "/crafted/jbig2.pdf": jbig2Bomb(),
      "/crafted/huge-image.pdf": hugeImage(),
    });
    const drawn = (name: string) => outcome(pageImage(`crafted/${name}.pdf`, 1, 1080, "png", { user: name }));
    expect(await drawn("inflate")).toBe("tooComplex");
    expect(await drawn("text-ops")).toBe("tooComplex");
    expect(await drawn("thin")).toBe("tooComplex");
    expect(await drawn("jbig2")).toBe("tooComplex");
    expect(await drawn("huge-image")).toBe("drawn");
  });

  it("refuses each bomb of issue #26 within the render budget, well before the deadline", async () => {
    filesHost({
      "/crafted/streams.pdf": await streamsBomb(),
      "/crafted/self.pdf": selfDrawingForm(),
      "/crafted/nested.pdf": nestedForms(),
      "/crafted/inline.pdf": inlineImagesBomb(),
    });
    for (const name of ["streams", "self", "nested", "inline"]) {
      const began = performance.now();
      expect([name, await outcome(pageImage(`crafted/${name}.pdf`, 1, 1080, "png", { user: name }))]).toEqual([
        name,
        "tooComplex",
      ]);
      expect(performance.now() - began).toBeLessThan(10_000);
    }
  });

  it("gives one learner at most half the renderers: their second file waits, another learner's is fetched at once", async () => {
    const { closed, open } = gate();
    const fetch = filesHost({}, closed);
    const mine = [1, 2].map((index) => outcome(pageImage(`crafted/half/${index}.pdf`, 1, 360, "png", { user: "ana" })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).toHaveBeenCalledTimes(1);
    const theirs = outcome(pageImage("crafted/half/theirs.pdf", 1, 360, "png", { user: "luis" }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch.mock.calls.map(([input]) => new URL(String(input)).pathname)).toEqual([
      "/crafted/half/1.pdf",
      "/crafted/half/theirs.pdf",
    ]);
    open();
    expect(await Promise.all([...mine, theirs])).toEqual(["missing", "missing", "missing"]);
  });

  it(`lets one learner have ${MAX_PER_USER} renders at once, refuses the next, and still serves another learner`, async () => {
    const { closed, open } = gate();
    filesHost({}, closed);
    const mine = Array.from({ length: MAX_PER_USER }, (_, index) =>
      outcome(pageImage(`crafted/mine/${index}.pdf`, 1, 360, "png", { user: "ana" })),
    );
    expect(await outcome(pageImage("crafted/mine/one-more.pdf", 1, 360, "png", { user: "ana" }))).toBe("userBusy");
    const theirs = outcome(pageImage("crafted/theirs.pdf", 1, 360, "png", { user: "luis" }));
    open();
    expect(await Promise.all(mine)).toEqual(Array(MAX_PER_USER).fill("missing"));
    expect(await theirs).toBe("missing");
    expect(await outcome(pageImage("crafted/mine/later.pdf", 1, 360, "png", { user: "ana" }))).toBe("missing");
  });

  it("drops a render whose client left while it waited: its file is never fetched", async () => {
    const { closed, open } = gate();
    const fetch = filesHost({ "/crafted/page.pdf": textPage() }, closed);
    const running = [1, 2].map((index) =>
      outcome(pageImage(`crafted/running/${index}.pdf`, 1, 360, "png", { user: `u${index}` })),
    );
    const leaving = new AbortController();
    const left = outcome(pageImage("crafted/page.pdf", 1, 360, "png", { user: "gone", signal: leaving.signal }));
    leaving.abort();
    expect(await left).toBe("gone");
    open();
    await Promise.all(running);
    expect(fetch.mock.calls.map(([input]) => new URL(String(input)).pathname)).toEqual([
      "/crafted/running/1.pdf",
      "/crafted/running/2.pdf",
    ]);
  });

  it("stops a drawing two clients asked for only when both left: one that stays gets the page", async () => {
    const { closed, open } = gate();
    const fetch = filesHost({ "/crafted/shared.pdf": textPage(), "/crafted/dropped.pdf": textPage() }, closed);
    const running = [1, 2].map((index) => outcome(pageImage(`crafted/slots/${index}.pdf`, 1, 360, "png", { user: `s${index}` })));
    const asked = (name: string, client: AbortController, user: string) =>
      outcome(pageImage(`crafted/${name}.pdf`, 1, 360, "png", { user, signal: client.signal }));
    const [leaves, stays, leavesToo, alsoLeaves] = [
      new AbortController(),
      new AbortController(),
      new AbortController(),
      new AbortController(),
    ];
    const shared = [asked("shared", leaves, "ana"), asked("shared", stays, "luis")];
    const dropped = [asked("dropped", leavesToo, "ana"), asked("dropped", alsoLeaves, "luis")];
    for (const client of [leaves, leavesToo, alsoLeaves]) client.abort();
    open();
    expect(await Promise.all(shared)).toEqual(["gone", "drawn"]);
    expect(await Promise.all(dropped)).toEqual(["gone", "gone"]);
    await Promise.all(running);
    expect(fetch.mock.calls.map(([input]) => new URL(String(input)).pathname)).toEqual([
      "/crafted/slots/1.pdf",
      "/crafted/slots/2.pdf",
      "/crafted/shared.pdf",
    ]);
  });
});
