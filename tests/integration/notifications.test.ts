import { beforeEach, describe, expect, it } from "vitest";
import { context, dataOf, get, post, responseOf, signedInCookie, withLegacy } from "./helpers";

const legacy = withLegacy();
let cookie: string;
beforeEach(async () => {
  legacy().setFaults({ errorRate: 0 });
  cookie = await signedInCookie();
});

type List = {
  notifications: Array<{ id: number; title: string; seen: boolean; shortHtml: string; elapsed: { unit: string; count: number } }>;
};

async function list(): Promise<List> {
  const { loader } = await import("~/routes/_app+/notifications+/_layout");
  return dataOf(await loader({ request: get("/notifications", cookie), params: {}, context }));
}

describe("notifications", () => {
  it("lists them sanitised, with their elapsed time", async () => {
    const { notifications } = await list();
    expect(notifications.length).toBeGreaterThan(2);
    for (const item of notifications) {
      expect(item.shortHtml).not.toMatch(/<script|onerror|javascript:|<iframe/i);
      expect(["year", "month", "day", "hour", "minute"]).toContain(item.elapsed.unit);
    }
  });

  it("marks one seen and opens it", async () => {
    const { action } = await import("~/routes/_app+/notifications+/_layout");
    const target = (await list()).notifications.find((item) => !item.seen);
    const response = responseOf(
      await action({ request: post("/notifications", { intent: "view", id: String(target?.id) }, cookie), params: {}, context }),
    );
    expect(response.headers.get("Location")).toBe(`/notifications/${target?.id}`);
    expect((await list()).notifications.find((item) => item.id === target?.id)?.seen).toBe(true);
  });

  it("links a notification that names an activity to its player, and no other (issue #29)", async () => {
    const { loader } = await import("~/routes/_app+/notifications+/$id");
    const open = async (title: string) => {
      const id = String((await list()).notifications.find((item) => item.shortHtml && item.title === title)?.id);
      return dataOf<{ activity: { title: string; href: string } | null }>(
        await loader({ request: get(`/notifications/${id}`, cookie), params: { id }, context }),
      ).activity;
    };
    expect(await open("Nueva actividad disponible")).toEqual({
      title: "Matriz de riesgos en 6 pasos",
      href: "/learning-path/formacion-requerida/201",
    });
    expect(await open("Bienvenida")).toBeNull();
  });

  it("deletes one, and on a legacy 500 keeps it and tells the user", async () => {
    const { action } = await import("~/routes/_app+/notifications+/_layout");
    const [first, second] = (await list()).notifications;
    legacy().setFaults({ errorRate: 1 });
    const failed = responseOf(
      await action({ request: post("/notifications", { intent: "delete", id: String(first?.id) }, cookie), params: {}, context }),
    );
    expect(failed.headers.get("Location")).toBe("/notifications");
    expect(failed.headers.get("Set-Cookie")).toMatch(/^toast=/);
    legacy().setFaults({ errorRate: 0 });
    expect((await list()).notifications.some((item) => item.id === first?.id)).toBe(true);
    await action({ request: post("/notifications", { intent: "delete", id: String(second?.id) }, cookie), params: {}, context });
    expect((await list()).notifications.some((item) => item.id === second?.id)).toBe(false);
  });
});
