/** GET /api/checkout-session/{id}: the caller's own checkout and whether its credits are in. */
export type CheckoutSessionStatus = {
  session_id: string;
  /** open, complete, expired or failed. */
  status: string;
  payment_status: string;
  credits_applied: boolean;
  credits: number;
  /** Minor currency units. */
  amount: number;
  currency: string;
  package: { id: string; name: string; credits: number; price: number; currency: string } | null;
  created_at: string;
  completed_at: string | null;
};
