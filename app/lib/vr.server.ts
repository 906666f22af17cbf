import { userMessage } from "~/infra/form-errors.server";
import { getFixedT } from "~/infra/language.server";
import { getVrPin } from "~/legacy/general.server";
import type { LegacyContext } from "~/legacy/request.server";
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
    const t = await getFixedT(request);
    return { pin: null, problem: userMessage(error, t, request, { generic: t("server:common.vr.unavailable") }) };
  }
}
