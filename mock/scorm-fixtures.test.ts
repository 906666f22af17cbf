import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseManifest } from "~/player/server/scorm-manifest.server";
import { SCORM_FIXTURES_ROOT, scormPackages } from "../tests/fixtures/scorm-packages";

describe("the SCORM packages of issue #13 the mock serves", () => {
  const generated = scormPackages();

  it("are what tests/fixtures/scorm-packages.ts writes (regenerate with npx vite-node on it)", () => {
    for (const [path, text] of Object.entries(generated)) {
      expect(readFileSync(join(SCORM_FIXTURES_ROOT, path), "utf8"), path).toBe(text);
    }
  });

  it("declare what the player reads from them", () => {
    const read = (name: string) =>
      parseManifest(generated[`${name}/imsmanifest.xml`] ?? "", `/files/storage/scorm/${name}/imsmanifest.xml`);
    expect(read("examen-dominio-12")?.items[0]?.cmi).toEqual({
      "cmi.student_data.mastery_score": "100",
      "cmi.launch_data": "nivel=avanzado",
      "cmi.student_data.max_time_allowed": "00:10:00",
      "cmi.student_data.time_limit_action": "exit,message",
    });
    expect(read("objetivos-2004")?.items[0]).toMatchObject({
      cmi: { "cmi.scaled_passing_score": "0.7" },
      objectives: ["obj-examen", "obj-modulo-1", "obj-modulo-2"],
    });
    expect(read("multi-sco-2004")?.items.map((item) => [item.id, item.depth, item.launch])).toEqual([
      ["sco-1", 0, "/files/storage/scorm/multi-sco-2004/parte.html?parte=1"],
      ["bloque", 0, null],
      ["sco-2", 1, "/files/storage/scorm/multi-sco-2004/parte.html?parte=2"],
      ["sco-3", 1, "/files/storage/scorm/multi-sco-2004/parte.html?parte=3"],
    ]);
    expect(read("multi-sco-12")?.items.map((item) => item.launch)).toEqual([
      "/files/storage/scorm/multi-sco-12/leccion-1.html",
      "/files/storage/scorm/multi-sco-12/leccion-2.html",
    ]);
  });
});
