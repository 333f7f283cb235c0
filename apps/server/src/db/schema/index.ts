export * from './catalogue.js';
export * from './platform.js';
export * from './support.js';
export * from './teams.js';
export * from './users.js';
