export * from './cashflow/index.js';
export * from './categories/index.js';
export * from './statements/index.js';
export type * from './types.js';
