import { seedCatalogue } from "./seed-catalogue";
import { type At, seedAcademy, seedRoutes, seedSharedResources } from "./seed-training";
import { DEMO, seedNotifications, seedUsers, TEAM_MEMBERS } from "./seed-users";
import type { MockState, ProgressRecord, RouteRecord, UserNewsRecord } from "./types";

/** A recovery token that is already expired, so the 'token expired' screen can be reached. */
const EXPIRED_RECOVERY_TOKEN = "expired-token-000000";

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

function seedProgress(at: At, routes: RouteRecord[]): ProgressRecord[] {
  const activities = new Map(
    routes.flatMap((route) => route.courses.flatMap((course) => course.activities)).map((a) => [a.id, a]),
  );
  const records: ProgressRecord[] = [];
  const add = (userId: number, activityId: number, daysAgo: number, state: Partial<ProgressRecord> = {}) => {
    const finalized = state.finalized === undefined ? at(daysAgo - 0.01) : state.finalized;
    records.push({
      id: records.length + 1,
      user_id: userId,
      training_activity_id: activityId,
      training_activity_module_id: null,
      progress_type: "ACTIVITY",
      progress: finalized ? 100 : 0,
      user_data: null,
      initiated: at(daysAgo),
      finalized,
      first_attempt: at(daysAgo),
      task_duration: activities.get(activityId)?.duration ?? 1,
      points: finalized ? (activities.get(activityId)?.points ?? 0) : 0,
      updated_at: finalized ?? at(daysAgo),
      ...state,
    });
  };
  const addModule = (userId: number, activityId: number, moduleId: number, daysAgo: number) =>
    add(userId, activityId, daysAgo, {
      training_activity_module_id: moduleId,
      progress_type: "ACTIVITY_MODULE",
      points: 0,
    });

  [101, 102, 103, 104, 105, 106, 107, 108].forEach((id, index) => add(DEMO.ana, id, 100 - index * 8));
  [1001, 1002, 1003].forEach((moduleId) => addModule(DEMO.ana, 106, moduleId, 45));
  add(DEMO.ana, 201, 30);
  add(DEMO.ana, 202, 20);
  add(DEMO.ana, 203, 6, {
    finalized: null,
    progress: 33.33,
    task_duration: 6,
    user_data: JSON.stringify({ "cmi.core.lesson_location": "2", "cmi.core.lesson_status": "incomplete" }),
  });
  addModule(DEMO.ana, 203, 2001, 6);
  add(DEMO.ana, 204, 2, { finalized: null, progress: 0, task_duration: 3 });

  [101, 102, 103, 104].forEach((id) => add(DEMO.carlos, id, 150));
  add(DEMO.carlos, 301, 60, { progress: 90 });
  [101, 102, 103].forEach((id) => add(TEAM_MEMBERS.gabriela, id, 40));
  return records;
}

function seedUserNews(at: At): UserNewsRecord[] {
  const viewed = (id: number, userId: number, newsId: number): UserNewsRecord => ({
    id,
    user_id: userId,
    news_id: newsId,
    viewed_at: at(100),
  });
  return [
    viewed(1, DEMO.ana, 1),
    viewed(2, DEMO.ana, 2),
    viewed(3, DEMO.carlos, 1),
    viewed(4, DEMO.carlos, 2),
    { id: 5, user_id: DEMO.lucia, news_id: 1, viewed_at: null },
    { id: 6, user_id: DEMO.lucia, news_id: 2, viewed_at: null },
  ];
}

/** A fresh copy of the whole dataset: every call returns new objects, so a reset is one call. */
export function createSeed(now = Date.now()): MockState {
  const at: At = (daysAgo, hoursAgo = 0) => new Date(now - daysAgo * DAY - hoursAgo * HOUR).toISOString();
  const routes = seedRoutes(at);
  const users = seedUsers(at);
  return {
    catalogue: seedCatalogue(at),
    routes,
    academy: seedAcademy(at),
    shared_resources: seedSharedResources(at, DEMO.carlos),
    users,
    progress: seedProgress(at, routes),
    notifications: seedNotifications(at, users),
    user_news: seedUserNews(at),
    trivia_results: [{ id: 1, user_id: DEMO.ana, trivia_game_id: 1, correct: 3, total: 4, best_correct: 3, played_at: at(12) }],
    user_diagnoses: [
      {
        id: 1,
        user_id: DEMO.ana,
        diagnosis_id: 1,
        answers: [
          { question_id: 1, answer: 2 },
          { question_id: 2, answer: 4 },
          { question_id: 3, answer: 6 },
          { question_id: 4, answer: 10 },
        ],
        created_at: at(118),
      },
    ],
    supports: [
      {
        id: 1,
        user_id: DEMO.ana,
        subject: "El video de bienvenida no carga",
        app_section: "Inicio",
        your_device: "Android 13 - Chrome",
        comment: "Al abrir el video se queda cargando con datos móviles.",
        support_category_id: 2,
        support_sub_category_id: 3,
        status: "Resuelto",
        created_at: at(25),
      },
    ],
    suggestions: [],
    contact_messages: [],
    sessions: new Map(),
    recovery_tokens: new Map([
      [
        EXPIRED_RECOVERY_TOKEN,
        {
          token: EXPIRED_RECOVERY_TOKEN,
          user_id: DEMO.ana,
          email: "ana.martinez@academia.test",
          expires_at: now - DAY,
        },
      ],
    ]),
    outbox: [],
    uploads: new Map(),
    test_media: new Map(),
  };
}
