export * from './dict'
export * from './agreement'
export * from './outbox'
export * from './user'
