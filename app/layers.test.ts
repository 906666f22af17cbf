import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The code's layers (README 'Layout'): pure rules in domain/ import nothing else of the app's;
 * shared code, components, infrastructure and the legacy client never reach up into routes or root,
 * nor into the player (player/), which only routes (and server/'s body limits) use; the player's
 * server code takes the page's shapes from its browser-safe types.ts, never from its UI, and its
 * browser code imports no server code. The HTTP edge (server/) is built on the app's
 * infrastructure and never the reverse (decision 049); the mock legacy API (mock/) is a test
 * double that only the launcher starts.
 */
const APP = resolve(__dirname);
const ROOT = resolve(APP, "..");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file imports, as a path under app/ (`routes/x`) or a package name. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/g)].map((match) => match[1]!);
  return specifiers.map((specifier) => {
    if (specifier.startsWith("~/")) return specifier.slice(2);
    if (specifier.startsWith(".")) return relative(APP, resolve(join(file, ".."), specifier));
    return specifier;
  });
}

/** An import of the app's own code rather than a package's. */
const APP_DIRS = /^(domain|lib|infra|legacy|components|player|offline|routes|styles|locales)\/|^(root|i18n|entry\.\w+)$/;

const layer = (dir: string) =>
  filesUnder(join(APP, dir)).map((file) => ({ file: relative(APP, file), imports: importsOf(file) }));

/**
 * The app's modules in the Node server's bundle (scripts/build-server.mjs: server/ and the PDF
 * worker), following the relative imports that bring code in; type-only imports bring none.
 */
function serverBundled(): string[] {
  const root = resolve(APP, "..");
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const [, specifier] of source.matchAll(/(?:^|\n)\s*(?:import|export)(?!\s+type\b)\b[^;]*?\bfrom\s+"(\.[^"]+)"/g)) {
      const base = resolve(join(file, ".."), specifier!);
      const target = [base, `${base}.ts`, `${base}.tsx`].find((path) => /\.tsx?$/.test(path) && existsSync(path));
      if (target) visit(target);
    }
  };
  const entries = filesUnder(join(root, "server")).concat(join(APP, "player/server/pdf/worker.server.ts"));
  for (const entry of entries) visit(entry);
  return [...seen].filter((file) => file.startsWith(APP)).map((file) => relative(APP, file));
}

/** Every import of a file as a path from the project's root (`app/infra/log.server`, `server/gates`) or a package name. */
function rootImportsOf(file: string, source = readFileSync(file, "utf8")): string[] {
  return [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/g)].map(([, specifier]) => {
    if (specifier!.startsWith("~/")) return `app/${specifier!.slice(2)}`;
    if (specifier!.startsWith(".")) return relative(ROOT, resolve(join(file, ".."), specifier!));
    return specifier!;
  });
}

/** The source files (tests too) under a folder of the project's root. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|mjs)$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/**
 * The three concerns that once lived twice (issue #28): each is defined in one module, which the
 * edge and the app both import. A definition is found by what only that home may contain.
 */
