import { Transform } from "node:stream";

/**
 * The stream a document is piped into (entry.server). What React writes in one go goes on as one
 * chunk, once its turn is over: each chunk costs the web stream, the compression and the socket a
 * round of their own. React's Node renderer is patched to write strings of up to 16,384
 * characters (patches/react-dom+*.patch, decision 078): a 59 kB shell is four writes, not thirty
 * 2048-byte views padded with NUL where a character did not fit.
 */
export function createDocumentStream() {
  let chunks: Buffer[] = [];
  const pushChunks = () => {
    if (chunks.length === 0 || stream.destroyed) return;
    stream.push(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    chunks = [];
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (chunks.length === 0) queueMicrotask(pushChunks);
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      pushChunks();
      callback();
    },
  });
  return stream;
}
