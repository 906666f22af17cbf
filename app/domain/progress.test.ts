import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  activityRecords,
  activityStatus,
  isEscapeRoomLocked,
  lastUnfinished,
  nextStep,
  type ProgressEntry,
  routeProgress,
  type RouteShape,
} from "./progress";

const done = (activityId: number): ProgressEntry => ({ activityId, type: "ACTIVITY", initiated: true, finalized: true });
const open = (activityId: number): ProgressEntry => ({ activityId, type: "ACTIVITY", initiated: true, finalized: false });
const route = (id: number, ids: number[], escapeRooms: number[] = []): RouteShape => ({
  id,
  courses: [
    { activities: [...ids, ...escapeRooms].map((activity) => ({ id: activity, isEscapeRoom: escapeRooms.includes(activity) })) },
  ],
});

describe("activity status", () => {
  it("follows the record: none, initiated, finalized", () => {
    const records = activityRecords([open(1), done(2), { ...done(3), type: "ACTIVITY_MODULE" }]);
    expect(activityStatus(1, records)).toBe("started");
    expect(activityStatus(2, records)).toBe("finished");
    expect(activityStatus(3, records)).toBe("not_started");
    expect(activityStatus(4, records)).toBe("not_started");
  });

  it("prefers a finalized record over an open one for the same activity", () => {
    expect(activityStatus(1, activityRecords([done(1), open(1)]))).toBe("finished");
    expect(activityStatus(1, activityRecords([open(1), done(1)]))).toBe("finished");
  });
});

describe("route progress", () => {
  it("is finalized activities over all activities, two decimals, 0 without activities", () => {
    const records = activityRecords([done(1), open(2)]);
    expect(routeProgress(route(1, [1, 2, 3]), records)).toBe(33.33);
    expect(routeProgress(route(1, []), records)).toBe(0);
    expect(routeProgress(route(1, [1]), records)).toBe(100);
  });

  it("stays within 0..100 with at most two decimals and grows with every finished activity", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 500 }), { maxLength: 80 }),
        (ids, finishedIds) => {
          const shape = route(1, ids);
          const records = activityRecords(finishedIds.map(done));
          const progress = routeProgress(shape, records);
          expect(progress).toBeGreaterThanOrEqual(0);
          expect(progress).toBeLessThanOrEqual(100);
          expect(Math.round(progress * 100)).toBeCloseTo(progress * 100, 6);
          const missing = ids.find((id) => !records.get(id)?.finalized);
          if (missing === undefined) expect(progress).toBe(100);
          else expect(routeProgress(shape, activityRecords([...finishedIds, missing].map(done)))).toBeGreaterThan(progress);
        },
      ),
    );
  });
});

describe("escape-room lock", () => {
  const routes = [route(1, [1, 2], [9]), route(2, [3, 4], [19])];

  it("unlocks when every activity up to its route is finalized, except its own route's escape rooms", () => {
    expect(isEscapeRoomLocked(routes, 1, activityRecords([done(1)]))).toBe(true);
    expect(isEscapeRoomLocked(routes, 1, activityRecords([done(1), done(2)]))).toBe(false);
    expect(isEscapeRoomLocked(routes, 2, activityRecords([done(1), done(2), done(3), done(4)]))).toBe(true);
    expect(isEscapeRoomLocked(routes, 2, activityRecords([done(1), done(2), done(9), done(3), done(4)]))).toBe(false);
    expect(isEscapeRoomLocked(routes, 2, activityRecords([done(1), done(2), done(9), done(3), open(4)]))).toBe(true);
  });

  it("matches its definition for any progress (property)", () => {
    fc.assert(
      fc.property(fc.subarray([1, 2, 3, 4, 9, 19]), fc.constantFrom(1, 2), (finished, routeId) => {
        const records = activityRecords(finished.map(done));
        const required = routeId === 1 ? [1, 2] : [1, 2, 9, 3, 4];
        expect(isEscapeRoomLocked(routes, routeId, records)).toBe(!required.every((id) => finished.includes(id)));
      }),
    );
  });

  it("locks an unknown route", () => {
    expect(isEscapeRoomLocked(routes, 99, activityRecords([]))).toBe(true);
  });
});

