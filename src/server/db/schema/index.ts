export * from './admin';
export * from './analytics';
export * from './catalogue';
export * from './content';
export * from './desk';
export * from './files';
export * from './mail';
export * from './orders';
