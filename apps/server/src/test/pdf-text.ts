import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

/**
 * The text a PDF drawn with the standard fonts shows, line by line: each `<hex> Tj` of its
 * pages' content streams, whose bytes are WinAnsi codes (Latin-1 for the letters tests use).
 */
export async function readPdfText(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes);
  const texts: string[] = [];
  for (const page of document.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    for (const stream of streams) {
      const raw = stream && document.context.lookup(stream);
      if (!(raw instanceof PDFRawStream)) continue;
      const operators = Buffer.from(decodePDFRawStream(raw).decode()).toString('latin1');
      for (const [, hex = ''] of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        texts.push(Buffer.from(hex, 'hex').toString('latin1'));
      }
    }
  }
  return texts;
}
