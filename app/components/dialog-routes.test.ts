import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The one shape of a dialog route (decision 037): a child of the page it opens over, whose error
 * stays in the dialog over that page; the page's own route serves its URL (no index route that
 * renders nothing).
 */
const ROUTES = resolve(__dirname, "../routes");

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(path);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
  });
}

const routes = modulesUnder(ROUTES).map((file) => ({ file: relative(ROUTES, file), source: readFileSync(file, "utf8") }));

/** Renders a dialog of its own: the route dialog, or the player's, which wraps it. */
const rendersDialog = (source: string) => /<(RouteDialog|ActivityDialog)\b/.test(source);
/** Its error boundary is the dialog's: directly or through the player's. */
const dialogBoundary = (source: string) =>
  /<(DialogErrorBoundary|PlayerError)\b/.test(/export function ErrorBoundary\(\) \{[\s\S]*?\n\}/.exec(source)?.[0] ?? "");

describe("dialog routes", () => {
  it("are found (the test reads the route modules)", () => {
    expect(routes.filter(({ source }) => rendersDialog(source)).length).toBeGreaterThanOrEqual(9);
  });

  it("each keep their errors in the dialog, over the page", () => {
    const without = routes.filter(({ source }) => rendersDialog(source) && !dialogBoundary(source)).map(({ file }) => file);
    expect(without).toEqual([]);
  });

  it("no route renders nothing: a page's own route serves its URL", () => {
    const empty = routes
      .filter(({ source }) => /export default function \w+\(\) \{\s*return null;\s*\}/.test(source))
      .map(({ file }) => file);
    expect(empty).toEqual([]);
  });
});
