export * from './remotes';
export * from './props';
