export * from './common.js';
export * from './sandbox.js';
export * from './spec.js';
export * from './conversation.js';
export * from './settings.js';
export * from './success.js';
export * from './event.js';
export * from './settingsModel.js';
