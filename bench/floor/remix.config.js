import app from "../../remix.config.js";

/**
 * The framework floor of `npm run bench`: a bare two-route Remix app built with the project's own
 * node_modules, compiler, module format and future flags, so every figure of the app is compared
 * with what Remix and React cost alone, on the same machine in the same run.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  serverModuleFormat: app.serverModuleFormat,
  future: app.future,
};