const CONCERN_HOMES = [
  { concern: "configuration", home: "app/infra/config.server.ts", marker: /\bconfigSchema\s*=|\bfunction parseConfig\b/ },
  { concern: "same-origin rule", home: "app/infra/same-origin.server.ts", marker: /\bfunction isCrossSite\b|=== "cross-site"/ },
  {
    concern: "request language",
    home: "app/infra/language.server.ts",
    marker: /createCookie\(\s*"lng"|\bfunction acceptedLanguage\b|new RemixI18Next\(/,
  },
];

describe("the HTTP edge and the app", () => {
  it("app/ never imports server/ or the mock", () => {
    const found = sourcesUnder("app").flatMap((file) =>
      rootImportsOf(join(ROOT, file))
        .filter((target) => /^(server|mock)(\/|$)/.test(target))
        .map((target) => `${file} → ${target}`),
    );
    expect(found).toEqual([]);
  });

  it("only the launcher (and tests) start the mock legacy API", () => {
    const found = sourcesUnder("server")
      .filter((file) => !/\.test\.ts$/.test(file))
      .flatMap((file) =>
        rootImportsOf(join(ROOT, file))
          .filter((target) => /^mock(\/|$)/.test(target))
          .map((target) => `${file} → ${target}`),
      );
    expect(found).toEqual(["server/start.ts → mock"]);
  });

  it.each(CONCERN_HOMES)("the $concern has one home, $home", ({ home, marker }) => {
    const defining = [...sourcesUnder("app"), ...sourcesUnder("server"), ...sourcesUnder("scripts")]
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .filter((file) => marker.test(readFileSync(join(ROOT, file), "utf8")));
    expect(defining).toEqual([home]);
  });

  it("fails on a second home or an import the wrong way (planted)", () => {
    const planted = 'const configSchema = z.object({});\nexport function isCrossSite() {}\nconst lng = createCookie("lng");';
    for (const { marker } of CONCERN_HOMES) expect(marker.test(planted)).toBe(true);
    const planted2 = 'import { log } from "../../server/log";\nimport { startMockServer } from "../../mock";';
    expect(rootImportsOf(join(APP, "infra/planted.server.ts"), planted2)).toEqual(["server/log", "mock"]);
  });
});

describe("layers", () => {
  it("domain/ imports only domain/ and packages", () => {
    const found = layer("domain").flatMap(({ file, imports }) =>
      imports.filter((target) => APP_DIRS.test(target) && !target.startsWith("domain/")).map((target) => `${file} → ${target}`),
    );
    expect(found).toEqual([]);
  });

  it.each(["components", "lib", "infra", "legacy", "domain", "player", "offline"])("%s/ never imports routes or root", (dir) => {
    const found = layer(dir).flatMap(({ file, imports }) =>
      imports.filter((target) => target.startsWith("routes/") || target === "root").map((target) => `${file} → ${target}`),
    );
    expect(found).toEqual(dir === "lib" ? ["lib/hooks.ts → root"] : []);
  });

  it.each(["components", "lib", "infra", "legacy", "domain"])("%s/ never imports the player", (dir) => {
    const found = layer(dir).flatMap(({ file, imports }) =>
      imports.filter((target) => target.startsWith("player/")).map((target) => `${file} → ${target}`),
    );
    expect(found).toEqual([]);
  });

  it("offline/ is browser code: no server code, and of the player only how a write is sent and its types", () => {
    const found = layer("offline").flatMap(({ file, imports }) =>
      imports
        .filter(
          (target) =>
            /^(infra|legacy)\//.test(target) || (target.startsWith("player/") && !/^player\/(progress-post|types)$/.test(target)),
        )
        .map((target) => `${file} → ${target}`),
    );
    expect(found).toEqual([]);
  });

  it("player/server/ never imports the player's UI", () => {
    const found = layer("player/server").flatMap(({ file, imports }) =>
      imports.filter((target) => target.startsWith("player/components/")).map((target) => `${file} → ${target}`),
    );
    expect(found).toEqual([]);
  });

  it("the player's browser code imports none of its server code, the infrastructure or the legacy client", () => {
    const browser = layer("player").filter(({ file }) => !file.startsWith("player/server/"));
    const found = browser.flatMap(({ file, imports }) =>
      imports.filter((target) => /^(player\/server|infra|legacy)\//.test(target)).map((target) => `${file} → ${target}`),
    );
    expect(found).toEqual([]);
  });

  it("the app's modules in the server's bundle import the app by relative paths (that bundle has no `~` alias)", () => {
    const files = serverBundled();
    expect(files).toContain("player/scorm-package.ts");
    const found = files.flatMap((file) =>
      [
        ...readFileSync(join(APP, file), "utf8").matchAll(
          /(?:^|\n)\s*(?:import|export)(?!\s+type\b)\b[^;]*?\bfrom\s+"(~\/[^"]+)"/g,
        ),
      ].map((match) => `${file} → ${match[1]}`),
    );
    expect(found).toEqual([]);
  });

  it("finds the files it checks", () => {
    expect(layer("domain").length).toBeGreaterThan(5);
    expect(layer("components").some(({ imports }) => imports.some((target) => target.startsWith("lib/")))).toBe(true);
    expect(layer("player/server").some(({ imports }) => imports.some((target) => target === "player/types"))).toBe(true);
    expect(layer("player/components").some(({ imports }) => imports.some((target) => target === "player/types"))).toBe(true);
  });
});
