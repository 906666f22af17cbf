import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reportActivity } from "~/legacy/activities.server";
import { login } from "~/legacy/auth.server";
import { getLearningPaths } from "~/legacy/training.server";
import { COVERED } from "~/lib/page-beneath";
import {
  caught,
  context,
  dataOf,
  documentContext,
  get,
  having,
  signedInCookie,
  spyOnUpstream,
  upstreamUrls,
  withLegacy,
} from "./helpers";

withLegacy();
let cookie: string;
const learner = { email: "ana.martinez@academia.test", password: "Academia2026!" };

beforeEach(async () => {
  cookie = await signedInCookie();
});

type RoutePage = {
  routes: Array<{ slug: string; active: boolean; progress: number }>;
  route: { slug: string; name: string; active: boolean };
  courses: Array<{ name: string; comingSoon: boolean; activities: Array<{ id: number; status: string }> }>;
};

async function routePage(slug: string): Promise<RoutePage> {
  const { loader } = await import("~/routes/_app+/learning-path+/$slug");
  return having(dataOf(await loader({ request: get(`/learning-path/${slug}`, cookie), params: { slug }, context })), "route");
}

describe("home loader", () => {
  it("shows the four levels with the learner's progress and the home lists", async () => {
    const { loader } = await import("~/routes/_app+/_home+/_layout");
    const home = having(dataOf(await loader({ request: get("/", cookie), params: {}, context })), "routes");
    expect(home.routes).toHaveLength(4);
    expect(home.routes.filter((route) => !route.active)).toHaveLength(1);
    expect(home.routes[0]?.progress).toBeGreaterThan(0);
    expect(home.routes[0]?.progress).toBeLessThan(100);
    expect(home.recent.length).toBeGreaterThan(0);
    expect(home.mostViewed.length).toBeGreaterThan(0);
    expect(home.sharedByLeaders.length).toBeGreaterThan(0);
    expect(home.faq.length).toBeGreaterThan(0);
    expect(home.welcome?.simulators.activities.map((activity) => activity.id)).toEqual([
      501, 502, 505, 506, 511, 512, 513, 514, 515,
    ]);
    expect(home.welcome?.learningRoute.courses.map((course) => course.name)).toEqual([
      "Fundamentos de la auditoría interna",
      "Marco normativo y control interno",
      "Escape Room: el caso del inventario",
    ]);
    expect(home.welcome?.videoTips.activities[0]).toMatchObject({ id: 503, courseName: "Tips en video" });
  });
});

describe("continue where you left off (issue #18 item 6)", () => {
  const home = async () => {
    const { loader } = await import("~/routes/_app+/_home+/_layout");
    return having(dataOf(await loader({ request: get("/", cookie), params: {}, context })), "resume");
  };

  it("opens home with the activity the learner started last and has not finished", async () => {
    expect((await home()).resume).toMatchObject({ id: 204, title: "Video: muestreo en auditoría" });
  });

  it("follows the learner: a newly started activity comes first, and a finished one goes", async () => {
    const ctx = { locale: "es" as const, token: await token() };
    await reportActivity(ctx, "started", { activity: 205 });
    expect((await home()).resume).toMatchObject({ id: 205, courseName: "Papeles de trabajo" });
    await reportActivity(ctx, "finished", { activity: 205 });
    expect((await home()).resume?.id).toBe(204);
    await reportActivity(ctx, "finished", { activity: 204 });
    expect((await home()).resume?.id).toBe(203);
    await reportActivity(ctx, "finished", { activity: 203 });
    expect((await home()).resume).toBeNull();
  });
});

