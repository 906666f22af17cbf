// Home's page for the server's HTML: in the browser this module is empty and the page is a chunk
// of its own, loaded when home shows without a dialog over it (routes/_app+/_home+/_layout.tsx, decision 027).
export { HomeContent } from "./home-content";
