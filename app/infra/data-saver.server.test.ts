import { describe, expect, it } from "vitest";
import { dataSaverCookie, wantsSaveData } from "./data-saver.server";

const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });

describe("wantsSaveData", () => {
  it("follows the browser's Save-Data: on, in any case and spacing", async () => {
    expect(await wantsSaveData(request({ "Save-Data": "on" }))).toBe(true);
    expect(await wantsSaveData(request({ "Save-Data": " On " }))).toBe(true);
    expect(await wantsSaveData(request({ "Save-Data": "off" }))).toBe(false);
    expect(await wantsSaveData(request({}))).toBe(false);
  });

  it("lets the learner's own choice win over the header", async () => {
    const on = (await dataSaverCookie.serialize("on")).split(";")[0] ?? "";
    const off = (await dataSaverCookie.serialize("off")).split(";")[0] ?? "";
    expect(await wantsSaveData(request({ Cookie: on }))).toBe(true);
    expect(await wantsSaveData(request({ Cookie: off, "Save-Data": "on" }))).toBe(false);
    expect(await wantsSaveData(request({ Cookie: "data-saver=garbage", "Save-Data": "on" }))).toBe(true);
  });
});
