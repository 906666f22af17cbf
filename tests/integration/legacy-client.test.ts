import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { reportActivity } from "~/legacy/activities.server";
import {
  assignNewPassword,
  login,
  loginOrRegister,
  loginWithToken,
  logout,
  requestPasswordReset,
  verifyPasswordToken,
} from "~/legacy/auth.server";
import { checkBadges, getBadges, viewBadge } from "~/legacy/badges.server";
import { getDiagnose, saveUserDiagnose } from "~/legacy/diagnose.server";
import {
  getHomeActivities,
  getTrainingTopics,
  getTrainingTypeContents,
  getUniversities,
  getVrPin,
  getWorkPositions,
} from "~/legacy/general.server";
import {
  getFaq,
  getSuggestionCategories,
  getSupportCategories,
  getSupportRequests,
  saveSuggestion,
  saveSupportRequest,
  sendContactComment,
} from "~/legacy/help.server";
import { getLanguages } from "~/legacy/languages.server";
import { addTeamMember, getTeam, removeTeamMember, searchTeamCandidates, uploadMaterial } from "~/legacy/leader.server";
import { getRanking } from "~/legacy/ranking.server";
import { type LegacyContext, LegacyError } from "~/legacy/request.server";
import { getLearningPaths, getProfileProgress, getAcademy, getUserPoints, getUserProgress } from "~/legacy/training.server";
import { checkTriviaGame, getTriviaGames } from "~/legacy/trivia.server";
import {
  changeProfilePhoto,
  checkUpdates,
  deleteNotification,
  getNotifications,
  getProfileInfo,
  getUserInfo,
  markNotificationSeen,
  markUserNewsViewed,
  saveCertificate,
  saveLanguages,
  saveUniversity,
  updateProfileData,
} from "~/legacy/user.server";
import { withLegacy } from "./helpers";

const PASSWORD = "Academia2026!";
const ANA = "ana.martinez@academia.test";
const CARLOS = "carlos.ruiz@academia.test";
const LUCIA = "lucia.gomez@academia.test";

const legacy = withLegacy();

const guest: LegacyContext = { locale: "es" };

async function signedIn(email: string): Promise<LegacyContext> {
  const { accessToken } = await login(guest, { email, password: PASSWORD });
  return { locale: "es", token: accessToken };
}

/** The LegacyError a call rejects with (fails the test if it resolves). */
async function failure(promise: Promise<unknown>): Promise<LegacyError> {
  const reason = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(reason instanceof LegacyError)) throw new Error(`expected a LegacyError, got ${String(reason)}`);
  return reason;
}

async function latestRecoveryToken(): Promise<string> {
  const reply = await fetch(`${new URL(legacy().url).origin}/__mock/outbox`);
  const { messages } = (await reply.json()) as { messages: Array<{ token: string }> };
  const token = messages.at(-1)?.token;
  if (!token) throw new Error("no recovery message in the outbox");
  return token;
}

describe("auth", () => {
  it("signs in by password, employee number and SSO parameters, and refuses bad credentials", async () => {
    const byPassword = await login(guest, { email: ANA, password: PASSWORD });
    expect(byPassword.accessToken).not.toBe("");
    expect(byPassword.user).toMatchObject({ id: 1, firstName: "Ana", isLeader: false, welcome: false });

    expect((await loginOrRegister(guest, { email: "100002" })).user).toMatchObject({ id: 2, isLeader: true });
    expect((await loginWithToken(guest, { employee_number: "100003" })).user.welcome).toBe(true);

    const refused = await failure(login(guest, { email: ANA, password: "wrong-password" }));
    expect(refused).toMatchObject({ kind: "refused", status: 402, serverMessage: "Usuario o contraseña incorrectos" });
  });

  it("recovers a password through the e-mailed token", async () => {
    expect(await requestPasswordReset(guest, { email: LUCIA })).toEqual({ email: LUCIA });
    const token = await latestRecoveryToken();
    expect(await verifyPasswordToken(guest, { token })).toEqual({ token, email: LUCIA });

    const reset = await assignNewPassword(guest, { token, password: "Nueva2026!", password_confirmation: "Nueva2026!" });
    expect(reset.user.email).toBe(LUCIA);
    expect((await login(guest, { email: LUCIA, password: "Nueva2026!" })).user.id).toBe(3);

    const expired = await failure(verifyPasswordToken(guest, { token: "expired-token-000000" }));
    expect(expired).toMatchObject({ kind: "refused", status: 402, serverMessage: "El token de verificación ha expirado" });
  });

  it("signs out: the token stops working", async () => {
    const ctx = await signedIn(ANA);
    expect(await logout(ctx)).toBe("La sesión ha finalizado");
    expect(await failure(getUserInfo(ctx))).toMatchObject({ kind: "unauthorized", status: 401 });
  });
});

