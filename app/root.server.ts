// The root route's server-side imports, from one module: the browser build empties each server module, and
// one that several routes import became a ~100-byte chunk of its own on every page (decision 027).
export { data } from "@remix-run/node";
export { getLanguages } from "~/legacy/languages.server";
export { wantsSaveData } from "./infra/data-saver.server";
export { getLocale } from "./infra/language.server";
export { requestIdOf } from "./infra/request-id.server";
export { readSession } from "./infra/session.server";
export { getToast } from "./infra/toast.server";
