import { clearOutbox } from "./outbox";

/**
 * Forgets what this device keeps for the learner who signs out (issue #18 item 5), so the next
 * person on a shared device finds none of it: the progress outbox.
 */
export async function clearDeviceData(): Promise<void> {
  await clearOutbox();
}
