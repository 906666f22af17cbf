import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { login } from "~/lib/legacy/auth.server";
import { checkBadges, getBadges } from "~/lib/legacy/badges.server";
import { getDiagnose, getLastDiagnoses, saveUserDiagnose } from "~/lib/legacy/diagnose.server";
import { getTrainingCourseSections, getUniversities, getWorkPositions } from "~/lib/legacy/general.server";
import { addTeamMember, getTeam, removeTeamMember, searchTeamCandidates } from "~/lib/legacy/leader.server";
import { LegacyError } from "~/lib/legacy/request.server";
import { getNews } from "~/lib/legacy/news.server";
import { checkUpdates, getProfileInfo } from "~/lib/legacy/user.server";
import { startLegacy } from "./helpers";

let legacy: Awaited<ReturnType<typeof startLegacy>>;
beforeAll(async () => {
  legacy = await startLegacy();
});
afterAll(() => legacy.close());
beforeEach(() => legacy.reset());

async function as(email: string) {
  const { accessToken } = await login({ locale: "es" }, { email, password: "Academia2026!" });
  return { locale: "es" as const, token: accessToken };
}

describe("legacy client calls against the mock", () => {
  it("reads the catalogues, profile, news and updates", async () => {
    const ctx = await as("lucia.gomez@academia.test");
    expect((await getWorkPositions(ctx)).length).toBeGreaterThan(0);
    expect((await getUniversities(ctx))[0]).toMatchObject({ name: expect.any(String), acronym: expect.any(String) });
    expect((await getTrainingCourseSections(ctx)).length).toBe(3);
    expect((await getProfileInfo(ctx)).welcome).toBe(true);
    const updates = await checkUpdates(ctx);
    expect(updates.news.some((item) => item.key === "welcome")).toBe(true);
    expect(Array.isArray(await getNews(ctx))).toBe(true);
  });

  it("reads the diagnosis (options as a list or as JSON text) and saves answers", async () => {
    const ctx = await as("lucia.gomez@academia.test");
    const diagnose = await getDiagnose(ctx);
    expect(diagnose.questions.length).toBeGreaterThan(1);
    for (const question of diagnose.questions) expect(question.options.length).toBeGreaterThan(1);
    const answers = diagnose.questions.map((question) => ({ questionId: question.id, answer: question.options[0]?.id ?? 0 }));
    await saveUserDiagnose(ctx, diagnose.id, answers);
    const [last] = await getLastDiagnoses(ctx);
    expect(last?.answers).toEqual(answers);
    const missing = await saveUserDiagnose(ctx, diagnose.id, answers.slice(1)).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(LegacyError);
    expect((missing as LegacyError).kind).toBe("invalid");
  });

  it("lists badges and the newly earned ones", async () => {
    const ctx = await as("ana.martinez@academia.test");
    expect((await getBadges(ctx)).some((badge) => badge.earned)).toBe(true);
    expect((await checkBadges(ctx)).length).toBeGreaterThan(0);
  });

  it("lets a leader search, add and remove team members, and refuses a learner", async () => {
    const leader = await as("carlos.ruiz@academia.test");
    const before = await getTeam(leader);
    expect(await searchTeamCandidates(leader, "")).toEqual([]);
    const [candidate] = await searchTeamCandidates(leader, "100003");
    expect(candidate?.code).toBe("100003");
    const added = await addTeamMember(leader, candidate?.id ?? 0);
    expect(added.team).toHaveLength(before.length + 1);
    const again = await addTeamMember(leader, candidate?.id ?? 0).catch((error: unknown) => error);
    expect((again as LegacyError).kind).toBe("refused");
    expect((await removeTeamMember(leader, candidate?.id ?? 0)).team).toHaveLength(before.length);
    const learner = await as("ana.martinez@academia.test");
    expect((await getTeam(learner).catch((error: unknown) => error)) as LegacyError).toBeInstanceOf(LegacyError);
  });
});
