export * from './eval-data.js';
export * from './run-cli.js';
