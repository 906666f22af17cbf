import { tmpdir } from "node:os";

/** Ports of the app and its embedded mock under test (the second pair runs LOGIN_MODE=employee). */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 4110);
export const EMPLOYEE_PORT = PORT + 1;
export const EMPLOYEE_MOCK_PORT = MOCK_PORT + 1;
/** The unpluggable relay to the app of the offline tests (cable.ts). */
export const CABLE_PORT = PORT + 3;

/** Where each app under test writes its JSON logs; the global teardown scans them for secrets. */
export const serverLogFile = (port: number) => `${tmpdir()}/academia-e2e-${port}.log`;
