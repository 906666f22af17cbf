import type { HttpHandler } from "msw";
import { json, routes } from "../http";
import { findUser, type MockContext } from "../store";
import type { CoverItem, MockState } from "../types";
import { activityView, pathOf } from "../views";

const HOME_LIST_SIZE = 6;

/** Activities of active routes and courses, the pool for 'Más reciente' and 'Más visto'. */
function openActivities(state: MockState) {
  return state.routes
    .filter((route) => route.active)
    .flatMap((route) => route.courses.filter((course) => course.active))
    .flatMap((course) => course.activities.map((activity) => ({ activity, courseId: course.id })));
}

/** `/general/*`: catalogues, the home lists and the VR PIN. */
export function generalHandlers(ctx: MockContext): HttpHandler[] {
  const { get } = routes(ctx);
  const selectable = (items: CoverItem[], selected: number[]) =>
    items.map((item) => ({
      id: item.id,
      name: item.name,
      label: item.name,
      media_cover: pathOf(ctx, item.cover),
      selected: selected.includes(item.id),
    }));

  return [
    get("/general/work_positions", ({ state }) => json({ work_positions: state.catalogue.work_positions })),
    get("/general/universities", ({ state }) => json({ universities: state.catalogue.universities })),
    get("/general/training_course_sections", ({ state }) => json({ training_course_sections: state.catalogue.course_sections })),
    get("/general/training_topics", ({ state, user }) =>
      json({ training_topics: selectable(state.catalogue.training_topics, user.topic_ids) }),
    ),
    get("/general/training_type_contents", ({ state, user }) =>
      json({ training_type_contents: selectable(state.catalogue.training_type_contents, user.content_type_ids) }),
    ),
    get("/general/pin_vr", ({ user }) => json({ pin: user.vr_pin })),

    get("/general/home_activities", ({ state }) => {
      const pool = openActivities(state);
      const view = ({ activity, courseId }: (typeof pool)[number]) => activityView(ctx, activity, courseId);
      return json({
        activities_recent: [...pool]
          .sort((a, b) => b.activity.created_at.localeCompare(a.activity.created_at))
          .slice(0, HOME_LIST_SIZE)
          .map(view),
        activities_views: [...pool]
          .sort((a, b) => b.activity.views - a.activity.views)
          .slice(0, HOME_LIST_SIZE)
          .map(view),
        activities_recommendations: [...state.shared_resources]
          .sort((a, b) => b.created_at.localeCompare(a.created_at))
          .map((resource) => {
            const leader = findUser(state, resource.shared_by);
            return {
              id: resource.id,
              training_activity: activityView(ctx, resource.activity, null),
              shared_by: leader ? { id: leader.id, full_name: leader.full_name } : null,
              comment: resource.comment,
              material_type: resource.material_type,
              date: resource.date,
              created_at: resource.created_at,
            };
          }),
      });
    }),
  ];
}