describe("user", () => {
  it("reads the full profile with its aliases normalised", async () => {
    const ctx = await signedIn(ANA);
    const info = await getUserInfo(ctx);
    expect(info).toMatchObject({
      employeeNumber: "100001",
      fullName: "Ana Martínez",
      profileLabel: "Auditor Junior",
      workPosition: { id: 2, name: "Auditor Junior" },
      ranking: 14,
      points: 1310,
      photoPending: false,
      university: { id: 1, acronym: "UNAM", degree: "Licenciatura en Contaduría" },
      experienceVr: { attempts: 3, durationSeconds: 1260 },
    });
    expect(info.photoUrl).toMatch(/\/storage\/avatars\/ana-martinez\.png$/);
    expect(info.statistics).toContainEqual({ name: "Puntos", value: 1310 });
    expect(info.achievements.map((group) => group.title)).toEqual(["Cursos completados", "Insignias"]);
    expect(info.badges.find((badge) => !badge.seen)?.name).toBe("Aprendiz constante");
    expect(info.certificates.map((certificate) => certificate.type)).toEqual(["CERTIFICATE", "COURSE"]);
    expect(info.languages).toEqual([
      { languageId: 1, name: "Español", isoCode: "es", proficiency: "Nativo" },
      { languageId: 2, name: "Inglés", isoCode: "en", proficiency: "Intermedio" },
    ]);
    expect(await getProfileInfo(ctx)).toEqual(info);
  });

  it("uploads a photo that then waits for validation", async () => {
    const ctx = await signedIn(ANA);
    const png = await readFile("mock/files/avatars/avatar-1.png");
    const { message, user } = await changeProfilePhoto(ctx, new Blob([png], { type: "image/png" }), "me.png");
    expect(message).toBe("¡Fotografía cargada con éxito!");
    expect(user.photoPending).toBe(true);
    expect(user.photoUrl).toMatch(/\/storage\/uploads\/.+\.png$/);
  });

  it("updates the profile, the university and the languages, and reads the changes back", async () => {
    const ctx = await signedIn(LUCIA);
    const updated = await updateProfileData(ctx, {
      fullName: "Lucía Gómez Pérez",
      nickname: "Lu",
      workPositionId: 3,
      university: "Universidad de Guadalajara",
      acronym: "UDG",
      degree: "Licenciatura en Finanzas",
      languages: [{ language: "es", level: "Nativo" }],
    });
    expect(updated.user).toMatchObject({ fullName: "Lucía Gómez Pérez", nickname: "Lu", workPosition: { id: 3 } });

    const invalid = await failure(
      updateProfileData(ctx, { fullName: "L", nickname: "Lu", university: "U", acronym: "U", degree: "D" }),
    );
    expect(invalid.kind).toBe("invalid");
    expect(invalid.status).toBe(422);
    expect(invalid.fieldErrors.full_name).toEqual(["El número mínimo de caracteres es 2"]);

    const education = await saveUniversity(ctx, { degree: "Maestría en Auditoría", university: "ITAM", acronym: "ITAM" });
    expect(education.user.university).toMatchObject({ id: 2, degree: "Maestría en Auditoría" });

    const languages = await saveLanguages(ctx, [
      { language: "es", level: "Nativo" },
      { language: "Inglés", level: "Avanzado" },
    ]);
    expect(languages.message).toBe("¡Datos agregados con éxito!");
    expect((await getProfileInfo(ctx)).languages.map((item) => `${item.isoCode}:${item.proficiency}`)).toEqual([
      "es:Nativo",
      "en:Avanzado",
    ]);
    const repeated = await failure(
      saveLanguages(ctx, [
        { language: "es", level: "Nativo" },
        { language: "es", level: "Básico" },
      ]),
    );
    expect(repeated.fieldErrors.languages).toEqual(["Este valor está repetido"]);
  });

  it("saves a certificate with its file, and surfaces the server's refusal", async () => {
    const ctx = await signedIn(ANA);
    const pdf = new Blob([new TextEncoder().encode("%PDF-1.4\n%test\n")], { type: "application/pdf" });
    const saved = await saveCertificate(ctx, {
      certificate: "Certified Fraud Examiner",
      certificateType: "COURSE",
      institution: "ACFE",
      expeditionDate: "2025-03-01",
      credentialId: "CFE-1",
      file: { blob: pdf, name: "cfe.pdf" },
    });
    expect(saved.message).toBe("¡Certificado guardado con éxito!");
    expect(saved.certificate).toMatchObject({ name: "Certified Fraud Examiner", type: "COURSE", expeditionDate: "2025-03-01" });
    expect(saved.certificate?.fileUrl).toMatch(/\/storage\/uploads\/.+\.pdf$/);
    expect((await getProfileInfo(ctx)).certificates).toHaveLength(3);

    const refused = await failure(
      saveCertificate(ctx, {
        certificate: "Otro",
        certificateType: "CERTIFICATE",
        institution: "error",
        expeditionDate: "2025-03-01",
      }),
    );
    expect(refused).toMatchObject({
      kind: "refused",
      status: 402,
      serverMessage: "La institución indicada no pudo validar el certificado",
    });
  });

  it("lists notifications, marks one seen and deletes one", async () => {
    const ctx = await signedIn(ANA);
    const notifications = await getNotifications(ctx);
    expect(notifications).toHaveLength(5);
    expect(notifications.filter((item) => !item.seen)).toHaveLength(3);
    expect(notifications.some((item) => item.shortDescriptionHtml.includes("<script>"))).toBe(true);
    expect((await checkUpdates(ctx)).unseenNotifications).toBe(3);

    const unseen = notifications.find((item) => !item.seen);
    const seen = await markNotificationSeen(ctx, unseen?.id ?? 0);
    expect(seen).toMatchObject({ id: unseen?.id, seen: true });
    expect((await checkUpdates(ctx)).unseenNotifications).toBe(2);

    await deleteNotification(ctx, seen.id);
    expect((await getNotifications(ctx)).map((item) => item.id)).not.toContain(seen.id);
    expect(await failure(markNotificationSeen(ctx, seen.id))).toMatchObject({ kind: "unavailable", status: 404 });
  });

  it("clears the welcome flag once the welcome news is viewed", async () => {
    const ctx = await signedIn(LUCIA);
    const { news } = await checkUpdates(ctx);
    const welcome = news.find((item) => item.key === "welcome");
    expect(welcome?.videoUrl).toMatch(/^http/);
    const user = await markUserNewsViewed(ctx, welcome?.id ?? 0);
    expect(user.welcome).toBe(false);
    expect((await checkUpdates(ctx)).news.map((item) => item.key)).not.toContain("welcome");
  });
});