describe("learning-path loader", () => {
  it("sends an unknown route home", async () => {
    const { loader } = await import("~/routes/_app+/learning-path+/$slug");
    const unknown = await caught(loader({ request: get("/learning-path/nope", cookie), params: { slug: "nope" }, context }));
    expect(unknown.headers.get("Location")).toBe("/");
  });

  it("shows a route not yet open as coming soon, with none of its activities", async () => {
    const inactive = (await getLearningPaths({ locale: "es", token: await token() })).find((route) => !route.active);
    const page = await routePage(inactive?.slug ?? "");
    expect(page.route).toMatchObject({ slug: "formacion-dirigida", name: "Formación Dirigida", active: false });
    expect(page.courses).toEqual([]);
  });

  it("unlocks the escape room once every earlier activity is finished", async () => {
    const slug = "formacion-requerida";
    const before = await routePage(slug);
    const statuses = before.courses.flatMap((course) => course.activities.map((activity) => activity.status));
    expect(statuses).toContain("locked");

    const ctx = { locale: "es" as const, token: await token() };
    const routes = await getLearningPaths(ctx);
    const index = routes.findIndex((route) => route.slug === slug);
    for (const route of routes.slice(0, index + 1)) {
      for (const course of route.courses) {
        if (!course.active) continue;
        for (const activity of course.activities) {
          if (route.slug === slug && activity.isEscapeRoom) continue;
          await reportActivity(ctx, "started", { activity: activity.id });
          await reportActivity(ctx, "finished", { activity: activity.id });
        }
      }
    }

    const after = await routePage(slug);
    const escape = after.courses.flatMap((course) => course.activities).filter((activity) => activity.status === "locked");
    expect(escape).toEqual([]);
    expect(after.routes.find((route) => route.slug === slug)?.progress).toBeGreaterThan(
      before.routes.find((route) => route.slug === slug)?.progress ?? 100,
    );
  });
});

describe("a player's document is the player (issue #31 item 1)", () => {
  afterEach(() => vi.restoreAllMocks());

  /** The legacy calls made while `run` runs (the network calls of the app's one legacy client). */
  async function legacyCallsOf<T>(run: () => Promise<T>) {
    const spy = spyOnUpstream();
    const result = await run();
    const paths = upstreamUrls(spy).map((url) => new URL(url).pathname);
    vi.restoreAllMocks();
    return { result, paths };
  }

  it("leaves home unread under a player's document, and reads it for a client navigation or at its own address", async () => {
    const { loader } = await import("~/routes/_app+/_home+/_layout");
    const params = { activity: "103" };
    const covered = await legacyCallsOf(async () => loader({ request: get("/103", cookie), params, context: documentContext }));
    expect(covered).toEqual({ result: COVERED, paths: [] });
    // A client-side navigation or revalidation (a `.data` request) reads the page as before.
    const navigation = await legacyCallsOf(async () => loader({ request: get("/103", cookie), params, context }));
    expect(having(dataOf(navigation.result), "routes").routes).toHaveLength(4);
    expect(navigation.paths).toContain("/v1/api/training/learning_paths");
    const home = await loader({ request: get("/", cookie), params: {}, context: documentContext });
    expect(having(dataOf(home), "routes").routes).toHaveLength(4);
  });

  it("leaves a route page unread under its players' documents (a PDF's page groups too)", async () => {
    const { loader } = await import("~/routes/_app+/learning-path+/$slug");
    const slug = "formacion-inicial";
    for (const params of [
      { slug, activity: "103" },
      { slug, activity: "103", first: "61" },
    ]) {
      const request = get(`/learning-path/${slug}/103`, cookie);
      expect(await legacyCallsOf(async () => loader({ request, params, context: documentContext }))).toEqual({
        result: COVERED,
        paths: [],
      });
    }
    const page = await loader({ request: get(`/learning-path/${slug}`, cookie), params: { slug }, context: documentContext });
    expect(having(dataOf(page), "route").route.slug).toBe(slug);
  });

  it("still sends a player over a route that does not exist home, as the route page does", async () => {
    const { loader } = await import("~/routes/_app+/learning-path+/$slug.$activity");
    const request = (slug: string) => get(`/learning-path/${slug}/103`, cookie);
    const unknown = await caught(loader({ request: request("nope"), params: { slug: "nope", activity: "103" }, context }));
    expect([unknown.status, unknown.headers.get("Location")]).toEqual([302, "/"]);
    const known = await loader({
      request: request("formacion-inicial"),
      params: { slug: "formacion-inicial", activity: "103" },
      context: documentContext,
    });
    expect(having(dataOf(known), "activity")).toMatchObject({ state: "ready", closeTo: "/learning-path/formacion-inicial" });
  });
});

async function token(): Promise<string> {
  return (await login({ locale: "es" }, learner)).accessToken;
}
