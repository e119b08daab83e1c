import type { FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'
// Relative on purpose: Taro's platform suffix swaps in load.weapp.ts for relative paths only.
import { importSchemas } from './load'

/**
 * Validation that does not hold up the first paint. The sign-in and registration screens are the
 * first a new user meets; their schemas bring zod and the contract's rules (the forms chunk, the
 * largest request of the page), which only matter once the user types or taps. These helpers let a
 * screen draw its text and fields with react-hook-form alone and fetch the schemas once the user
 * begins (`preloadSchemas` at the first tap or key, components/lazy-part `whenUserActs`); a submit
 * or a code request before they arrive waits for them.
 */
type Schemas = Awaited<ReturnType<typeof importSchemas>>
type SchemaName = { [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never }[keyof Schemas]
type SchemaOf<K extends SchemaName> = Schemas[K] extends z.ZodType ? Schemas[K] : never

let loading: Promise<Schemas> | undefined

/** Starts fetching the schemas (once); the same promise afterwards. */
export function preloadSchemas(): Promise<Schemas> {
  loading ??= importSchemas().catch((error: unknown) => {
    // A failed fetch (offline for a moment) is tried again by the next validation.
    loading = undefined
    throw error
  })
  return loading
}

/** react-hook-form's resolver of the named schema, fetched on first use. */
export function schemaResolver<K extends SchemaName>(name: K): Resolver<z.input<SchemaOf<K>> & FieldValues, unknown, z.output<SchemaOf<K>> & FieldValues> {
  let resolver: Resolver<FieldValues, unknown, FieldValues> | undefined
  return async (values, context, options) => {
    if (!resolver) {
      const schemas = await preloadSchemas().catch(() => undefined)
      // Schemas that cannot be fetched (offline for a moment) do not block the form: the gateway
      // checks every field by the same rules and its refusal is shown; the next submit tries again.
      if (!schemas) return { values, errors: {} } as never
      resolver = schemas.zodResolver(schemas[name] as never) as unknown as Resolver<FieldValues, unknown, FieldValues>
    }
    return resolver(values, context, options as never) as never
  }
}

/** The message key of the first issue of `value` against the named schema, or undefined. */
export async function firstIssue<K extends SchemaName>(name: K, value: z.input<SchemaOf<K>>): Promise<string | undefined> {
  // Without the schemas (see schemaResolver) the gateway's check of the code request decides.
  const schemas = await preloadSchemas().catch(() => undefined)
  return schemas?.firstIssueKey(schemas[name] as z.ZodType, value)
}