describe("languages", () => {
  it("lists the interface languages without a token", async () => {
    expect(await getLanguages(guest)).toEqual([
      { id: 1, name: "Español", nativeName: "Español", isoCode: "es", isDefault: true },
      { id: 2, name: "Inglés", nativeName: "English", isoCode: "en", isDefault: false },
    ]);
  });
});

describe("general catalogues", () => {
  it("reads the catalogues, the VR PIN and the home lists", async () => {
    const ctx = await signedIn(ANA);
    expect(await getWorkPositions(ctx)).toHaveLength(6);
    expect(await getUniversities(ctx)).toContainEqual({
      id: 1,
      name: "Universidad Nacional Autónoma de México",
      acronym: "UNAM",
    });
    expect((await getTrainingTopics(ctx)).filter((topic) => topic.selected).map((topic) => topic.id)).toEqual([1, 2]);
    const types = await getTrainingTypeContents(ctx);
    expect(types.map((type) => type.name)).toContain("Wikiguía");
    expect(types.filter((type) => type.selected).map((type) => type.id)).toEqual([3, 5]);

    const pin = await getVrPin(ctx);
    expect(pin).toHaveLength(6);
    expect(pin.every((digit) => Number.isInteger(digit) && digit >= 0 && digit <= 9)).toBe(true);

    const home = await getHomeActivities(ctx);
    expect(home.recent).toHaveLength(6);
    expect(home.mostViewed[0]?.id).toBe(101);
    expect(home.sharedByLeaders.length).toBeGreaterThan(0);
    expect(home.sharedByLeaders.every((activity) => activity.contentType.key === "external_link")).toBe(true);
  });
});

