export * from './remotes';
export * from './props';
export * from './exposes';
export * from './auth';
export * from './workouts';
export * from './progress';
export * from './subscription';
export * from './sync';
