import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** Issue #30 item 6: what CI proves is what runs: the image's Node major is the tests' and `engines` says it. */
describe("one Node version", () => {
  it("the Docker image, package.json's engines and the Node running the tests agree on the major", () => {
    const major = process.versions.node.split(".")[0];
    const images = [...readFileSync("Dockerfile", "utf8").matchAll(/^FROM node:(\d+)-/gm)].map((match) => match[1]);
    expect(images.length).toBeGreaterThan(0);
    expect(new Set(images)).toEqual(new Set([major]));
    const { engines } = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
    expect(engines.node).toMatch(new RegExp(`^>=${major}\\.\\d+ <${Number(major) + 1}$`));
  });
});
