export * from './roles';
export * from './entities';
export * from './catalogue';
export * from './constants';
export * from './distance';
export * from './dates';
export * from './zip';
export * from './reason';
