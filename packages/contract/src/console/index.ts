export * from './access'
export * from './define'
export * from './auth'
export * from './audit'
