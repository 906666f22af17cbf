import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import * as server from "./static-markup.server";

export type PageLinkProps = {
  to: `/${string}`;
  className?: string;
  "aria-label"?: string;
  preventScrollReset?: boolean;
  children: ReactNode;
};

/**
 * Remix's `<Link>` to a path of the app. On the server it is the anchor `<Link>` renders, drawn
 * without the router's work for each link (decision 074); the browser's bundle has `<Link>` alone,
 * which hydrates the same markup.
 */
export const PageLink: (props: PageLinkProps) => ReactNode = (server.PageLink as typeof server.PageLink | undefined) ?? Link;
