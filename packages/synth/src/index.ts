export * from './profiling/index.js';
export * from './report/index.js';
export * from './synthesizers/index.js';
export * from './table.js';
