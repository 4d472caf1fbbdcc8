// `@hit/contracts/rules`: the product's pure rules, one file per area. Zod-free on purpose, so a client bundle
// can use them without pulling in the schemas of `@hit/contracts`.
export * from './access';
export * from './cycle';
export * from './dates';
export * from './goals';
export * from './import';
export * from './inlinedReads';
export * from './landingPage';
export * from './names';
export * from './passwords';
export * from './plates';
export * from './program';
export * from './records';
export * from './restAlerts';
export * from './rotation';
export * from './setTimes';
export * from './signedIn';
export * from './sync';
export * from './weights';
