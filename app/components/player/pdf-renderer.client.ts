/**
 * Renders a PDF as page images with pdf.js, so it reads on phones whose browser shows no PDF in a
 * frame (Chrome on Android). Loaded only by the PDF player, on demand.
 *
 * NOTE: pdf.js runs its "worker" on the main thread here: the classic Remix compiler cannot emit
 * a separate worker file, and importing the worker module registers `globalThis.pdfjsWorker`,
 * which pdf.js then uses in place of a Web Worker. Pages are rendered one at a time, when they
 * come near the screen, through one canvas, and kept as images, so a long document does not hold
 * a canvas per page in memory. The promise settles once the first page is on screen.
 */

type Labels = { page: (n: number, total: number) => string };

export async function renderPdf(
  container: HTMLElement,
  url: string,
  { signal, labels }: { signal: AbortSignal; labels: Labels }
): Promise<void> {
  await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = pdfjs.getDocument({ url, isEvalSupported: false, verbosity: pdfjs.VerbosityLevel.ERRORS });
  const urls: string[] = [];
  signal.addEventListener("abort", () => {
    void task.destroy();
    for (const item of urls) URL.revokeObjectURL(item);
  });
  const doc = await task.promise;
  if (signal.aborted) return;

  const width = Math.max(280, container.clientWidth);
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  const canvas = document.createElement("canvas");
  let queue = Promise.resolve();

  const draw = async (pageNumber: number, figure: HTMLElement) => {
    if (signal.aborted) return;
    const page = await doc.getPage(pageNumber);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: (width / base.width) * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no canvas");
    await page.render({ canvasContext: context, viewport }).promise;
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    const text = await page.getTextContent();
    page.cleanup();
    if (!blob || signal.aborted) return;
    const image = document.createElement("img");
    const src = URL.createObjectURL(blob);
    urls.push(src);
    image.src = src;
    image.alt = labels.page(pageNumber, doc.numPages);
    const caption = document.createElement("figcaption");
    caption.className = "visually-hidden";
    caption.textContent = text.items.map((item) => ("str" in item ? item.str : "")).join(" ");
    figure.replaceChildren(image, caption);
    figure.dataset.rendered = "true";
  };
  // One page at a time through the one canvas; a page that fails does not stop the next.
  const render = (pageNumber: number, figure: HTMLElement) => {
    const job = queue.then(() => draw(pageNumber, figure));
    queue = job.catch(() => undefined);
    return job;
  };

  const first = await doc.getPage(1);
  const { width: pageWidth, height: pageHeight } = first.getViewport({ scale: 1 });
  const figures = Array.from({ length: doc.numPages }, (_, index) => {
    const figure = document.createElement("figure");
    figure.className = "pdf-page";
    figure.dataset.page = String(index + 1);
    figure.style.aspectRatio = `${pageWidth} / ${pageHeight}`;
    return figure;
  });
  container.replaceChildren(...figures);

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const figure = entry.target as HTMLElement;
        render(Number(figure.dataset.page), figure).catch(() => {
          figure.dataset.failed = "true";
        });
      }
    },
    { rootMargin: "600px 0px" }
  );
  signal.addEventListener("abort", () => observer.disconnect());
  for (const figure of figures.slice(1)) observer.observe(figure);
  // The first page is rendered at once, whatever the scroll: it is what "loaded" means.
  const firstFigure = figures[0];
  if (firstFigure) await render(1, firstFigure);
}
