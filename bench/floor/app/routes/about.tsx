import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "About the floor" }];

export default function About() {
  return (
    <main>
      <h1>About</h1>
      <p>
        <Link to="/">Home</Link>
      </p>
    </main>
  );
}
