import { parse, parseFragment, type DefaultTreeAdapterTypes } from 'parse5';

type Node = DefaultTreeAdapterTypes.Node;
type TextNode = DefaultTreeAdapterTypes.TextNode;

const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);
const SKIPPED = new Set(['script', 'style', 'template', 'noscript']);

/** A text node of the source: where it sits in the HTML and in the joined text. */
type TextPiece = { node: TextNode; sourceStart: number; sourceEnd: number; textStart: number };

/**
 * The text nodes of an HTML document joined into one text, as a reader sees it: inline
 * elements (b, span, a…) join their neighbours; other elements separate them by a line.
 */
export function extractText(html: string): { text: string; pieces: TextPiece[] } {
  const isDocument = /<!doctype|<html[\s>]|<head[\s>]|<body[\s>]/i.test(html);
  const root = isDocument
    ? parse(html, { sourceCodeLocationInfo: true })
    : parseFragment(html, { sourceCodeLocationInfo: true });
  const pieces: TextPiece[] = [];
  let text = '';
  // Tracked apart: endsWith() on a string built by += would flatten it every time.
  let endsWithBreak = true;
  const addBreak = (): void => {
    if (endsWithBreak) return;
    text += '\n';
    endsWithBreak = true;
  };
  const visit = (node: Node): void => {
    if (node.nodeName === '#text') {
      const textNode = node as TextNode;
      const location = textNode.sourceCodeLocation;
      if (!location) return;
      pieces.push({
        node: textNode,
        sourceStart: location.startOffset,
        sourceEnd: location.endOffset,
        textStart: text.length,
      });
      text += textNode.value;
      if (textNode.value !== '') endsWithBreak = textNode.value.endsWith('\n');
      return;
    }
    if (!('childNodes' in node)) return;
    const tagName = 'tagName' in node ? node.tagName : '';
    if (SKIPPED.has(tagName)) return;
    const isBlock = tagName !== '' && !INLINE.has(tagName);
    if (isBlock) addBreak();
    for (const child of node.childNodes) visit(child);
    if (isBlock) addBreak();
  };
  visit(root);
  return { text, pieces };
}

function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');
}

/** How many visible characters of the span [start, end) a text node holds. */
function visibleOverlap(piece: TextPiece, start: number, end: number): number {
  const from = Math.max(start, piece.textStart) - piece.textStart;
  const to = Math.min(end, piece.textStart + piece.node.value.length) - piece.textStart;
  return to > from ? piece.node.value.slice(from, to).replace(/\s/g, '').length : 0;
}

/**
 * For each replacement, the text node it is written into: the one holding most of the span's
 * visible characters (the first of equals), so "Mr <b>John Smith</b>" keeps its bold name.
 */
function hostPieces(
  pieces: readonly TextPiece[],
  replacements: readonly { start: number; end: number }[],
): number[] {
  return replacements.map(({ start, end }) => {
    let host = -1;
    let most = -1;
    pieces.forEach((piece, index) => {
      const pieceEnd = piece.textStart + piece.node.value.length;
      if (pieceEnd <= start || piece.textStart >= end) return;
      const overlap = visibleOverlap(piece, start, end);
      if (overlap > most) {
        host = index;
        most = overlap;
      }
    });
    return host;
  });
}

/**
 * Rewrites the HTML's text nodes only: every other byte of the source (tags, attributes,
 * comments, the text nodes left alone) stays as it was. A replacement over several text
 * nodes ("Mr <b>John Smith</b>") goes in the one that holds most of it and empties its part of
 * the others.
 */
export function replaceHtmlText(options: {
  html: string;
  pieces: readonly TextPiece[];
  replacements: readonly { start: number; end: number; replacement: string }[];
}): string {
  const { html, pieces } = options;
  const replacements = [...options.replacements].sort((a, b) => a.start - b.start);
  const hosts = hostPieces(pieces, replacements);
  let result = '';
  let position = 0;
  let next = 0;
  for (const [pieceIndex, piece] of pieces.entries()) {
    const value = piece.node.value;
    const pieceEnd = piece.textStart + value.length;
    while (next < replacements.length && (replacements[next]?.end ?? 0) <= piece.textStart) next++;
    let newValue = '';
    let cursor = piece.textStart;
    for (let index = next; index < replacements.length; index++) {
      const replacement = replacements[index];
      if (!replacement || replacement.start >= pieceEnd) break;
      const from = Math.max(replacement.start, piece.textStart);
      newValue += value.slice(cursor - piece.textStart, from - piece.textStart);
      if (hosts[index] === pieceIndex) newValue += replacement.replacement;
      cursor = Math.min(replacement.end, pieceEnd);
    }
    if (cursor === piece.textStart) continue;
    newValue += value.slice(cursor - piece.textStart);
    // The parser reads CRLF as LF; the source's line ends are put back.
    const source = html.slice(piece.sourceStart, piece.sourceEnd);
    if (source.includes('\r\n')) newValue = newValue.replace(/\n/g, '\r\n');
    result += html.slice(position, piece.sourceStart) + escapeText(newValue);
    position = piece.sourceEnd;
  }
  return result + html.slice(position);
}
