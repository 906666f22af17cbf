/** The JS budget: every page ≤ 1.3 × the floor's JS, the SCORM player (with its runtime) ≤ 1.5 ×. */
const JS_FACTOR = 1.3;
const SCORM_JS_FACTOR = 1.5;

/**
 * The pages of the budgets; ids and slug from the mock's seed (mock/seed-training.ts). A `player`
 * is a document of its own (issue #31 item 1): its HTML and server time are held to the route page's.
 */
export const PAGES = [
  { name: "home", path: "/", signedIn: true },
  { name: "route page", path: "/learning-path/formacion-inicial", signedIn: true },
  { name: "PDF player", path: "/103", signedIn: true, player: true },
  { name: "SCORM player", path: "/106", signedIn: true, player: true, factor: SCORM_JS_FACTOR },
  { name: "profile", path: "/profile", signedIn: true },
  { name: "ranking", path: "/ranking", signedIn: true },
  { name: "notifications", path: "/notifications", signedIn: true },
  { name: "search", path: "/search?q=auditoria", signedIn: true },
  { name: "login", path: "/login", signedIn: false },
].map((page) => ({ ...page, factor: page.factor ?? JS_FACTOR }));
