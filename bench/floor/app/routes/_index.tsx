import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Floor" }];

export function loader() {
  return { greeting: "Hello" };
}

export default function Index() {
  const { greeting } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{greeting}</h1>
      <p>
        <Link to="/about">About</Link>
      </p>
    </main>
  );
}
