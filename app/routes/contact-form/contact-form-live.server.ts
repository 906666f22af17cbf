// The live contact form for the server's HTML only: in the browser this module is empty, so the
// page's JavaScript does not carry conform until the footer loads it (route.tsx).
export { LiveContactForm } from "./contact-form-live";
