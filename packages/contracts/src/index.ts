export * from './errors';
export * from './health';
export * from './auth';
export * from './admin';
export * from './settings';
export * from './jobs';
export * from './roster';
