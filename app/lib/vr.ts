/**
 * The VR PIN dialog (spec §4 'VR modal') opens over whatever app page the learner is on: it is that
 * page's URL with this search parameter, so the server renders the page and the dialog together
 * (without JavaScript too) and closing returns to the same page. The auth guard does not read it
 * as an SSO hand-off.
 */
export const VR_PARAM = "vr";

/** What the VR dialog shows: the PIN's digits, or why there is none (the page underneath stays). */
export type VrDialogData = { pin: number[]; problem: null } | { pin: null; problem: string[] };

type Place = { pathname: string; search: string };

/** One leading slash: a path that starts with two would make a link to another host. */
const samePath = (pathname: string): `/${string}` => `/${pathname.replace(/^\/+/, "")}`;

function otherParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(VR_PARAM);
  return params.toString();
}

/** Whether the URL's query opens the dialog. */
export function opensVr(search: string): boolean {
  return new URLSearchParams(search).has(VR_PARAM);
}

/** The page with the dialog open over it. */
export function withVr({ pathname, search }: Place): `/${string}` {
  const rest = otherParams(search);
  return `${samePath(pathname)}?${rest ? `${rest}&` : ""}${VR_PARAM}`;
}

/** The page under the dialog: where closing it goes. */
export function withoutVr({ pathname, search }: Place): `/${string}` {
  const rest = otherParams(search);
  return rest ? `${samePath(pathname)}?${rest}` : samePath(pathname);
}
