export * from './billing.js';
export * from './catalogue.js';
export * from './payments-sandbox.js';
export * from './payments-stripe.js';
export * from './platform.js';
export * from './support.js';
export * from './teams.js';
export * from './users.js';
