import sharp from "sharp";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { formatDate } from "~/lib/format";
import { png, pngThenHtml } from "../png";
import { context, dataOf, get, post, replyOf, signedInCookie, UPSTREAM_FAILED, withLegacy } from "./helpers";

const legacy = withLegacy();
let cookie: string;
beforeEach(async () => {
  legacy().setFaults({ errorRate: 0, latencyMs: 0, refusePath: null });
  cookie = await signedInCookie();
});

async function profileOf(sessionCookie: string) {
  const { loader } = await import("~/routes/_app+/profile+/_page+/_layout");
  return dataOf(await loader({ request: get("/profile", sessionCookie), params: {}, context }));
}

describe("profile page loader", () => {
  it("shows the learner's profile with VR progress in long dates and whole minutes", async () => {
    const profile = await profileOf(cookie);
    expect(profile.name).toBe("Ana Martínez");
    expect(profile.isLeader).toBe(false);
    expect(profile.certifications.length).toBeGreaterThan(0);
    expect(profile.university?.acronym).toBe("UNAM");
    expect(profile.languages).toEqual([
      { name: "Español", isoCode: "es", proficiency: "Nativo" },
      { name: "Inglés", isoCode: "en", proficiency: "Intermedio" },
    ]);
    // The seed: started 20 days ago, finished 18, last seen 2 days 3 hours ago; 3 attempts of 1260 s in all.
    const daysAgo = (days: number, hours = 0) =>
      formatDate(new Date(Date.now() - (days * 24 + hours) * 3_600_000).toISOString(), "es");
    expect(profile.vr).toEqual({
      initiated: daysAgo(20),
      finalized: daysAgo(18),
      lastSeen: daysAgo(2, 3),
      attempts: 3,
      minutes: 21,
    });
    expect(profile.vr?.initiated).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);
  });

  it("names the languages in English for an English session", async () => {
    const { localeCookie } = await import("~/infra/language.server");
    const profile = await profileOf(`${cookie}; ${(await localeCookie.serialize("en")).split(";")[0]}`);
    expect(profile.languages.map((language) => language.name)).toEqual(["Spanish", "English"]);
  });

  it("marks the leader and leaves out VR for a user without it", async () => {
    expect((await profileOf(await signedInCookie("carlos.ruiz@academia.test"))).isLeader).toBe(true);
    expect((await profileOf(await signedInCookie("lucia.gomez@academia.test"))).vr).toBeNull();
  });
});

const education = { university: "Instituto Tecnológico Autónomo de México", acronym: "ITAM", degree: "Maestría en Auditoría" };

describe("education action", () => {
  const send = async (fields: Record<string, string>) => {
    const { action } = await import("~/routes/_app+/profile+/_page+/education");
    return replyOf(await action({ request: post("/profile/education", fields, cookie), params: {}, context }));
  };

  it("saves and the profile shows the new education", async () => {
    const { status, data: body } = await send(education);
    expect(status).toBe(200);
    expect(body.message).toBe("¡Dato agregado con éxito!");
    expect((await profileOf(cookie)).university).toMatchObject({
      name: education.university,
      acronym: "ITAM",
      degree: education.degree,
    });
  });

  it("posted without JavaScript (the browser's own navigation), goes back to the profile with the message as a toast", async () => {
    const { action } = await import("~/routes/_app+/profile+/_page+/education");
    const request = post("/profile/education", education, cookie);
    request.headers.set("Sec-Fetch-Dest", "document");
    const response = await action({ request, params: {}, context }).catch((thrown: unknown) => thrown);
    expect(response).toBeInstanceOf(Response);
    const redirect = response as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/profile");
    const { getToast } = await import("~/infra/toast.server");
    const toastCookie = redirect.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    const { toast } = await getToast(new Request("http://localhost/profile", { headers: { Cookie: toastCookie } }));
    expect(toast).toMatchObject({ type: "success", message: "¡Dato agregado con éxito!" });
    // A form refused is the dialog again, whatever posted it.
    const refused = post("/profile/education", { ...education, degree: "ab" }, cookie);
    refused.headers.set("Sec-Fetch-Dest", "document");
    expect(replyOf(await action({ request: refused, params: {}, context })).status).toBe(400);
  });

  it("answers the field rules and keeps what was typed", async () => {
    const { status, data: body } = await send({ ...education, degree: "ab" });
    expect(status).toBe(400);
    expect(body.result?.error).toEqual({ degree: ["minChars:3"] });
    expect(body.result?.initialValue).toMatchObject({ ...education, degree: "ab" });
  });

  it("refuses an acronym past the legacy API's limit before calling it", async () => {
    const { status, data: body } = await send({ ...education, acronym: "A".repeat(33) });
    expect(status).toBe(400);
    expect(body.result?.error).toEqual({ acronym: ["maxChars:32"] });
  });

  it("shows the server's message on a 402 and 'Ups algo salio mal' on a 500, keeping the input", async () => {
    legacy().setFaults({ refusePath: "/user/university" });
    const refused = await send(education);
    expect(refused.status).toBe(400);
    expect(refused.data.result?.error?.[""]).toEqual(["La solicitud fue rechazada"]);
    legacy().setFaults({ refusePath: null, errorRate: 1 });
    const failed = await send(education);
    expect(failed.data.result?.error?.[""]).toEqual(UPSTREAM_FAILED);
    expect(failed.data.result?.initialValue).toMatchObject(education);
  });
});

