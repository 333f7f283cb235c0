const ELEMENTS =
  'html|head|body|title|meta|link|style|script|div|span|p|br|hr|a|b|i|u|s|em|strong|small|sub|sup|font|mark|code|pre|blockquote|q|cite|abbr|h[1-6]|ul|ol|li|dl|dt|dd|table|thead|tbody|tfoot|tr|th|td|caption|col|colgroup|img|figure|figcaption|section|article|header|footer|main|nav|aside|address|form|input|label|select|option|textarea|button|center';
const HTML_MARKUP = new RegExp(
  `<!doctype\\s+html|<!--[\\s\\S]*?-->|<\\/?(?:${ELEMENTS})(?:\\s[^<>]*)?\\/?>`,
  'i',
);

/** Whether the text holds HTML markup: a doctype, a comment or a tag of a known element. */
export function isHtml(text: string): boolean {
  return HTML_MARKUP.test(text);
}
