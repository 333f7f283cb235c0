import { describe, expect, it } from 'vitest';
import type { Span } from '../types.js';
import { groupEntities } from './group-entities.js';

function entitiesOf(text: string, mentions: [string, Span['label']][]): Record<string, number> {
  let from = 0;
  const spans = mentions.map(([mention, label]) => {
    const start = text.indexOf(mention, from);
    from = start + mention.length;
    return { start, end: start + mention.length, label, confidence: 1 };
  });
  return Object.fromEntries(
    groupEntities(text, spans).map((span) => [
      `${text.slice(span.start, span.end)}@${span.start}`,
      span.entity,
    ]),
  );
}

describe('groupEntities', () => {
  it('links a surname, a titled surname, initials and a possessive to the full name', () => {
    const text = "John Smith; Mr Smith; J. Smith; Smith's car; Mr. John Smith";
    const entities = entitiesOf(text, [
      ['John Smith', 'PERSON'],
      ['Mr Smith', 'PERSON'],
      ['J. Smith', 'PERSON'],
      ["Smith's", 'PERSON'],
      ['Mr. John Smith', 'PERSON'],
    ]);
    expect(new Set(Object.values(entities))).toEqual(new Set([0]));
  });

  it('keeps different people and different kinds apart', () => {
    const text = 'John Smith, John Brown, Smith Street';
    const entities = entitiesOf(text, [
      ['John Smith', 'PERSON'],
      ['John Brown', 'PERSON'],
      ['Smith Street', 'LOC'],
    ]);
    expect(Object.values(entities)).toEqual([0, 1, 2]);
  });

  it('takes a name in capitals, with or without its full stop, as the same entity', () => {
    const text = 'MEGACORP INC., then MegaCorp Inc and J. Roe';
    const entities = entitiesOf(text, [
      ['MEGACORP INC.', 'ORG'],
      ['MegaCorp Inc', 'ORG'],
      ['J. Roe', 'PERSON'],
    ]);
    expect(Object.values(entities)).toEqual([0, 0, 1]);
  });
});
