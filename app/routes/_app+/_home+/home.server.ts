// Home layout's server-side imports, from one module: the browser build empties each server module, and
// one that several routes import became a ~100-byte chunk of its own on every page (decision 027). Not
// named `_layout.server`: the browser build would take it for the app layout's, shared, and make it a chunk.
export { data as withHeaders } from "@remix-run/node";
export { requireUser } from "~/infra/auth.server";
export { getHomeActivities } from "~/legacy/general.server";
export { getAcademy, getLearningPaths, getUserProgress } from "~/legacy/training.server";
export { getUserInfo } from "~/legacy/user.server";
export { getSafeFaq } from "~/lib/faq.server";
export { contactFormData } from "~/routes/contact-form/contact.server";
