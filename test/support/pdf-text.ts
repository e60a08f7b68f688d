import { constants, inflateSync } from 'node:zlib';

/**
 * The text of a PDF written by pdf-lib without object streams (the API's packet writer, docs/product.md §16): each content
 * stream is inflated and its `<hex> Tj` runs decoded (the standard fonts write one byte per character, WinAnsi).
 * One line per text run, in drawing order. Enough for our own packets, not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    let content: string;
    try {
      // A stream whose last compressed byte is a carriage return loses it to the `\r?\n` before `endstream`
      // (one stream in 256): that byte belongs to the checksum, so the text is still all there.
      content = inflateSync(Buffer.from(m[1], 'latin1'), { finishFlush: constants.Z_SYNC_FLUSH }).toString('latin1');
    } catch {
      content = m[1];
    }
    const runs = /<([0-9A-Fa-f]*)>\s*Tj/g;
    for (let r = runs.exec(content); r; r = runs.exec(content)) {
      lines.push(Buffer.from(r[1], 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}
