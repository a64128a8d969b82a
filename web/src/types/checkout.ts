import type { components } from '@/types/openapi';

/** GET /api/checkout-session/{id}: the caller's own checkout and whether its credits are in. */
export type CheckoutSessionStatus = components['schemas']['CheckoutSessionStatus'];
