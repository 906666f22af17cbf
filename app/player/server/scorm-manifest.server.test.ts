import { describe, expect, it } from "vitest";
import { sequencedCourse } from "../../../tests/fixtures/scorm-sequenced";
import {
  MAX_ITEMS,
  MAX_MANIFEST_BYTES,
  MAX_PACKAGE_FILES,
  packageFiles,
  parseManifest,
  versionOf,
} from "./scorm-manifest.server";

const PATH = "/files/scorm/paquete/imsmanifest.xml";

const manifest12 = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="otra"><title>Otra</title><item identifier="x" identifierref="r1"><title>X</title></item></organization>
    <organization identifier="org">
      <title>Curso &amp; examen</title>
      <item identifier="i1" identifierref="r1" parameters="?modo=examen">
        <title>Examen final</title>
        <adlcp:masteryscore>100</adlcp:masteryscore>
        <adlcp:datafromlms>nivel=2&amp;idioma=es</adlcp:datafromlms>
        <adlcp:maxtimeallowed>00:05:00</adlcp:maxtimeallowed>
        <adlcp:timelimitaction>exit,message</adlcp:timelimitaction>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="examen/index.html?v=1"/>
  </resources>
</manifest>`;

const manifest2004 = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>Multi</title>
      <item identifier="intro" identifierref="r-intro"><title>Introducción</title>
        <adlcp:dataFromLMS>inicio</adlcp:dataFromLMS>
        <adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.75"/>
        <imsss:sequencing>
          <imsss:limitConditions attemptAbsoluteDurationLimit="PT10M"/>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="obj-primario" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
            <imsss:objective objectiveID="obj-2"/>
            <imsss:objective objectiveID="obj-3"/>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
      <item identifier="modulo"><title>Módulo</title>
        <item identifier="sco-2" identifierref="r-2"><title>Parte 2</title>
          <adlcp:timeLimitAction>continue,no message</adlcp:timeLimitAction>
          <imsss:sequencing IDRef="compartida"/>
        </item>
        <item identifier="anexo" identifierref="r-asset"><title>Anexo</title></item>
        <item identifier="oculto" identifierref="r-2" isvisible="false"><title>Oculto</title></item>
      </item>
      <item identifier="fuera" identifierref="r-evil"><title>Fuera</title></item>
    </organization>
  </organizations>
  <resources xml:base="contenido/">
    <resource identifier="r-intro" type="webcontent" adlcp:scormType="sco" href="intro.html"/>
    <resource identifier="r-2" type="webcontent" adlcp:scormType="sco" xml:base="parte2/" href="index.html"/>
    <resource identifier="r-asset" type="webcontent" adlcp:scormType="asset" href="anexo.pdf"/>
    <resource identifier="r-evil" type="webcontent" adlcp:scormType="sco" href="../../../otra/cosa.html"/>
  </resources>
  <imsss:sequencingCollection>
    <imsss:sequencing ID="compartida">
      <imsss:objectives>
        <imsss:primaryObjective objectiveID="p2" satisfiedByMeasure="false"><imsss:minNormalizedMeasure>0.5</imsss:minNormalizedMeasure></imsss:primaryObjective>
      </imsss:objectives>
    </imsss:sequencing>
  </imsss:sequencingCollection>
</manifest>`;

