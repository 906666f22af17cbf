/**
 * The browser tests' deadlines only catch a hang. They are written as a quiet two-core machine
 * needs them and multiplied here by E2E_TIME_SCALE (3 unless set): the CI machine's speed varies
 * about threefold from one run to the next, and a deadline met on the fast one was missed on the
 * slow one by tests that passed there given the time (decision 075). Waits of a few seconds inside
 * a retried block (`toPass`) are the block's rhythm, not a deadline, and stay as written.
 */
export const TIME_SCALE = Number(process.env.E2E_TIME_SCALE ?? 3);

/** `ms` as this machine's deadline. */
export const scaled = (ms: number) => ms * TIME_SCALE;
