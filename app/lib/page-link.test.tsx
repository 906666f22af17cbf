import { Link, NavLink } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { PageLink } from "./page-link";
import { NavPageLink, navLinkActive } from "./static-markup.server";

const routed = (location: string, element: JSX.Element) =>
  renderToString(<StaticRouter location={location}>{element}</StaticRouter>);

const LINKS = [
  { to: "/learning-path/formacion-inicial", className: "stretched-link" },
  { to: "/103?from=home#top", className: "button button-small-primary above-stretched", preventScrollReset: true },
  { to: "/achievements", className: "points-chip", "aria-label": "Tus puntos: 1.310 pts." },
  { to: "/learning-path/formaci%C3%B3n?page=2&vr", className: "header-button", preventScrollReset: true },
  { to: "/accessibility" },
] as const;

describe("PageLink", () => {
  it("is, byte for byte, the anchor Remix's <Link> renders, drawn without a router", () => {
    for (const props of LINKS) {
      const children = (
        <>
          Formación <b>Inicial</b>
        </>
      );
      const link = routed("/", <Link {...props}>{children}</Link>);
      expect(link).toContain('data-discover="true"');
      expect(renderToString(<PageLink {...props}>{children}</PageLink>)).toBe(link);
    }
  });
});

const NAV = ["/", "/ranking", "/trivia", "/profile"] as const;
const LOCATIONS = [
  "/",
  "/ranking",
  "/Ranking",
  "/ranking/",
  "/ranking/week",
  "/rankings",
  "/trivia/3",
  "/profile/photo",
  "/faq?x=1",
];

describe("NavPageLink", () => {
  it("is, byte for byte, the anchor Remix's <NavLink> renders at each path, with and without `end`", () => {
    for (const location of LOCATIONS) {
      for (const to of NAV) {
        for (const end of [false, true]) {
          const nav = routed(
            location,
            <NavLink to={to} end={end}>
              <span>{to}</span>
            </NavLink>,
          );
          const drawn = routed(
            location,
            <NavPageLink to={to} end={end}>
              <span>{to}</span>
            </NavPageLink>,
          );
          expect(drawn, `${to} at ${location}, end ${end}`).toBe(nav);
        }
      }
    }
  });
});

describe("navLinkActive", () => {
  it.each([
    ["/", "/", true, true],
    ["/ranking", "/", true, false],
    ["/ranking", "/", false, false],
    ["/ranking/week", "/ranking", false, true],
    ["/ranking/week", "/ranking", true, false],
    ["/rankings", "/ranking", false, false],
    ["/RANKING", "/ranking", true, true],
  ])("at %s, %s (end %s) is %s", (pathname, to, end, active) => {
    expect(navLinkActive(pathname, to, end)).toBe(active);
  });
});
