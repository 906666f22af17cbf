import { Transform } from "node:stream";

/** React 18's Node renderer encodes the HTML into views of this many bytes. */
const VIEW_SIZE = 2048;

/**
 * The stream a document is piped into (entry.server). It also removes the NUL bytes React 18.3's
 * Node renderer leaves when a multibyte character does not fit at the end of its 2048-byte view:
 * it still writes the whole view, padded with 1–3 zeros (facebook/react#30453, fixed in React 19
 * by #26228). A browser shows them as U+FFFD, e.g. "Lucía G�ómez" in a form field. Only the
 * trailing zeros of a full view are dropped: React never writes a NUL of its own there.
 * What React writes in one go (a shell is ~30 views) goes on as one chunk, once its turn is over:
 * each chunk costs the web stream, the compression and the socket a round of their own.
 */
export function createDocumentStream() {
  let views: Buffer[] = [];
  const pushViews = () => {
    if (views.length === 0 || stream.destroyed) return;
    stream.push(views.length === 1 ? views[0] : Buffer.concat(views));
    views = [];
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let end = chunk.length;
      if (end === VIEW_SIZE) while (end > VIEW_SIZE - 3 && chunk[end - 1] === 0) end--;
      if (views.length === 0) queueMicrotask(pushViews);
      views.push(end === chunk.length ? chunk : chunk.subarray(0, end));
      callback();
    },
    flush(callback) {
      pushViews();
      callback();
    },
  });
  // React ends the stream once the document is written, and again when the stream closes (its abort
  // on 'close'); for the second, Node builds an ERR_STREAM_ALREADY_FINISHED, stack trace and all.
  const end = stream.end.bind(stream);
  stream.end = ((...args: unknown[]) =>
    args.length === 0 && stream.writableEnded ? stream : end(...(args as Parameters<typeof end>))) as typeof end;
  return stream;
}
