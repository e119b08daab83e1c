export * from './wire'
export * from './rule-schemas'
export * from './envelope-schemas'
export * from './calls'