describe("languages action", () => {
  const rows = {
    "languages[0].language": "es",
    "languages[0].level": "Nativo",
    "languages[1].language": "en",
    "languages[1].level": "Intermedio",
  };
  const send = async (fields: Record<string, string>) => {
    const { action } = await import("~/routes/_app+/profile+/_page+/languages");
    return replyOf(await action({ request: post("/profile/languages", fields, cookie), params: {}, context }));
  };

  it("knows each language's code by its name, for rows sent without one", async () => {
    const { loader } = await import("~/routes/_app+/profile+/_page+/languages");
    const { codes } = dataOf(await loader({ request: get("/profile/languages", cookie), params: {}, context }));
    expect(codes).toMatchObject({ español: "es", inglés: "en", english: "en" });
  });

  it("saves both languages and an empty list clears them", async () => {
    const saved = await send(rows);
    expect(saved.data.message).toBe("¡Datos agregados con éxito!");
    expect((await profileOf(cookie)).languages.map((row) => [row.isoCode, row.proficiency])).toEqual([
      ["es", "Nativo"],
      ["en", "Intermedio"],
    ]);
    expect((await send({})).data.message).toBe("¡Datos agregados con éxito!");
    expect((await profileOf(cookie)).languages).toEqual([]);
  });

  it("adds and removes rows without JavaScript (conform intents) without saving", async () => {
    const before = (await profileOf(cookie)).languages;
    const added = await send({
      "languages[0].language": "es",
      "languages[0].level": "Nativo",
      __intent__: JSON.stringify({ type: "insert", payload: { name: "languages" } }),
    });
    expect(added.status).toBe(200);
    expect(added.data.message).toBeNull();
    expect(added.data.result?.initialValue?.languages).toHaveLength(2);
    const removed = await send({
      ...rows,
      __intent__: JSON.stringify({ type: "remove", payload: { name: "languages", index: 0 } }),
    });
    expect(removed.data.result?.initialValue?.languages).toEqual([{ language: "en", level: "Intermedio" }]);
    expect((await profileOf(cookie)).languages).toEqual(before);
  });

  it("refuses a repeated language and a third row", async () => {
    const repeated = await send({ ...rows, "languages[1].language": "es" });
    expect(repeated.status).toBe(400);
    expect(repeated.data.result?.error).toEqual({ "languages[1].language": ["invalid"] });
    const third = await send({ ...rows, "languages[2].language": "es", "languages[2].level": "Básico" });
    expect(third.data.result?.error?.languages).toEqual(["maxValue:2"]);
  });

  it("shows the server's message on a 402 and 'Ups algo salio mal' on a 500", async () => {
    legacy().setFaults({ refusePath: "/user/languages" });
    expect((await send(rows)).data.result?.error?.[""]).toEqual(["La solicitud fue rechazada"]);
    legacy().setFaults({ refusePath: null, errorRate: 1 });
    const failed = await send(rows);
    expect(failed.data.result?.error?.[""]).toEqual(UPSTREAM_FAILED);
    expect(failed.data.result?.initialValue).toMatchObject({ languages: [{ language: "es" }, { language: "en" }] });
  });
});

const MiB = 1024 * 1024;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A real 64 × 64 PNG, of exactly `size` bytes when given. */
const photo = (size?: number, name = "photo.png") => new File([png(64, 64, { size })], name, { type: "image/png" });

/** A file of `size` bytes that starts with `head` (the rest is zeros). */
function fileOf(size: number, head: number[] | string, name: string, type: string): File {
  const bytes = new Uint8Array(size);
  bytes.set(typeof head === "string" ? new TextEncoder().encode(head) : head);
  return new File([bytes], name, { type });
}

async function upload(file: File | null, sessionCookie = cookie) {
  const { action } = await import("~/routes/_app+/profile+/_page+/photo");
  const body = new FormData();
  if (file) body.set("file", file);
  const request = new Request("http://localhost/profile/photo", { method: "POST", body, headers: { Cookie: sessionCookie } });
  return replyOf(await action({ request, params: {}, context }));
}

