import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { api, ApiError, errorDetail } from '@/lib/api-client';
import type { components } from '@/types/openapi';

export const CHECKOUT_ERRORS = {
  failed: 'Failed to create checkout session',
  signedOut: 'You must be signed in to purchase credits',
  noUrl: 'No checkout URL received from server',
  invalid: 'Invalid response from server',
} as const;

type Schemas = components['schemas'];

/** POST /api/create-checkout-session's answer: the payment page, and the session when it was named. */
export type CheckoutSession = Pick<Schemas['CreateCheckoutResponse'], 'url'> & { session_id: string | null };

/** The answer as it may arrive: a page that is not JSON comes as text, a field may be missing. */
type CheckoutAnswer = Partial<Schemas['CreateCheckoutResponse']> | string | null | undefined;

export async function createCheckoutSession(input: {
  packageId: string;
  userId: string | null | undefined;
  origin?: string;
}): Promise<CheckoutSession> {
  if (!input.userId) throw new Error(CHECKOUT_ERRORS.signedOut);
  const origin = input.origin ?? window.location.origin;
  const body: Schemas['CreateCheckoutRequest'] = {
    package_id: input.packageId,
    user_id: input.userId,
    // Stripe (and the development checkout) put the session id in place of the template.
    success_url: `${origin}${paths.purchaseSuccess}?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}${paths.credits}?checkout=cancelled`,
  };
  let res: CheckoutAnswer;
  try {
    res = await api.post<CheckoutAnswer>('/api/create-checkout-session', body);
  } catch (error) {
    if (error instanceof ApiError) {
      const detail = errorDetail(error);
      throw new Error(typeof detail === 'string' && detail ? detail : CHECKOUT_ERRORS.failed, { cause: error });
    }
    throw error;
  }
  if (typeof res !== 'object' || res === null) throw new Error(CHECKOUT_ERRORS.invalid);
  const { url, session_id: sessionId } = res;
  if (typeof url !== 'string' || !url) throw new Error(CHECKOUT_ERRORS.noUrl);
  return { url, session_id: typeof sessionId === 'string' ? sessionId : null };
}

/** SPEC 4.4: the user is sent to the checkout page; the app does not resume. */
export function useCheckout(userId: string | null | undefined) {
  return useMutation({
    mutationFn: (packageId: string) => createCheckoutSession({ packageId, userId }),
    onSuccess: (session) => window.location.assign(session.url),
  });
}
