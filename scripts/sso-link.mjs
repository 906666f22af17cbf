import { ensureServerBuild } from "./ensure-build.mjs";

ensureServerBuild();
await import("../build/bin/sso-link.js");
