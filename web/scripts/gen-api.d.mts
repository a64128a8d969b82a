/** The TypeScript of an OpenAPI document, as src/types/openapi.ts holds it. */
export function generate(document: unknown): Promise<string>;
export const documentUrl: URL;
export const typesUrl: URL;
