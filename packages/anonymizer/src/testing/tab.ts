import { readFileSync } from 'node:fs';
import { evalDataPath } from '@app/engine-kit/testing';

export type TabMention = {
  start: number;
  end: number;
  entityType: string;
  needsMasking: boolean;
  isDirect: boolean;
};

export type TabEntity = {
  id: string;
  annotator: string;
  entityType: string;
  isDirect: boolean;
  needsMasking: boolean;
  mentions: TabMention[];
};

export type TabDocument = { id: string; text: string; entities: TabEntity[] };

/** Who marked a document: each document of the sample has one annotator's annotation. */
export function documentAnnotator(document: TabDocument): string {
  return document.entities[0]?.annotator ?? 'none';
}

type RawMention = {
  start_offset: number;
  end_offset: number;
  entity_type: string;
  identifier_type: 'DIRECT' | 'QUASI' | 'NO_MASK';
  entity_id: string;
};
type RawDocument = {
  doc_id: string;
  text: string;
  annotations: Record<string, { entity_mentions: RawMention[] }>;
};

export type TabSplit = 'train' | 'dev';

/** The documents of a TAB split in `../shared/eval/tab`, grouped into annotated entities. */
export function loadTabDocuments(split: TabSplit): TabDocument[] {
  const file = evalDataPath('tab', `echr_${split}_subset.json`);
  const raw = JSON.parse(readFileSync(file, 'utf8')) as RawDocument[];
  return raw.map((document) => {
    const entities = new Map<string, TabEntity>();
    for (const [annotator, { entity_mentions }] of Object.entries(document.annotations)) {
      for (const mention of entity_mentions) {
        const needsMasking = mention.identifier_type !== 'NO_MASK';
        const isDirect = mention.identifier_type === 'DIRECT';
        let entity = entities.get(mention.entity_id);
        if (!entity) {
          // As in TAB's evaluation.py: the first mention decides whether the entity is direct.
          entity = {
            id: mention.entity_id,
            annotator,
            entityType: mention.entity_type,
            isDirect,
            needsMasking,
            mentions: [],
          };
          entities.set(mention.entity_id, entity);
        }
        entity.needsMasking ||= needsMasking;
        entity.mentions.push({
          start: mention.start_offset,
          end: mention.end_offset,
          entityType: mention.entity_type,
          needsMasking,
          isDirect,
        });
      }
    }
    return { id: document.doc_id, text: document.text, entities: [...entities.values()] };
  });
}

const IGNORED_TOKENS = [
  'mr',
  'mrs',
  'ms',
  'and',
  'or',
  'from',
  'until',
  'to',
  'about',
  'after',
  'as',
  'at',
  'before',
  'between',
  'by',
  'during',
  'for',
  'in',
  'into',
  'of',
  'on',
  'over',
  'since',
  'with',
  'the',
  'a',
  'an',
  'no',
  'nr',
  '’s',
  "'s",
];
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SKIPPED = new RegExp(
  [
    ...IGNORED_TOKENS.map((token) => `\\b${escapeRegExp(token)}\\b`),
    ...Array.from(',.-;:/&()[]–\'" ’“”', escapeRegExp),
  ].join('|'),
  'gi',
);
const WORD = /[\p{L}\p{M}\p{N}_]+/gu;

function maskedOffsets(
  spans: readonly { start: number; end: number }[],
  length: number,
): Uint8Array {
  const masked = new Uint8Array(length);
  for (const { start, end } of spans) masked.fill(1, start, end);
  return masked;
}

/** TAB's rule: every character is masked, apart from punctuation, titles and small words. */
function isMentionMasked(text: string, mention: TabMention, masked: Uint8Array): boolean {
  const uncovered = new Set<number>();
  for (let offset = mention.start; offset < mention.end; offset++) {
    if (!masked[offset]) uncovered.add(offset);
  }
  if (uncovered.size === 0) return true;
  for (const skip of text.slice(mention.start, mention.end).toLowerCase().matchAll(SKIPPED)) {
    for (let offset = skip.index; offset < skip.index + skip[0].length; offset++) {
      uncovered.delete(mention.start + offset);
    }
  }
  return uncovered.size === 0;
}

export type TabCounts = {
  directEntities: number;
  directMasked: number;
  quasiEntities: number;
  quasiMasked: number;
  maskedTokens: number;
  correctTokens: number;
};

export type MissedMention = {
  documentId: string;
  entityType: string;
  text: string;
  isDirect: boolean;
};

/**
 * TAB's metrics (Pilán et al. 2022, evaluation.py): an entity counts as protected only when
 * all its mentions that need masking are masked; precision is over the `\w+` tokens of the
 * masked spans, a token being right when an annotator masked a mention that covers it.
 */
export function scoreDocument(
  document: TabDocument,
  spans: readonly { start: number; end: number }[],
  missed?: MissedMention[],
): TabCounts {
  const masked = maskedOffsets(spans, document.text.length);
  const counts: TabCounts = {
    directEntities: 0,
    directMasked: 0,
    quasiEntities: 0,
    quasiMasked: 0,
    maskedTokens: 0,
    correctTokens: 0,
  };
  for (const entity of document.entities) {
    if (!entity.needsMasking) continue;
    const unmasked = entity.mentions.filter(
      (mention) => mention.needsMasking && !isMentionMasked(document.text, mention, masked),
    );
    for (const mention of unmasked) {
      missed?.push({
        documentId: document.id,
        entityType: entity.entityType,
        text: document.text.slice(mention.start, mention.end),
        isDirect: entity.isDirect,
      });
    }
    if (entity.isDirect) {
      counts.directEntities++;
      if (unmasked.length === 0) counts.directMasked++;
    } else {
      counts.quasiEntities++;
      if (unmasked.length === 0) counts.quasiMasked++;
    }
  }
  const annotators = new Set(document.entities.map((entity) => entity.annotator));
  const goldMentions = document.entities.flatMap((entity) =>
    entity.mentions
      .filter((mention) => mention.needsMasking)
      .map((mention) => ({ mention, entity })),
  );
  for (const span of spans) {
    for (const word of document.text.slice(span.start, span.end).matchAll(WORD)) {
      const start = span.start + word.index;
      const end = start + word[0].length;
      const covering = new Set(
        goldMentions
          .filter(({ mention }) => mention.start <= start && mention.end >= end)
          .map(({ entity }) => entity.annotator),
      );
      counts.maskedTokens += annotators.size;
      counts.correctTokens += covering.size;
    }
  }
  return counts;
}

/** Counts multiplied by a weight: a sample's documents standing for a larger or smaller one. */
export function weightCounts(counts: TabCounts, weight: number): TabCounts {
  return {
    directEntities: counts.directEntities * weight,
    directMasked: counts.directMasked * weight,
    quasiEntities: counts.quasiEntities * weight,
    quasiMasked: counts.quasiMasked * weight,
    maskedTokens: counts.maskedTokens * weight,
    correctTokens: counts.correctTokens * weight,
  };
}

export type TabScores = { documents: number; erDirect: number; erQuasi: number; precision: number };

export function sumScores(counts: readonly TabCounts[]): TabScores {
  const total = (key: keyof TabCounts): number => counts.reduce((sum, item) => sum + item[key], 0);
  return {
    documents: counts.length,
    erDirect: total('directMasked') / Math.max(1, total('directEntities')),
    erQuasi: total('quasiMasked') / Math.max(1, total('quasiEntities')),
    precision: total('correctTokens') / Math.max(1, total('maskedTokens')),
  };
}
