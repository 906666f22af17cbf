import fc from "fast-check";
import { DRAFT_TTL_MS, draftKey, draftOf, readDraft, snapshotOf } from "./form-draft";

const NOW = Date.UTC(2026, 10, 24, 22, 0);
const file = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: "application/pdf" });

describe("snapshotOf", () => {
  it("ignores empty fields, an empty file input and the pressed button", () => {
    const pristine: Array<[string, FormDataEntryValue]> = [
      ["certificate", ""],
      ["certificate_type", "CERTIFICATE"],
      ["file_certificate", file("", 0)],
    ];
    expect(snapshotOf(pristine)).toBe(
      snapshotOf([
        ["certificate_type", "CERTIFICATE"],
        ["intent", "review"],
        ["institution", "  "],
      ]),
    );
  });

  it("changes with what is typed, with a chosen file and with a choice", () => {
    const pristine = snapshotOf([["certificate_type", "CERTIFICATE"]]);
    expect(
      snapshotOf([
        ["certificate_type", "CERTIFICATE"],
        ["institution", "ISACA"],
      ]),
    ).not.toBe(pristine);
    expect(
      snapshotOf([
        ["certificate_type", "CERTIFICATE"],
        ["file_certificate", file("a.pdf", 10)],
      ]),
    ).not.toBe(pristine);
    expect(snapshotOf([["certificate_type", "COURSE"]])).not.toBe(pristine);
  });

  it("is the same whatever the order of the fields (a review step lists them in another order)", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(fc.string(), fc.string()), { selector: ([name]) => name }), (entries) => {
        expect(snapshotOf([...entries].reverse())).toBe(snapshotOf(entries));
      }),
    );
  });

  it("cannot be fooled by names or values that contain the separators", () => {
    expect(
      snapshotOf([
        ["a", "b\n"],
        ["c", "d"],
      ]),
    ).not.toBe(
      snapshotOf([
        ["a", "b"],
        ["\nc", "d"],
      ]),
    );
  });
});

describe("drafts", () => {
  it("keep text values, in order and repeated, but neither files nor the pressed button", () => {
    const raw = draftOf(
      [
        ["subject", "No carga el video"],
        ["topics", "1"],
        ["topics", "3"],
        ["file_certificate", file("a.pdf", 10)],
        ["intent", "review"],
      ],
      NOW,
    );
    expect(readDraft(raw, NOW + 1000)).toEqual([
      ["subject", "No carga el video"],
      ["topics", "1"],
      ["topics", "3"],
    ]);
  });

  it("are read back as they were written, whatever was typed", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string({ unit: "grapheme" }))), (values) => {
        expect(readDraft(draftOf(values, NOW), NOW)).toEqual(values.filter(([name]) => name !== "intent"));
      }),
    );
  });

  it("are not restored once stale or when dated in the future", () => {
    const raw = draftOf([["subject", "x"]], NOW);
    expect(readDraft(raw, NOW + DRAFT_TTL_MS)).not.toBeNull();
    expect(readDraft(raw, NOW + DRAFT_TTL_MS + 1)).toBeNull();
    expect(readDraft(raw, NOW - 1)).toBeNull();
  });

  it("refuse anything that is not one (a value left in the tab's storage by anyone)", () => {
    const hostile = [
      null,
      "",
      "not json",
      "null",
      "[]",
      "42",
      JSON.stringify({ at: "yesterday", values: [] }),
      JSON.stringify({ at: NOW, values: "subject=x" }),
      JSON.stringify({ at: NOW, values: [["subject", 1]] }),
      JSON.stringify({ at: NOW, values: [["subject", "x", "extra"]] }),
      JSON.stringify({ at: NOW, values: [{ subject: "x" }] }),
      JSON.stringify({ at: Number.NaN, values: [] }),
      `{"at":${NOW},"values":${"[".repeat(5000)}`,
    ];
    for (const raw of hostile) expect(readDraft(raw, NOW)).toBeNull();
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const read = readDraft(JSON.stringify(value), NOW);
        expect(read === null || Array.isArray(read)).toBe(true);
      }),
    );
  });

  it("are kept per page and form", () => {
    expect(draftKey("/support/new", "support")).not.toBe(draftKey("/support/new?x=1", "support"));
    expect(draftKey("/update_profile", "profile")).not.toBe(draftKey("/update_profile", "support"));
  });
});