describe("photo action", () => {
  it("uploads a PNG of exactly 4 MiB; the photo then waits for validation", async () => {
    const { status, data: body } = await upload(photo(4 * MiB));
    expect(status).toBe(200);
    expect(body.message).toBe("¡Fotografía cargada con éxito!");
    expect((await profileOf(cookie)).photoPending).toBe(true);
  });

  it("refuses a new photo with 409 while one waits for validation, without reading it", async () => {
    await upload(photo());
    const { action } = await import("~/routes/_app+/profile+/_page+/photo");
    const pull = vi.fn();
    const request = new Request("http://localhost/profile/photo", {
      method: "POST",
      body: new ReadableStream({ pull }, { highWaterMark: 0 }),
      headers: { Cookie: cookie, "Content-Type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    const { status, data: body } = replyOf(await action({ request, params: {}, context }));
    expect(status).toBe(409);
    expect(body.error).toBe("Tu foto de perfil está en proceso de validación");
    expect(pull).not.toHaveBeenCalled();
  });

  it("uploads a JPEG chosen without JavaScript", async () => {
    const jpeg = await sharp({ create: { width: 48, height: 48, channels: 3, background: "#abc" } })
      .jpeg()
      .toBuffer();
    const { data: body } = await upload(new File([new Uint8Array(jpeg)], "me.jpeg", { type: "image/jpeg" }));
    expect(body.message).toBe("¡Fotografía cargada con éxito!");
  });

  it.each(["foto;v=2.png", 'mi "foto".png', "línea\nnueva.png", "retrato 証明 😀.png", `${"f".repeat(296)}.png`])(
    "takes a photo whatever its file name: %s",
    async (name) => {
      const { status, data: body } = await upload(photo(undefined, name));
      expect(status).toBe(200);
      expect(body.message).toBe("¡Fotografía cargada con éxito!");
    },
  );

  it("refuses a 30000 × 30000 PNG (110 KB, gigabytes once decoded) with 422 and the limits, in the user's language", async () => {
    const bomb = new File([png(30000, 30000)], "photo.png", { type: "image/png" });
    const { status, data: body } = await upload(bomb);
    expect(status).toBe(422);
    expect(body.error).toBe("La imagen no debe superar 8000 px por lado ni 25 megapíxeles");
    expect((await profileOf(cookie)).photoPending).toBe(false);
    const { localeCookie } = await import("~/infra/language.server");
    const english = `${cookie}; ${(await localeCookie.serialize("en")).split(";")[0]}`;
    expect((await upload(bomb, english)).data.error).toBe("The image must not exceed 8000 px per side or 25 megapixels");
  });

  it("refuses 4 MiB + 1 byte with 413 and the spec's message", async () => {
    const { status, data: body } = await upload(fileOf(4 * MiB + 1, PNG_SIGNATURE, "photo.png", "image/png"));
    expect(status).toBe(413);
    expect(body.error).toBe("El archivo no debe superar los 4 MB");
    expect((await profileOf(cookie)).photoPending).toBe(false);
  });

  it.each([
    ["a renamed executable", fileOf(4096, [0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01], "photo.png", "image/png")],
    ["an HTML file named .png", fileOf(512, "<!doctype html><script>alert(1)</script>", "photo.png", "image/png")],
    ["a Windows executable named .jpg", fileOf(4096, "MZ\x90\x00", "photo.jpg", "image/jpeg")],
    ["a PNG signature followed by HTML", new File([pngThenHtml], "photo.png", { type: "image/png" })],
    ["a PNG signature followed by zeros", fileOf(4096, PNG_SIGNATURE, "photo.png", "image/png")],
  ])("refuses %s by its content", async (_name, file) => {
    const { status, data: body } = await upload(file);
    expect(status).toBe(415);
    expect(body.error).toBe("El archivo debe ser una imagen PNG o JPEG");
    expect((await profileOf(cookie)).photoPending).toBe(false);
  });

  it("asks for a file when none was chosen", async () => {
    const { status, data: body } = await upload(null);
    expect(status).toBe(400);
    expect(body.error).toBe("Elige una imagen PNG o JPEG");
  });

  it("shows the server's message on a 402 and the photo failure text on a 500", async () => {
    legacy().setFaults({ refusePath: "/user/profile_change_photo" });
    expect((await upload(photo())).data.error).toBe("La solicitud fue rechazada");
    legacy().setFaults({ refusePath: null, errorRate: 1 });
    const failed = await upload(photo());
    expect(failed.status).toBe(502);
    expect(failed.data.error).toBe("¡Ups! ¡Algo salió mal!");
  });

  it("shows the server's message on a 401 (spec §8) instead of leaving the dialog", async () => {
    legacy().reset();
    const { status, data: body } = await upload(photo());
    expect(status).toBe(400);
    expect(body.error).toBe("Unauthenticated.");
  });

  it("answers in English for an English session", async () => {
    const { localeCookie } = await import("~/infra/language.server");
    const english = `${cookie}; ${(await localeCookie.serialize("en")).split(";")[0]}`;
    const { data: body } = await upload(fileOf(4 * MiB + 1, PNG_SIGNATURE, "photo.png", "image/png"), english);
    expect(body.error).toBe("The file must not exceed 4 MB");
  });
});
