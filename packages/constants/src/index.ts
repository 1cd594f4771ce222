export * from './file-types';
export * from './plans';
