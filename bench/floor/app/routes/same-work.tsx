import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

/**
 * The same-work floor (issue #31 item 3): home's kind of work with nothing of the app's. The bench
 * hands it, in its environment, the legacy calls a home document made on the replayed upstream
 * (`FLOOR_UPSTREAM`, `FLOOR_CALLS`) and how many cards home drew (`FLOOR_CARDS`); it makes those
 * calls over HTTP, parses the replies and draws that many cards from them with plain components.
 */
type Call = { url: string; authorization: string; acceptLanguage: string };
type Card = { id: string; title: string; description: string; cover: string };

export const meta: MetaFunction = () => [{ title: "Same work" }];

const calls: Call[] = JSON.parse(process.env.FLOOR_CALLS ?? "[]");
const upstream = process.env.FLOOR_UPSTREAM ?? "";
const cardCount = Number(process.env.FLOOR_CARDS ?? "0");

/** Every object in the replies with a title: the activities, courses and routes home shows. */
function titled(value: unknown, found: Card[]) {
  if (Array.isArray(value)) {
    for (const item of value) titled(item, found);
  } else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.title === "string" || typeof record.name === "string") {
      found.push({
        id: String(record.id ?? found.length),
        title: String(record.title ?? record.name),
        description: typeof record.description === "string" ? record.description : "",
        cover: typeof record.cover_url === "string" ? record.cover_url : "",
      });
    }
    for (const child of Object.values(record)) titled(child, found);
  }
}

export async function loader() {
  const replies = await Promise.all(
    calls.map(async (call) => {
      const response = await fetch(`${upstream}${call.url}`, {
        headers: { Authorization: call.authorization, "Accept-Language": call.acceptLanguage },
      });
      if (!response.ok) throw new Response(`${call.url}: ${response.status}`, { status: 502 });
      return response.json();
    }),
  );
  const found: Card[] = [];
  titled(replies, found);
  if (found.length === 0) throw new Response("no titled objects in the replies", { status: 502 });
  const cards = Array.from({ length: cardCount }, (_, index) => found[index % found.length]);
  return { cards: cards.filter((card): card is Card => card !== undefined) };
}

function CardView({ card }: { card: Card }) {
  return (
    <article className="card">
      {card.cover ? <img src={card.cover} alt="" width={320} height={180} loading="lazy" /> : null}
      <h3>{card.title}</h3>
      <p>{card.description}</p>
      <a href={`/${card.id}`}>Open</a>
    </article>
  );
}

export default function SameWork() {
  const { cards } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Same work</h1>
      {cards.map((card, index) => (
        <CardView key={index} card={card} />
      ))}
    </main>
  );
}
