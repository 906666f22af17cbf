import { getFixedT } from "~/infra/language.server";
import { requestIdOf } from "~/infra/request-id.server";
import { getVrPin } from "~/legacy/general.server";
import { LegacyError, type LegacyContext } from "~/legacy/request.server";
import { opensVr, type VrDialogData } from "./vr";

/**
 * The PIN when the URL opens the VR dialog (spec §4: it opens after fetching the PIN), else null.
 * A legacy failure becomes the dialog's message (the server's own for a refusal, spec §8), never
 * the error page, so the page under the dialog keeps working; a 401 still ends the session.
 */
export async function vrDialogData(request: Request, ctx: LegacyContext): Promise<VrDialogData | null> {
  if (!opensVr(new URL(request.url).search)) return null;
  try {
    return { pin: await getVrPin({ ...ctx, onUnavailable: undefined }), problem: null };
  } catch (error) {
    if (!(error instanceof LegacyError)) throw error;
    if (error.kind !== "unavailable" && error.serverMessage) return { pin: null, problem: [error.serverMessage] };
    const t = await getFixedT(request);
    return { pin: null, problem: [t("vr.unavailable"), t("errors.requestId", { id: requestIdOf(request) })] };
  }
}
