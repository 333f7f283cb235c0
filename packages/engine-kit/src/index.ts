export * from './cli-io.js';
export * from './random.js';
export * from './run-program.js';
