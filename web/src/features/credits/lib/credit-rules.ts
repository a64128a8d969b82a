import { LOW_CREDIT_THRESHOLD } from '@/config/constants';
import { ApiError, NetworkError, TimeoutError } from '@/lib/api-client';
import type { Credits } from '@/types/api';

/** SPEC 4.4: on any credits error the balance resets to zeros with status free. */
export const EMPTY_CREDITS: Credits = {
  available: 0,
  total_purchased: 0,
  total_used: 0,
  last_purchase: null,
  subscription_status: 'free',
};

export const isOutOfCredits = (credits: Credits): boolean => credits.available === 0;

export const isLowBalance = (credits: Credits): boolean => credits.available <= LOW_CREDIT_THRESHOLD;

export const hasEnoughCredits = (credits: Credits, required = 1): boolean => credits.available >= required;

/** SPEC 8 balance messages. */
export function balanceMessage(available: number): string {
  if (available === 0) return "You're out of credits! Purchase more to continue creating videos.";
  if (available > 0 && available <= LOW_CREDIT_THRESHOLD) {
    return `You have ${available} ${available === 1 ? 'credit' : 'credits'} remaining.`;
  }
  return `You have ${available} credits available.`;
}

export function formatCreditCount(available: number): string {
  return `${available} ${available === 1 ? 'credit' : 'credits'}`;
}

export const CREDITS_ERRORS = {
  loadTimedOut: 'Credits loading timed out. Please refresh the page.',
  network: 'Unable to load credits. Please check your internet connection and try refreshing the page.',
  requestTimedOut: 'Unable to load credits. The request timed out. Please try again.',
  unauthorized: 'Unable to load credits. Authentication failed. Please sign in again.',
} as const;

/** The whole credits load (not one request) outlived its guard. */
export class CreditsLoadTimeoutError extends Error {
  constructor() {
    super(CREDITS_ERRORS.loadTimedOut);
    this.name = 'CreditsLoadTimeoutError';
  }
}

/** SPEC 8 credits messages; anything unrecognised shows its raw message. */
export function creditsErrorMessage(error: unknown): string {
  if (error instanceof CreditsLoadTimeoutError) return CREDITS_ERRORS.loadTimedOut;
  if (error instanceof TimeoutError) return CREDITS_ERRORS.requestTimedOut;
  if (error instanceof NetworkError) return CREDITS_ERRORS.network;
  if (error instanceof ApiError && error.status === 401) return CREDITS_ERRORS.unauthorized;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Prices are in minor currency units (SPEC 3); two decimals, as for USD and EUR. */
export function formatPrice(minor: number, currency = 'usd'): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
  } catch {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);
  }
}
