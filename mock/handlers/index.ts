import type { HttpHandler } from "msw";
import type { MockContext } from "../store";
import { activityHandlers } from "./activities";
import { authHandlers } from "./auth";
import { badgeHandlers } from "./badges";
import { certificateHandlers } from "./certificates";
import { contactHandlers } from "./contact";
import { diagnoseHandlers } from "./diagnose";
import { faqHandlers } from "./faq";
import { generalHandlers } from "./general";
import { languageHandlers } from "./languages";
import { leaderHandlers } from "./leader";
import { newsHandlers } from "./news";
import { notificationHandlers } from "./notifications";
import { rankingHandlers } from "./ranking";
import { suggestionHandlers } from "./suggestion";
import { supportHandlers } from "./support";
import { trainingHandlers } from "./training";
import { triviaHandlers } from "./trivia";
import { userHandlers } from "./user";

/** The handlers of every legacy resource (the test-only `/__mock` ones live in ./testing). */
export function resourceHandlers(ctx: MockContext): HttpHandler[] {
  return [
    authHandlers,
    userHandlers,
    languageHandlers,
    certificateHandlers,
    trainingHandlers,
    activityHandlers,
    generalHandlers,
    newsHandlers,
    notificationHandlers,
    badgeHandlers,
    rankingHandlers,
    triviaHandlers,
    diagnoseHandlers,
    faqHandlers,
    supportHandlers,
    suggestionHandlers,
    contactHandlers,
    leaderHandlers,
  ].flatMap((factory) => factory(ctx));
}
