/**
 * The forms' schemas and conform's zod helpers as loaders and actions import them. A route
 * module imports them from here, not from the schema modules or @conform-to/zod: in the browser
 * build a `.server` module is empty, whereas esbuild's code splitting follows a route's static
 * imports even when only its loader or action uses them, which put zod (~17 KiB gzip) in the
 * page's initial JavaScript. The browser loads a schema lazily instead (use-zod-form.ts).
 */
export { getZodConstraint, parseWithZod } from "@conform-to/zod";
export * from "./auth";
export * from "./help";
export * from "./leader";
export * from "./onboarding";
export * from "./profile";
