import { beforeEach, describe, expect, it } from "vitest";
import { caught, context, dataOf, get, having, post, replyOf, signedInCookie, UPSTREAM_FAILED, withLegacy } from "./helpers";

/** The leader auditor profile's loaders and actions against the mock's leader extensions. */
const legacy = withLegacy();
let leader: string;
let learner: string;
beforeEach(async () => {
  legacy().setFaults({ errorRate: 0, missingPaths: [] });
  leader = await signedInCookie("carlos.ruiz@academia.test");
  learner = await signedInCookie();
});

const ANA = 1;
const LUCIA = { id: 3, code: "100003" };

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context });

async function teamIds(): Promise<number[]> {
  const { loader } = await import("~/routes/_app+/profile_auditor+/_layout");
  const page = await loader(args(get("/profile_auditor", leader)));
  return (page.team ?? []).map((member) => member.id);
}

const withoutExtensions = () => legacy().setFaults({ missingPaths: ["/leader/"] });

describe("auditor profile page", () => {
  it("shows the leader and the team with each member's progress", async () => {
    const { loader } = await import("~/routes/_app+/profile_auditor+/_layout");
    const page = await loader(args(get("/profile_auditor", leader)));
    expect(page.user.name).toBe("Carlos Ruiz");
    expect(page.team?.map((member) => member.name)).toEqual(expect.arrayContaining(["Ana Martínez"]));
    const ana = page.team?.find((member) => member.id === ANA);
    expect(ana?.code).toBe("100001");
    expect(ana?.progress.length).toBeGreaterThan(0);
    // Each course's state comes from the language-independent field, not the Spanish status text.
    expect(ana?.levels.slice(0, 2).map((level) => level.items.map((item) => item.key))).toEqual([
      ["completed", "completed"],
      ["started", "notStarted", "notStarted"],
    ]);
  });

  it("says 'Próximamente' (team null) when the upstream lacks the extension", async () => {
    withoutExtensions();
    const { loader } = await import("~/routes/_app+/profile_auditor+/_layout");
    const page = await loader(args(get("/profile_auditor", leader)));
    expect(page.team).toBeNull();
    expect(page.user.name).toBe("Carlos Ruiz");
  });

  it("is a 404 for a learner", async () => {
    const { loader } = await import("~/routes/_app+/profile_auditor+/_layout");
    expect((await caught(loader(args(get("/profile_auditor", learner))))).status).toBe(404);
  });

  it("fails on a 500 (the error page), not silently", async () => {
    legacy().setFaults({ errorRate: 1 });
    const { loader } = await import("~/routes/_app+/profile_auditor+/_layout");
    await expect(loader(args(get("/profile_auditor", leader)))).rejects.toThrow();
  });
});

