import * as schemas from './schemas'

/**
 * The mini-program has no chunks to fetch (its packages are downloaded whole): the schemas are part
 * of the package that holds the screen, and the "load" is immediate.
 */
export const importSchemas = async () => schemas
