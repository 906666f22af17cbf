// The app layout's server-side imports, from one module: the browser build empties each server module, and
// one that several routes import became a ~100-byte chunk of its own on every page (decision 027).
export { requireUser } from "~/infra/auth.server";
export { wantsSaveData } from "~/infra/data-saver.server";
export { withFallback } from "~/infra/form-errors.server";
export { sanitizeLegacyHtml } from "~/infra/sanitize.server";
export { checkBadges } from "~/legacy/badges.server";
export { getUserPoints } from "~/legacy/training.server";
export { checkUpdates } from "~/legacy/user.server";
export { vrDialogData } from "~/lib/vr.server";