describe("add a person", () => {
  const addStep = async (fields: Record<string, string>, cookie = leader) => {
    const { action } = await import("~/routes/_app+/profile_auditor+/add");
    return replyOf(await action(args(post("/profile_auditor/add", fields, cookie))));
  };
  const stepOf = async (fields: Record<string, string>) => (await addStep(fields)).data;

  it("finds a person by the exact code and asks for confirmation", async () => {
    const found = await stepOf({ intent: "search", code: ` ${LUCIA.code} ` });
    expect(found).toMatchObject({ step: "results", code: LUCIA.code });
    expect(having(found, "candidates").candidates).toEqual([
      expect.objectContaining({ id: LUCIA.id, name: "Lucía Gómez", inTeam: false }),
    ]);
    expect(having(await stepOf({ intent: "search", code: "10000" }), "candidates").candidates).toEqual([]);
    const confirm = await stepOf({ intent: "confirm", code: LUCIA.code, user_id: String(LUCIA.id) });
    expect(confirm).toEqual({ step: "confirm", code: LUCIA.code, candidate: { id: LUCIA.id, name: "Lucía Gómez" } });
  });

  it("finds nobody for an empty search, and does not confirm someone already in the team", async () => {
    expect(await stepOf({ intent: "search", code: "" })).toEqual({ step: "results", code: "", candidates: [] });
    const member = await stepOf({ intent: "confirm", code: "100001", user_id: String(ANA) });
    expect(member.step).toBe("results");
    expect(having(member, "candidates").candidates?.[0]?.inTeam).toBe(true);
  });

  it("answers a code over 64 characters with the length message, keeping it", async () => {
    const code = "1".repeat(65);
    const reply = await addStep({ intent: "search", code });
    expect(reply.status).toBe(400);
    expect(reply.data).toEqual({ step: "results", code, candidates: [], codeErrors: ["maxChars:64"] });
  });

  it("adds the person", async () => {
    const added = await stepOf({ intent: "add", code: LUCIA.code, user_id: String(LUCIA.id) });
    expect(added).toEqual({ step: "added", message: "¡Persona agregada a tu equipo!" });
    expect(await teamIds()).toContain(LUCIA.id);
  });

  it("adds only someone the exact code finds who is not in the team yet, whatever the browser sends", async () => {
    const before = await teamIds();
    for (const fields of [
      { intent: "add", code: "100001", user_id: String(ANA) },
      { intent: "add", code: "10000", user_id: String(LUCIA.id) },
      { intent: "add", code: "100001", user_id: String(LUCIA.id) },
      { intent: "add", code: "", user_id: "0" },
    ]) {
      const reply = await addStep(fields);
      expect(reply.status).toBe(409);
      expect(reply.data).toMatchObject({
        step: "results",
        errors: ["Esa persona no está entre los resultados o ya está en tu equipo"],
      });
    }
    expect(await teamIds()).toEqual(before);
  });

  it("shows the server's message for a refusal (402) and stays on the confirmation, named by the search", async () => {
    legacy().setFaults({ refusePath: "/leader/team/add" });
    const reply = await addStep({ intent: "add", code: LUCIA.code, user_id: String(LUCIA.id), name: "Someone Else" });
    expect(reply.status).toBe(400);
    expect(reply.data).toMatchObject({ step: "confirm", candidate: { id: LUCIA.id, name: "Lucía Gómez" } });
    expect(having(reply.data, "result").result.error).toEqual({ "": ["La solicitud fue rechazada"] });
  });

  it("says 'Ups algo salio mal' on a 500", async () => {
    legacy().setFaults({ errorRate: 1 });
    const reply = await addStep({ intent: "add", code: LUCIA.code, user_id: String(LUCIA.id) });
    expect(reply.status).toBe(400);
    expect(reply.data).toMatchObject({ step: "results", errors: UPSTREAM_FAILED });
  });

  it("says 'Próximamente' without the extension, in the search and on adding", async () => {
    withoutExtensions();
    expect(having(await stepOf({ intent: "search", code: LUCIA.code }), "candidates").candidates).toBeNull();
    const reply = await addStep({ intent: "add", code: LUCIA.code, user_id: String(LUCIA.id) });
    expect(reply.data).toEqual({ step: "results", code: LUCIA.code, candidates: null });
  });

  it("refuses a learner", async () => {
    const { action, loader } = await import("~/routes/_app+/profile_auditor+/add");
    expect((await caught(loader(args(get("/profile_auditor/add", learner))))).status).toBe(404);
    expect((await caught(action(args(post("/profile_auditor/add", { intent: "search", code: "100003" }, learner))))).status).toBe(
      404,
    );
  });
});

describe("remove a person", () => {
  const removeArgs = (cookie: string, userId = ANA) =>
    args(post(`/profile_auditor/remove/${userId}`, { user_id: String(userId) }, cookie), { member: String(userId) });

  it("asks about a team member, removes them and gives the removal notice", async () => {
    const { action, loader } = await import("~/routes/_app+/profile_auditor+/remove.$member");
    const before = await loader(args(get(`/profile_auditor/remove/${ANA}`, leader), { member: String(ANA) }));
    expect(before.member).toEqual({ id: ANA, name: "Ana Martínez" });
    const result = dataOf(await action(removeArgs(leader)));
    expect(result.removed).toBe("La persona fue retirada de tu equipo");
    expect(await teamIds()).not.toContain(ANA);
    const after = await loader(args(get(`/profile_auditor/remove/${ANA}`, leader), { member: String(ANA) }));
    expect(after).toMatchObject({ available: true, member: null });
  });

  it("shows the server's message for a 402 (not in the team)", async () => {
    const { action } = await import("~/routes/_app+/profile_auditor+/remove.$member");
    const reply = replyOf(await action(removeArgs(leader, LUCIA.id)));
    expect(reply.data.result.error?.[""]?.[0]).toMatch(/\S/);
    expect(reply.data.result.error?.[""]?.[0]).not.toBe("Ups algo salio mal");
  });

  it("answers a field error and says 'Ups algo salio mal' on a 500", async () => {
    const { action } = await import("~/routes/_app+/profile_auditor+/remove.$member");
    const missing = replyOf(await action(args(post(`/profile_auditor/remove/1`, {}, leader), { member: "1" })));
    expect(missing.data.result.error).toEqual({ user_id: ["required"] });
    legacy().setFaults({ errorRate: 1 });
    const reply = replyOf(await action(removeArgs(leader)));
    expect(reply.data.result.error).toEqual({ "": UPSTREAM_FAILED });
  });

  it("says 'Próximamente' without the extension", async () => {
    withoutExtensions();
    const { action, loader } = await import("~/routes/_app+/profile_auditor+/remove.$member");
    expect(await loader(args(get(`/profile_auditor/remove/${ANA}`, leader), { member: String(ANA) }))).toMatchObject({
      available: false,
      member: null,
    });
    expect(replyOf(await action(removeArgs(leader))).data.result.error).toEqual({ "": ["Próximamente"] });
  });

  it("refuses a learner", async () => {
    const { action } = await import("~/routes/_app+/profile_auditor+/remove.$member");
    expect((await caught(action(removeArgs(learner)))).status).toBe(404);
  });
});

