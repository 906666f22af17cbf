/** A signed-in page's frame: one heading and its content. */
export function SectionPage({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <main id="main" className="page">
      <h1>{title}</h1>
      {children}
    </main>
  );
}
