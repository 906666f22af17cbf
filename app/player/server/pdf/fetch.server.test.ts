import { describe, expect, it, vi } from "vitest";
import { textPage } from "../../../../tests/fixtures/pdf-bombs";
import { downloadedFile } from "./fetch.server";

/** Files downloaded from the files host for the workers, kept briefly (a stubbed host, http://files.test). */

const MiB = 1024 * 1024;
const at = (name: string) => new URL(`http://files.test/cache/${name}.pdf`);

/** The files host answers a PDF of `size` bytes for any path, after `gate` for the paths in `held`. */
function filesHost(size?: number, held: { paths: string[]; gate: Promise<void> } = { paths: [], gate: Promise.resolve() }) {
  const pdf = size ? Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(size - 9)]) : textPage();
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    if (held.paths.includes(new URL(String(input)).pathname)) await held.gate;
    return new Response(new Uint8Array(pdf));
  });
}

const asked = (fetch: ReturnType<typeof filesHost>) => fetch.mock.calls.map(([input]) => new URL(String(input)).pathname);

describe("downloadedFile", () => {
  it("downloads a file once for the requests that ask for it together or soon after, as one buffer", async () => {
    const fetch = filesHost();
    const [first, second] = await Promise.all([downloadedFile(at("once")), downloadedFile(at("once"))]);
    const later = await downloadedFile(at("once"));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(later).toBe(first);
    expect(first.file.data).toEqual(textPage());
  });

  it("keeps four files: the one asked for least recently is downloaded again, under a new key for the renderers", async () => {
    const fetch = filesHost();
    const oldest = await downloadedFile(at("count-0"));
    for (const index of [1, 2, 3, 4]) await downloadedFile(at(`count-${index}`));
    const again = await downloadedFile(at("count-0"));
    expect(fetch).toHaveBeenCalledTimes(6);
    expect(again.file.key).not.toBe(oldest.file.key);
    await downloadedFile(at("count-4"));
    expect(fetch).toHaveBeenCalledTimes(6);
  });

  it("keeps at most 48 MiB: a third 20 MiB file pushes out the first", async () => {
    const fetch = filesHost(20 * MiB);
    for (const name of ["big-0", "big-1", "big-2", "big-1", "big-0"]) await downloadedFile(at(name));
    expect(asked(fetch)).toEqual(["/cache/big-0.pdf", "/cache/big-1.pdf", "/cache/big-2.pdf", "/cache/big-0.pdf"]);
  });

  it("hands a file pushed out while it downloads to the requests waiting for it", async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    filesHost(undefined, { paths: ["/cache/slow.pdf"], gate });
    const slow = downloadedFile(at("slow"));
    for (const index of [1, 2, 3, 4, 5]) await downloadedFile(at(`fast-${index}`));
    open();
    expect((await slow).file.data).toEqual(textPage());
  });
});