describe("cached catalogues", () => {
  it("meet a failure of the shared call with each caller's own handling", async () => {
    const ana = await signedIn(ANA);
    const signOut = new Response(null, { status: 302, headers: { Location: "/login" } });
    const expired: LegacyContext = { locale: "en", token: "expired-token", onUnauthorized: async () => signOut };
    // The expired caller's miss starts the shared call; Ana joins it and still gets the list,
    // while only the expired caller is sent to sign in.
    const [first, second] = await Promise.allSettled([
      getSuggestionCategories(expired),
      getSuggestionCategories({ ...ana, locale: "en", onUnauthorized: async () => new Response("not Ana") }),
    ]);
    expect(first).toEqual({ status: "rejected", reason: signOut });
    expect(second.status === "fulfilled" && second.value.length).toBeGreaterThan(0);

    legacy().setFaults({ errorRate: 1 });
    try {
      const outage = (requestId: string) => ({ ...ana, locale: "en" as const, onUnavailable: () => requestId });
      const replies = await Promise.allSettled([getFaq(outage("first")), getFaq(outage("second"))]);
      expect(replies).toEqual([
        { status: "rejected", reason: "first" },
        { status: "rejected", reason: "second" },
      ]);
    } finally {
      legacy().setFaults({ errorRate: 0 });
    }
  });
});