describe("parseManifest", () => {
  it("reads a 1.2 item's mastery score, launch data and time limit, in the default organisation", () => {
    expect(parseManifest(manifest12, PATH)).toEqual({
      version: "1.2",
      title: "Curso & examen",
      items: [
        {
          id: "i1",
          title: "Examen final",
          depth: 0,
          launch: "/files/scorm/paquete/examen/index.html?v=1&modo=examen",
          sco: true,
          cmi: {
            "cmi.student_data.mastery_score": "100",
            "cmi.launch_data": "nivel=2&idioma=es",
            "cmi.student_data.max_time_allowed": "00:05:00",
            "cmi.student_data.time_limit_action": "exit,message",
          },
          objectives: [],
        },
      ],
    });
  });

  it("reads a 2004 package's items in order with nesting, objectives and the scaled passing score", () => {
    const pack = parseManifest(manifest2004, PATH);
    expect(pack?.version).toBe("2004");
    expect(pack?.items.map(({ id, depth, launch, sco }) => ({ id, depth, launch, sco }))).toEqual([
      { id: "intro", depth: 0, launch: "/files/scorm/paquete/contenido/intro.html", sco: true },
      { id: "modulo", depth: 0, launch: null, sco: true },
      { id: "sco-2", depth: 1, launch: "/files/scorm/paquete/contenido/parte2/index.html", sco: true },
      { id: "anexo", depth: 1, launch: "/files/scorm/paquete/contenido/anexo.pdf", sco: false },
      // Outside the package's folder: listed, never launched.
      { id: "fuera", depth: 0, launch: null, sco: true },
    ]);
    expect(pack?.items[0]).toMatchObject({
      cmi: {
        "cmi.launch_data": "inicio",
        "cmi.completion_threshold": "0.75",
        "cmi.max_time_allowed": "PT10M",
        "cmi.scaled_passing_score": "0.8",
      },
      objectives: ["obj-primario", "obj-2", "obj-3"],
    });
    // Sequencing from the collection (IDRef); satisfiedByMeasure false gives no passing score.
    expect(pack?.items[2]).toMatchObject({ cmi: { "cmi.time_limit_action": "continue,no message" }, objectives: ["p2"] });
  });

  it("tells the version from schemaversion", () => {
    expect(versionOf("1.2")).toBe("1.2");
    expect(versionOf("2004 3rd Edition")).toBe("2004");
    expect(versionOf(" CAM 1.3 ")).toBe("2004");
    expect(versionOf("")).toBe("1.2");
  });

  it("never expands entities a manifest declares (billion laughs)", () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa">${Array.from(
      { length: 8 },
      (_, level) => `<!ENTITY ${"b".repeat(level + 1)} "${`&${level === 0 ? "a" : "b".repeat(level)};`.repeat(10)}">`,
    ).join("")}]>`;
    const text = manifest12.replace('<?xml version="1.0" encoding="UTF-8"?>', bomb).replace("Examen final", "&bbbbbbbb;");
    // Expanded, the title would be 10⁸ characters long.
    expect(parseManifest(text, PATH)?.items[0]?.title).toBe("&bbbbbbbb;");
  });

  it("refuses what is not a usable manifest: too large, too deep, broken, empty, nothing to launch", () => {
    expect(parseManifest(manifest12 + " ".repeat(MAX_MANIFEST_BYTES), PATH)).toBeNull();
    expect(parseManifest(`<manifest>${"<item>".repeat(10_000)}${"</item>".repeat(10_000)}</manifest>`, PATH)).toBeNull();
    for (const bad of ["", "not xml", "<manifest/>", "<manifest><organizations/></manifest>", "<other/>"]) {
      expect(parseManifest(bad, PATH)).toBeNull();
    }
    expect(parseManifest(manifest12.replace('href="examen/index.html?v=1"', 'href="javascript:alert(1)"'), PATH)).toBeNull();
    expect(parseManifest(manifest12.replace('href="examen/index.html?v=1"', 'href="https://evil.test/x.html"'), PATH)).toBeNull();
  });

  it("lists at most the contract's 64 items", () => {
    const items = Array.from({ length: 500 }, (_, n) => `<item identifier="i${n}" identifierref="r1"><title>${n}</title></item>`);
    const pack = parseManifest(manifest12.replace(/<item identifier="i1"[\s\S]*?<\/item>/, items.join("")), PATH);
    expect(pack?.items).toHaveLength(MAX_ITEMS);
  });
});

describe("parseManifest, sequencing (issue #27 item 5)", () => {
  const course = Object.fromEntries(sequencedCourse());

  it("gives a 2004 package with sequencing rules its activity tree, as the sequencing engine reads it", () => {
    const read = parseManifest(course["imsmanifest.xml"]!, PATH);
    const tree = read?.sequencing;
    expect(tree).toMatchObject({ id: "org", sequencingControls: { choice: false, flow: true, forwardOnly: false } });
    const [first, second, exam] = tree?.children ?? [];
    expect(first).toMatchObject({
      id: "leccion-1",
      sequencingControls: { flow: false, rollupObjectiveSatisfied: false, rollupProgressCompletion: false },
      primaryObjective: {
        objectiveID: "obj-leccion-1",
        mapInfo: [{ targetObjectiveID: "g-leccion-1", readSatisfiedStatus: false, writeSatisfiedStatus: true }],
      },
      deliveryControls: { tracked: true, objectiveSetByContent: true, completionSetByContent: true },
    });
    expect(second?.sequencingRules?.preConditionRules).toEqual([
      {
        action: "disabled",
        conditionCombination: "any",
        conditions: [
          { condition: "satisfied", operator: "not", referencedObjective: "previa" },
          { condition: "objectiveStatusKnown", operator: "not", referencedObjective: "previa" },
        ],
      },
    ]);
    expect(second?.objectives).toEqual([
      {
        objectiveID: "previa",
        satisfiedByMeasure: false,
        mapInfo: [
          {
            targetObjectiveID: "g-leccion-1",
            readSatisfiedStatus: true,
            readNormalizedMeasure: true,
            writeSatisfiedStatus: false,
            writeNormalizedMeasure: false,
          },
        ],
      },
    ]);
    expect(exam).toMatchObject({ id: "examen", attemptLimit: 2 });
    expect(exam?.sequencingRules?.postConditionRules?.map((rule) => [rule.action, rule.conditions])).toEqual([
      ["exitAll", [{ condition: "satisfied" }]],
      ["retry", [{ condition: "satisfied", operator: "not" }]],
    ]);
    // The SCOs are listed as before, each launched with its part.
    expect(read?.items.map((item) => item.launch)).toEqual(
      [1, 2, 3].map((part) => `/files/scorm/paquete/sco.html?parte=${part}`),
    );
  });

  it("reads rollup rules in the engine's terms, and leaves a package with pass marks and objectives only unsequenced", () => {
    const rollup = manifest2004.replace(
      '<imsss:limitConditions attemptAbsoluteDurationLimit="PT10M"/>',
      `<imsss:limitConditions attemptLimit="0" attemptAbsoluteDurationLimit="PT10M"/>
          <imsss:rollupRules objectiveMeasureWeight="0.5">
            <imsss:rollupRule childActivitySet="atLeastPercent" minimumPercent="0.75">
              <imsss:rollupConditions><imsss:rollupCondition condition="activityProgressKnown"/></imsss:rollupConditions>
              <imsss:rollupAction action="completed"/>
            </imsss:rollupRule>
          </imsss:rollupRules>`,
    );
    const intro = parseManifest(rollup, PATH)?.sequencing?.children?.[0];
    expect(intro).toMatchObject({
      sequencingControls: { objectiveMeasureWeight: 0.5 },
      rollupRules: {
        rules: [
          {
            action: "completed",
            consideration: "atLeastPercent",
            minimumPercent: 75,
            conditionCombination: "any",
            conditions: [{ condition: "progressKnown" }],
          },
        ],
      },
    });
    // attemptLimit 0 is no limit.
    expect(intro).not.toHaveProperty("attemptLimit");
    expect(parseManifest(manifest2004, PATH)?.sequencing).toBeUndefined();
  });
});

describe("packageFiles", () => {
  const withResources = (resources: string, base = "") =>
    `<manifest xml:base="${base}"><organizations/><resources>${resources}</resources></manifest>`;

  it("lists the manifest, each resource's launch page and files, once, without their queries", () => {
    expect(packageFiles(manifest12, PATH)).toEqual([
      "/files/scorm/paquete/imsmanifest.xml",
      "/files/scorm/paquete/examen/index.html",
    ]);
    const files = packageFiles(
      withResources(
        `<resource identifier="a" href="a/index.html?x=1"><file href="a/index.html"/><file href="a/app.js"/></resource>
         <resource identifier="b" xml:base="b/" href="start.html"><file href="media/clip.mp4"/><file href="../a/app.js"/></resource>`,
      ),
      PATH,
    );
    expect(files).toEqual([
      "/files/scorm/paquete/imsmanifest.xml",
      "/files/scorm/paquete/a/index.html",
      "/files/scorm/paquete/a/app.js",
      "/files/scorm/paquete/b/start.html",
      "/files/scorm/paquete/b/media/clip.mp4",
    ]);
  });

  it("keeps nothing outside the package's folder, nor another origin", () => {
    const files = packageFiles(
      withResources(
        `<resource identifier="a" href="../../otro/index.html"><file href="/etc/passwd"/><file href="https://evil.example/x.js"/><file href="%2e%2e/%2e%2e/x"/></resource>`,
      ),
      PATH,
    );
    expect(files).toEqual(["/files/scorm/paquete/imsmanifest.xml"]);
  });

  it("stops at MAX_PACKAGE_FILES, and refuses what is not a manifest", () => {
    const many = Array.from({ length: MAX_PACKAGE_FILES + 500 }, (_, index) => `<file href="f${index}.js"/>`).join("");
    expect(packageFiles(withResources(`<resource identifier="a">${many}</resource>`), PATH)).toHaveLength(MAX_PACKAGE_FILES);
    expect(packageFiles("<html>no</html>", PATH)).toBeNull();
    expect(packageFiles("<manifest><resources>", PATH)).toEqual(["/files/scorm/paquete/imsmanifest.xml"]);
    expect(packageFiles(manifest12 + " ".repeat(MAX_MANIFEST_BYTES), PATH)).toBeNull();
  });
});
