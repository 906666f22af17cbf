import { data, redirect } from "@remix-run/node";
import { sealData, unsealData } from "iron-session";
import { z } from "zod";
import { creditedMs, finishAfterMs, isTimedKind, minutesOf } from "~/domain/finish";
import { requireUser } from "~/infra/auth.server";
import { getConfig } from "~/infra/config.server";
import { userMessage } from "~/infra/form-errors.server";
import { getFixedT } from "~/infra/language.server";
import { isTransient, LegacyError, LegacyUnreached } from "~/legacy/request.server";
import type { PlainProgressReply } from "~/player/types";
import { findActivity, placementState, playerActivity, recordOf, sendReport } from "./activity.server";
import { mediaLengthMs } from "./media-length.server";

/**
 * The player without JavaScript (issue #14): 'Iniciar' posts `started` and hands the page a sealed
 * note of when and by whom it was started; 'Marcar como terminado' is accepted only once the
 * activity's wait (app/domain/finish.ts; a video's or audio's is its file's length where its
 * header gives it, media-length.server.ts) has passed on the server since then, and sends the time
 * spent (capped by the activity) and `finished`. The note is stateless, so any replica checks it.
 */

/** How long a started note is honoured: a day, after which the learner starts again. */
const NOTE_TTL_S = 24 * 60 * 60;

/** `credited`: the time spent was already sent (a retry after `finished` failed must not add it twice). */
const noteSchema = z.object({ activity: z.number(), user: z.number(), startedAt: z.number(), credited: z.boolean().optional() });

const formSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start") }),
  z.object({ intent: z.literal("finish"), started: z.string().min(1).max(2048) }),
]);

const sealing = () => ({ password: getConfig().SESSION_SECRET, ttl: NOTE_TTL_S });

async function readNote(sealed: string, activity: number, user: number) {
  try {
    const note = noteSchema.safeParse(await unsealData(sealed, sealing()));
    return note.success && note.data.activity === activity && note.data.user === user ? note.data : null;
  } catch {
    return null;
  }
}

/** The action of both player routes: `started` or `finished` from the player's forms without JavaScript. */
export async function plainProgress(request: Request, id: number) {
  const { session, ctx } = await requireUser(request);
  const form = formSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return data({ plain: "restart" } satisfies PlainProgressReply, { status: 400 });
  let sentNote = form.data.intent === "finish" ? form.data.started : null;
  try {
    const found = await findActivity(ctx, id);
    const { placement, progress } = found;
    const played = placement ? playerActivity(placement.activity, getConfig().FILES_HOST_URL) : null;
    if (!placement || placementState({ ...found, placement }) !== "ready" || !played || !isTimedKind(played.kind)) {
      return data({ plain: "restart" } satisfies PlainProgressReply, { status: 404 });
    }
    const kind = played.kind;
    const recorded = recordOf(progress, id)?.taskDuration ?? 0;
    const mediaMs = kind === "audio" || kind === "video" ? await mediaLengthMs(played.src) : null;
    if (form.data.intent === "start") {
      await sendReport(ctx, "started", { activity: id });
      const note = await sealData({ activity: id, user: session.user.id, startedAt: Date.now() }, sealing());
      return data({
        plain: "started",
        note,
        waitMs: finishAfterMs(kind, played.durationMinutes, recorded, mediaMs),
      } satisfies PlainProgressReply);
    }
    const note = await readNote(form.data.started, id, session.user.id);
    if (!note) return data({ plain: "restart" } satisfies PlainProgressReply, { status: 400 });
    const elapsed = Date.now() - note.startedAt;
    const wait = finishAfterMs(kind, played.durationMinutes, recorded, mediaMs);
    if (elapsed < wait) {
      return data({ plain: "early", note: form.data.started, waitMs: wait - elapsed } satisfies PlainProgressReply, {
        status: 400,
      });
    }
    // The time spent goes before finished: once finalized the legacy API ignores update_time.
    const credited = creditedMs(kind, elapsed, played.durationMinutes);
    if (!note.credited && credited >= 1000) {
      await sendReport(ctx, "update_time", { activity: id, time: minutesOf(credited) });
      sentNote = await sealData({ ...note, credited: true }, sealing());
    }
    await sendReport(ctx, "finished", { activity: id });
    // After the post, a plain GET: reloading the page does not send the form again.
    throw redirect(new URL(request.url).pathname);
  } catch (error) {
    if (error instanceof Response) throw error;
    const errors = userMessage(error, await getFixedT(request), request);
    // Refused (a 402): the same answer again until something changes upstream, so a 409, not a 503.
    const refused = error instanceof LegacyError && !(error instanceof LegacyUnreached) && !isTransient(error);
    return data({ plain: "failed", errors, note: sentNote } satisfies PlainProgressReply, { status: refused ? 409 : 503 });
  }
}
