export * from './links'
export * from './content'
