import type { AppT } from "~/lib/i18n/keys";
import { clearDeviceData } from "./device-data";
import { drain } from "./outbox";
import { hasDeviceData } from "./supported";

/**
 * Asks whether to discard the progress that could not be sent: 'Enviar más tarde' (the safe
 * answer, focused, and what Escape means) or 'Descartar y cerrar sesión'. A modal <dialog> built
 * here, so that no page carries its code until a learner signs out with something waiting.
 */
function askToDiscard(t: AppT<"common">): Promise<boolean> {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const dialog = document.createElement("dialog");
  dialog.className = "route-dialog leave-dialog";
  dialog.setAttribute("aria-labelledby", "discard-title");
  dialog.setAttribute("aria-describedby", "discard-text");
  const title = Object.assign(document.createElement("h2"), { id: "discard-title", textContent: t("logout.pendingTitle") });
  const text = Object.assign(document.createElement("p"), { id: "discard-text", textContent: t("logout.pendingText") });
  const row = Object.assign(document.createElement("div"), { className: "button-row" });
  const button = (label: string, className: string) =>
    row.appendChild(Object.assign(document.createElement("button"), { type: "button", className, textContent: label }));
  const later = button(t("logout.later"), "button");
  const discard = button(t("logout.discard"), "button button-primary");
  later.autofocus = true;
  dialog.append(title, text, row);
  document.body.append(dialog);
  dialog.showModal();
  return new Promise<boolean>((resolve) => {
    const answer = (value: boolean) => {
      dialog.close();
      dialog.remove();
      if (opener?.isConnected) opener.focus();
      resolve(value);
    };
    later.addEventListener("click", () => answer(false));
    discard.addEventListener("click", () => answer(true));
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      answer(false);
    });
  });
}

/**
 * Signing out with JavaScript (issue #18 item 5): the outbox is sent first; if some of it cannot
 * be sent (offline), the learner is asked whether to discard it, and stays signed in unless so.
 * Then the device's data is cleared (`clearDeviceData`) and `form` is posted as it is.
 */
export async function signOut(form: HTMLFormElement, user: number, t: AppT<"common">): Promise<void> {
  const { waiting } = hasDeviceData() ? await drain(user) : { waiting: false };
  if (waiting && !(await askToDiscard(t))) return;
  await clearDeviceData();
  form.submit();
}