describe("upload material", () => {
  const material = (fields: Record<string, string> = {}) => ({
    title: "Entrevistas de auditoría",
    type: "4",
    link: "https://videos.example.com/entrevistas",
    date: "2026-11-23",
    comments: "Para la ruta inicial",
    ...fields,
  });

  it("shares the material", async () => {
    const { action } = await import("~/routes/_app+/profile_auditor+/material");
    const result = dataOf(await action(args(post("/profile_auditor/material", material(), leader))));
    expect(result.sent).toBe("¡Acción realizada con éxito!");
  });

  it("shares a real intranet link longer than the spec's 64 characters, whole (the 2,048 deviation)", async () => {
    const link = `https://intranet.example.com/sites/auditoria/Documentos%20compartidos/${"carpeta/".repeat(120)}guia.pdf?web=1`;
    const { action } = await import("~/routes/_app+/profile_auditor+/material");
    const result = dataOf(await action(args(post("/profile_auditor/material", material({ link }), leader))));
    expect(result.sent).toBe("¡Acción realizada con éxito!");
    const headers = { "X-App-Key": "test-app-key-0123", "Content-Type": "application/json" };
    const login = await fetch(`${legacy().url}/auth/login`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email: "ana.martinez@academia.test", password: "Academia2026!" }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const home = await fetch(`${legacy().url}/general/home_activities`, {
      headers: { ...headers, Authorization: `Bearer ${token}` },
    });
    expect(await home.text()).toContain(JSON.stringify(link));
  });

  it("answers the material rules and keeps what was typed", async () => {
    const { action } = await import("~/routes/_app+/profile_auditor+/material");
    const reply = replyOf(
      await action(
        args(
          post(
            "/profile_auditor/material",
            material({ title: "x", type: "9", link: "javascript:alert(1)", date: "2026-02-30" }),
            leader,
          ),
        ),
      ),
    );
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.data.result.error ?? {}).sort()).toEqual(["date", "link", "title", "type"]);
    expect(reply.data.result.initialValue?.comments).toBe("Para la ruta inicial");
  });

  it("says 'Ups algo salio mal' on a 500 and keeps the input", async () => {
    legacy().setFaults({ errorRate: 1 });
    const { action } = await import("~/routes/_app+/profile_auditor+/material");
    const reply = replyOf(await action(args(post("/profile_auditor/material", material(), leader))));
    expect(reply.data.result.error).toEqual({ "": UPSTREAM_FAILED });
    expect(reply.data.result.initialValue?.title).toBe("Entrevistas de auditoría");
  });

  it("says 'Próximamente' without the extension and keeps the input", async () => {
    withoutExtensions();
    const { action } = await import("~/routes/_app+/profile_auditor+/material");
    const reply = replyOf(await action(args(post("/profile_auditor/material", material(), leader))));
    expect(reply.data.result.error).toEqual({ "": ["Próximamente"] });
    expect(reply.data.result.initialValue?.link).toBe("https://videos.example.com/entrevistas");
  });

  it("refuses a learner", async () => {
    const { action, loader } = await import("~/routes/_app+/profile_auditor+/material");
    expect((await caught(loader(args(get("/profile_auditor/material", learner))))).status).toBe(404);
    expect((await caught(action(args(post("/profile_auditor/material", material(), learner))))).status).toBe(404);
  });
});
