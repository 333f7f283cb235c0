export * from './auth.js';
export * from './common.js';
export * from './errors.js';
export * from './free-mail.js';
export * from './profile.js';
export * from './registration.js';
export * from './roles.js';
export * from './users.js';
