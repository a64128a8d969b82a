import { queryOptions, useQuery } from '@tanstack/react-query';
import { CREDIT_PACKAGES_TIMEOUT_MS } from '@/config/constants';
import { api } from '@/lib/api-client';
import type { CreditPackage } from '@/types/api';
import type { components } from '@/types/openapi';

/** SPEC 9 built-in list, used when the server's list cannot be loaded. */
export const FALLBACK_PACKAGES: CreditPackage[] = [
  { id: 'starter', name: 'Starter Pack', credits: 10, price: 499 },
  { id: 'pro', name: 'Pro Pack', credits: 25, price: 999 },
  { id: 'unlimited', name: 'Power Pack', credits: 60, price: 1999 },
];

export type CreditPackages = { packages: CreditPackage[]; fromServer: boolean };

/** GET /api/credit-packages: the packages keyed by id. */
type PackagesAnswer = components['schemas']['Packages'];

/** A listed package is used only when it has what the screen shows and charges for. */
function isPackage(p: Partial<CreditPackage> | null | undefined): p is CreditPackage {
  if (typeof p !== 'object' || p === null) return false;
  return (
    typeof p.id === 'string' &&
    typeof p.name === 'string' &&
    typeof p.credits === 'number' &&
    typeof p.price === 'number' &&
    (p.currency === undefined || typeof p.currency === 'string')
  );
}

export async function getCreditPackages(): Promise<CreditPackages> {
  try {
    const res = await api.get<Partial<PackagesAnswer> | undefined>('/api/credit-packages', {
      timeoutMs: CREDIT_PACKAGES_TIMEOUT_MS,
      auth: false,
    });
    const list = Object.values(res?.packages ?? {}).filter(isPackage);
    if (list.length === 0) throw new Error('The server listed no credit packages');
    return { packages: list.sort((a, b) => a.credits - b.credits), fromServer: true };
  } catch (error) {
    console.warn('Using the built-in credit packages:', error);
    return { packages: FALLBACK_PACKAGES, fromServer: false };
  }
}

export function creditPackagesQueryOptions() {
  return queryOptions({ queryKey: ['credit-packages'], queryFn: getCreditPackages, staleTime: 10 * 60_000 });
}

export function useCreditPackages() {
  return useQuery(creditPackagesQueryOptions());
}