describe("the next step after a finished activity (issue #29)", () => {
  const routes = [route(1, [1, 2, 3], [9]), route(2, [4, 5], [19])];

  it("is the next activity in course order that is not finished", () => {
    expect(nextStep(routes, 1, 1, activityRecords([]))).toEqual({ kind: "activity", id: 2 });
    expect(nextStep(routes, 1, 1, activityRecords([done(2)]))).toEqual({ kind: "activity", id: 3 });
    expect(nextStep(routes, 1, 2, activityRecords([open(3)]))).toEqual({ kind: "activity", id: 3 });
  });

  it("opens the escape room once the finished activity was the last one it waited for", () => {
    expect(nextStep(routes, 1, 3, activityRecords([done(1), done(2)]))).toEqual({ kind: "activity", id: 9 });
  });

  it("never offers a locked escape room: it names it, and a later open activity comes first", () => {
    expect(nextStep(routes, 1, 3, activityRecords([done(2)]))).toEqual({ kind: "locked", id: 9 });
    const escapeFirst = [{ id: 1, courses: [{ activities: [1, 9, 2].map((id) => ({ id, isEscapeRoom: id === 9 })) }] }];
    expect(nextStep(escapeFirst, 1, 1, activityRecords([]))).toEqual({ kind: "activity", id: 2 });
  });

  it("ends at the route's end, and skips a closed course's activities", () => {
    expect(nextStep(routes, 1, 9, activityRecords([]))).toEqual({ kind: "end" });
    expect(nextStep(routes, 2, 4, activityRecords([done(5), done(19)]))).toEqual({ kind: "end" });
    const closed = [
      {
        id: 1,
        courses: [
          { activities: [{ id: 1, isEscapeRoom: false }] },
          { active: false, activities: [{ id: 2, isEscapeRoom: false }] },
        ],
      },
    ];
    expect(nextStep(closed, 1, 1, activityRecords([]))).toEqual({ kind: "end" });
    expect(nextStep(routes, 99, 1, activityRecords([]))).toEqual({ kind: "end" });
  });

  it("is never the activity just finished, nor a finished one (property)", () => {
    fc.assert(
      fc.property(fc.subarray([1, 2, 3, 9]), fc.constantFrom(1, 2, 3, 9), (finishedIds, current) => {
        const step = nextStep(routes, 1, current, activityRecords(finishedIds.map(done)));
        if (step.kind === "end") return;
        expect(step.id).not.toBe(current);
        expect(finishedIds).not.toContain(step.id);
      }),
    );
  });
});

describe("continue where you left off", () => {
  const started = (activityId: number, startedAt: number | null, recordId: number | null = null): ProgressEntry => ({
    ...open(activityId),
    startedAt,
    recordId,
  });

  it("is the activity started last that has no finalized record", () => {
    expect(lastUnfinished([started(1, 100), started(2, 300), started(3, 200)])).toBe(2);
    expect(lastUnfinished([started(1, 100), started(2, 300), done(2)])).toBe(1);
    expect(lastUnfinished([started(1, 100), { ...started(2, 300), type: "ACTIVITY_MODULE" }])).toBe(1);
    expect(lastUnfinished([done(1), done(2)])).toBeNull();
    expect(lastUnfinished([])).toBeNull();
  });

  it("without start dates, takes the later record, then the later place in the list", () => {
    expect(lastUnfinished([started(1, null, 7), started(2, null, 5)])).toBe(1);
    expect(lastUnfinished([started(1, null), started(2, null)])).toBe(2);
    expect(lastUnfinished([started(1, null, 9), started(2, 50, 1)])).toBe(2);
  });

  it("always names a started activity that is not finished, and one when there is any (property)", () => {
    const entry = fc.record({
      activityId: fc.integer({ min: 1, max: 6 }),
      type: fc.constantFrom("ACTIVITY", "ACTIVITY_MODULE"),
      initiated: fc.boolean(),
      finalized: fc.boolean(),
      startedAt: fc.option(fc.integer({ min: 0, max: 1000 })),
      recordId: fc.option(fc.integer({ min: 1, max: 50 })),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (progress) => {
        const finished = new Set(progress.filter((e) => e.type === "ACTIVITY" && e.finalized).map((e) => e.activityId));
        const open = progress.filter((e) => e.type === "ACTIVITY" && e.initiated && !e.finalized && !finished.has(e.activityId));
        const chosen = lastUnfinished(progress);
        if (open.length === 0) expect(chosen).toBeNull();
        else expect(open.map((e) => e.activityId)).toContain(chosen);
      }),
    );
  });
});
