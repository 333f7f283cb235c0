/** Space within a line: a name or an address does not run on past a line break. */
export const LINE_SPACE = '[^\\S\\n]';

/** A company's legal form, in any case it is written in ("Ltd", "LIMITED", "S.A."). */
export const LEGAL_FORM =
  'Ltd|LTD|Limited|LIMITED|GmbH|AG|S\\.?A\\.?U?|S\\.?L\\.?U?|S\\.?p\\.?A\\.?|Inc|INC|LLC|LLP|plc|PLC|Corp(?:oration)?|CORP(?:ORATION)?|B\\.?V\\.?|N\\.?V\\.?|Co';
