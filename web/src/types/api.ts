import type { components } from '@/types/openapi';

/** Shapes the Lectern API answers with (SPEC.md section 3), from its OpenAPI document. */
type Schemas = components['schemas'];

/**
 * A request body as this app sends it: every field given and none null, but for the `Nullable`
 * ones (the API's request types leave every field optional, since it fills in defaults).
 */
export type Sent<T, Nullable extends keyof T = never> = {
  [K in keyof T]-?: K extends Nullable ? Exclude<T[K], undefined> : NonNullable<T[K]>;
};

export type Credits = Schemas['Credits'];

export type User = Schemas['User'];

/**
 * A package on sale (price in minor currency units). The built-in fallback list names no
 * currency: US dollars then.
 */
export type CreditPackage = Omit<Schemas['CreditPackage'], 'currency'> & Partial<Pick<Schemas['CreditPackage'], 'currency'>>;