describe("training and activities", () => {
  it("reads four routes with every content type, the escape rooms flagged", async () => {
    const ctx = await signedIn(ANA);
    const routes = await getLearningPaths(ctx);
    expect(routes.map((route) => route.slug)).toEqual([
      "formacion-inicial",
      "formacion-requerida",
      "formacion-dirigida",
      "formacion-especializada",
    ]);
    expect(routes.map((route) => route.active)).toEqual([true, true, false, true]);
    const activities = routes.flatMap((route) => route.courses.flatMap((course) => course.activities));
    expect(activities.filter((activity) => activity.isEscapeRoom).map((activity) => activity.id)).toEqual([109, 209]);
    const scorm = activities.find((activity) => activity.id === 106);
    expect(scorm).toMatchObject({ contentType: { key: "elearning" }, durationMinutes: 10, sectionId: 1 });
    expect(scorm?.media?.fullDecompressionPath).toMatch(/\/storage\/scorm\/intro-auditoria\/$/);
    expect(activities.find((activity) => activity.id === 204)?.content?.linkDesk).toBe("VIDEO");
    expect(activities.find((activity) => activity.id === 108)?.parent?.id).toBe(101);
  });

  it("reads progress, points, route points, profile progress and the academy", async () => {
    const ctx = await signedIn(ANA);
    const progress = await getUserProgress(ctx);
    expect(progress.find((record) => record.activityId === 201)).toMatchObject({ type: "ACTIVITY", finalized: true });
    expect(progress.find((record) => record.activityId === 203)).toMatchObject({ initiated: true, finalized: false });

    const points = await getUserPoints(ctx);
    expect(points).toMatchObject({ points: 1310, ranking: 14, leaderEvaluation: "no_started", expertEvaluation: "no_started" });
    expect(points.routes.map((route) => route.escapeRoom?.locked ?? null)).toEqual([false, true, null, null]);

    const bars = await getProfileProgress(ctx);
    expect(bars.map((bar) => bar.name)).toEqual([
      "Formación inicial",
      "Formación requerida",
      "Formación especializada",
      "Formación consultiva",
    ]);
    expect(bars.every((bar) => bar.progress >= 0 && bar.progress <= 100)).toBe(true);

    const academy = await getAcademy(ctx);
    expect(academy?.emulators.title).toBe("Simulador BEA");
    expect(academy?.learningRoute.courses.map((course) => course.id)).toEqual([11, 12, 13]);
    expect(academy?.videoTips.courses[0]?.activities.length).toBeGreaterThan(0);
  });

  it("reports the player's calls and reads the progress back", async () => {
    const ctx = await signedIn(ANA);
    const routes = await getLearningPaths(ctx);
    const workshop = routes[1]?.courses.flatMap((course) => course.activities).find((activity) => activity.id === 203);
    const [firstModule] = workshop?.modules ?? [];

    expect((await reportActivity(ctx, "started", { activity: 203 })).activityId).toBe(203);
    const timed = await reportActivity(ctx, "update_time", { activity: 203, time: 2 });
    expect(timed.taskDuration).toBe(8);
    const saved = await reportActivity(ctx, "update_user_data", { activity: 203, userData: { "cmi.core.lesson_location": "3" } });
    expect(JSON.parse(saved.userData ?? "null")).toEqual({ "cmi.core.lesson_location": "3" });
    expect((await reportActivity(ctx, "update_points", { activity: 203, progress: 50 })).progress).toBe(50);
    const modules = await reportActivity(ctx, "update_activity_modules", { activity: 203, modules: [firstModule?.id ?? 0] });
    expect(modules.progress).toBeCloseTo(100 / (workshop?.modules.length ?? 1), 1);
    const finished = await reportActivity(ctx, "finished", { activity: 203 });
    expect(finished).toMatchObject({ finalized: true, progress: 100, points: 40 });

    const progress = await getUserProgress(ctx);
    expect(progress.find((record) => record.moduleId === firstModule?.id)).toMatchObject({
      type: "ACTIVITY_MODULE",
      finalized: true,
    });
    expect((await getUserInfo(ctx)).points).toBe(1350);

    const locked = await failure(reportActivity(ctx, "started", { activity: 209 }));
    expect(locked.kind).toBe("refused");
    expect(locked.serverMessage).toMatch(/^Este Escape Room está bloqueado/);
    const invalid = await failure(reportActivity(ctx, "update_time", { activity: 203 }));
    expect(invalid.fieldErrors.time).toEqual(["Este campo es obligatorio"]);
  });
});

