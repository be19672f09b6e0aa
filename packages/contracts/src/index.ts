import './validation-messages.js';
export * from './constants.js';
export * from './user.js';
export * from './app-info.js';
export * from './errors.js';
export * from './pagination.js';
export * from './api-routes.js';
export * from './validation-messages.js';
export * from './status.js';
