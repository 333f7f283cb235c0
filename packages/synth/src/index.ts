export * from './evaluation/index.js';
export * from './formats/index.js';
export * from './model/index.js';
export * from './profiling/index.js';
export * from './relational/index.js';
export * from './report/index.js';
export * from './synthesizers/index.js';
export * from './table.js';