describe("badges, ranking and trivia", () => {
  it("lists badges, returns the unseen one and marks it seen", async () => {
    const ctx = await signedIn(ANA);
    const badges = await getBadges(ctx);
    expect(badges).toHaveLength(6);
    expect(badges.filter((badge) => badge.earned).map((badge) => badge.id)).toEqual([1, 2]);

    const [unseen] = await checkBadges(ctx);
    expect(unseen).toMatchObject({ userBadgeId: 2, badgeId: 2, seen: false, name: "Aprendiz constante" });
    expect(unseen?.imageUrl).toMatch(/\/storage\/badges\/aprendiz-constante\.png$/);

    expect(await viewBadge(ctx, unseen?.userBadgeId ?? 0)).toMatchObject({ userBadgeId: 2, seen: true });
    expect(await checkBadges(ctx)).toEqual([]);
    expect((await getBadges(ctx)).find((badge) => badge.id === 2)).toMatchObject({ userBadgeId: 2, seen: true });
    expect(await failure(viewBadge(ctx, 4))).toMatchObject({ status: 404 });
  });

  it("ranks every user with stars and the caller's own row", async () => {
    const ctx = await signedIn(ANA);
    const { rows, me } = await getRanking(ctx);
    expect(rows.length).toBeGreaterThanOrEqual(25);
    expect(rows.map((row) => row.ranking)).toEqual(rows.map((_, index) => index + 1));
    expect(rows[2]?.name).toBe("Carlos Ruiz");
    expect(me).toMatchObject({ id: 1, name: "Ana Martínez", ranking: 14, points: 1310, stars: 2 });
  });

  it("plays a trivia game: scored answers, points paid once, a perfect game earns a badge", async () => {
    const ctx = await signedIn(ANA);
    const games = await getTriviaGames(ctx);
    expect(games.find((game) => game.id === 1)).toMatchObject({ played: true, bestScore: { correct: 3, total: 4 } });
    const risks = games.find((game) => game.id === 2);
    expect(risks).toMatchObject({ played: false, pointsPerAnswer: 10, totalPoints: 30 });

    const answers = [
      { questionId: 21, optionId: 211 },
      { questionId: 22, optionId: 222 },
      { questionId: 23, optionId: 231 },
    ];
    const result = await checkTriviaGame(ctx, { triviaGameId: 2, answers });
    expect(result).toMatchObject({ correct: 3, total: 3, pointsEarned: 30, points: 1340 });
    expect(result.results[0]).toEqual({ questionId: 21, optionId: 211, correctOptionId: 211, correct: true });
    expect((await checkTriviaGame(ctx, { triviaGameId: 2, answers })).pointsEarned).toBe(0);
    expect((await getTriviaGames(ctx)).find((game) => game.id === 2)?.played).toBe(true);
    expect((await checkBadges(ctx)).map((badge) => badge.name)).toContain("Mente brillante");

    const partial = await failure(checkTriviaGame(ctx, { triviaGameId: 2, answers: answers.slice(1) }));
    expect(partial.fieldErrors.answers).toEqual(["Responde todas las preguntas"]);
  });
});

describe("diagnose", () => {
  it("reads the questionnaire (options as a list or JSON text) and saves new answers", async () => {
    const ctx = await signedIn(ANA);
    const diagnose = await getDiagnose(ctx);
    expect(diagnose.questions.length).toBeGreaterThan(1);
    for (const question of diagnose.questions) {
      expect(question.options.length).toBeGreaterThan(1);
      expect(question.selected).not.toBeNull();
    }

    const answers = diagnose.questions.map((question) => ({ questionId: question.id, answer: question.options.at(-1)?.id ?? 0 }));
    expect(await saveUserDiagnose(ctx, diagnose.id, answers)).toBe("¡Datos guardados con éxito!");
    expect((await getDiagnose(ctx)).questions.map((question) => question.selected)).toEqual(answers.map((item) => item.answer));

    const unanswered = await failure(saveUserDiagnose(ctx, diagnose.id, answers.slice(1)));
    expect(unanswered.fieldErrors.more_data).toEqual(["Responde todas las preguntas"]);
  });
});

describe("help", () => {
  it("reads the FAQ", async () => {
    const ctx = await signedIn(ANA);
    const faq = await getFaq(ctx);
    expect(faq[0]?.faqs[0]).toMatchObject({
      question: "¿Cómo obtengo mi usuario?",
      answerHtml: expect.stringContaining("<strong>"),
    });
  });

  it("lists support requests and saves a new one", async () => {
    const ctx = await signedIn(ANA);
    const [existing] = await getSupportRequests(ctx);
    expect(existing).toMatchObject({
      subject: "El video de bienvenida no carga",
      appSection: "Inicio",
      device: "Android 13 - Chrome",
    });
    expect(existing?.category?.name).toBeTruthy();

    const [category] = await getSupportCategories(ctx);
    const subCategory = category?.subCategories[0];
    const saved = await saveSupportRequest(ctx, {
      subject: "No puedo abrir el PDF",
      device: "iPhone - Safari",
      app_section: "Reproductor",
      support_category: category?.id ?? 0,
      support_sub_category: subCategory?.id ?? 0,
      comment: "El visor se queda en blanco.",
    });
    expect(saved.message).toBe("¡Solicitud enviada con éxito!");
    expect(saved.supports[0]).toMatchObject({
      subject: "No puedo abrir el PDF",
      device: "iPhone - Safari",
      comment: "El visor se queda en blanco.",
      category: { id: category?.id },
      subCategory: { id: subCategory?.id },
    });
    expect(await getSupportRequests(ctx)).toHaveLength(2);

    const invalid = await failure(
      saveSupportRequest(ctx, {
        subject: "Corto",
        device: "PC",
        app_section: "",
        support_category: 1,
        support_sub_category: 1,
        comment: "",
      }),
    );
    expect(Object.keys(invalid.fieldErrors).sort()).toEqual(["app_section", "comment", "device", "subject"]);
  });

  it("sends a suggestion", async () => {
    const ctx = await signedIn(ANA);
    const [category] = await getSuggestionCategories(ctx);
    expect(category).toEqual({ id: expect.any(Number), name: expect.any(String) });
    expect(await saveSuggestion(ctx, { suggestion_category_id: category?.id ?? 0, content: "Más trivias, por favor" })).toBe(
      "¡Gracias por tu sugerencia!",
    );
  });

  it("sends a contact comment without a token, and surfaces a refusal", async () => {
    const contact = { name: "Visitante", phone: "5550000000", email: "visitante@example.com" };
    expect(await sendContactComment(guest, { ...contact, comment: "Me gustaría conocer la academia por dentro." })).toBe(
      "¡Tu comentario ha sido enviado con éxito!",
    );
    const refused = await failure(sendContactComment(guest, { ...contact, comment: "Esto es SPAM, compra ya mismo aquí." }));
    expect(refused).toMatchObject({
      kind: "refused",
      status: 402,
      serverMessage: "Tu comentario no pudo ser enviado, revisa su contenido",
    });
  });
});

describe("leader extensions", () => {
  it("reads the team with each member's progress by level", async () => {
    const leader = await signedIn(CARLOS);
    const team = await getTeam(leader);
    expect(team.map((member) => member.code)).toEqual(["100001", "100016", "100021"]);
    const ana = team[0];
    expect(ana).toMatchObject({ name: "Ana Martínez", workPosition: "Auditor Junior", inTeam: false });
    expect(ana?.progress).toHaveLength(4);
    expect(ana?.levels[0]).toMatchObject({ title: "Formación Inicial", level: 1, quizzes: { completed: 2, total: 2 } });
    expect(ana?.levels[0]?.items.map((item) => item.state)).toEqual(["completed", "completed"]);
  });

  it("searches, adds and removes a member", async () => {
    const leader = await signedIn(CARLOS);
    expect(await searchTeamCandidates(leader, "")).toEqual([]);
    const [lucia] = await searchTeamCandidates(leader, "100003");
    expect(lucia).toMatchObject({ id: 3, code: "100003", name: "Lucía Gómez", inTeam: false });

    const added = await addTeamMember(leader, 3);
    expect(added.message).toBe("¡Persona agregada a tu equipo!");
    expect(added.team.map((member) => member.id)).toContain(3);
    expect((await searchTeamCandidates(leader, "100003"))[0]?.inTeam).toBe(true);
    expect(await failure(addTeamMember(leader, 3))).toMatchObject({ kind: "refused", status: 402 });

    const removed = await removeTeamMember(leader, 3);
    expect(removed.message).toBe("La persona fue retirada de tu equipo");
    expect((await getTeam(leader)).map((member) => member.id)).not.toContain(3);
    expect((await failure(addTeamMember(leader, 999))).fieldErrors.user_id).toEqual(["Este campo no es válido"]);
  });

  it("shares material that reaches everyone's home, and refuses a learner", async () => {
    const leader = await signedIn(CARLOS);
    const shared = await uploadMaterial(leader, {
      title: "Guía de muestreo",
      type: 3,
      link: "https://example.com/muestreo",
      date: "2026-11-01",
      comments: "Lectura recomendada",
    });
    expect(shared.message).toBe("¡Acción realizada con éxito!");

    const learner = await signedIn(ANA);
    const [first] = (await getHomeActivities(learner)).sharedByLeaders;
    expect(first).toMatchObject({
      id: shared.activityId,
      title: "Guía de muestreo",
      content: { link: "https://example.com/muestreo" },
    });
    expect(await failure(getTeam(learner))).toMatchObject({ status: 403 });
  });
});
