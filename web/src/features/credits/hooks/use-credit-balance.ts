import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AUTH_WAIT_MS, CREDITS_OVERALL_TIMEOUT_MS } from '@/config/constants';
import { creditsQueryOptions } from '@/features/credits/api/get-credits';
import {
  balanceMessage,
  CREDITS_ERRORS,
  creditsErrorMessage,
  EMPTY_CREDITS,
  isLowBalance,
  isOutOfCredits,
} from '@/features/credits/lib/credit-rules';
import type { Credits } from '@/types/api';

export type CreditBalance = {
  credits: Credits;
  loading: boolean;
  error: string | null;
  isOut: boolean;
  isLow: boolean;
  message: string;
  refetch: () => void;
};

/**
 * SPEC 4.4: loading starts true and ends when the fetch finishes, on error, or 5 s after
 * start when there is no user id; any error resets the balance to zeros.
 */
export function useCreditBalance(userId: string | null | undefined): CreditBalance {
  const query = useQuery({ ...creditsQueryOptions(userId ?? ''), enabled: Boolean(userId) });

  const [noUserGaveUp, setNoUserGaveUp] = useState(false);
  useEffect(() => {
    setNoUserGaveUp(false);
    if (userId) return undefined;
    const timer = setTimeout(() => setNoUserGaveUp(true), AUTH_WAIT_MS);
    return () => clearTimeout(timer);
  }, [userId]);

  const waiting = Boolean(userId) && query.isPending;
  const [overallTimedOut, setOverallTimedOut] = useState(false);
  useEffect(() => {
    setOverallTimedOut(false);
    if (!waiting) return undefined;
    const timer = setTimeout(() => setOverallTimedOut(true), CREDITS_OVERALL_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  const error = query.isError
    ? creditsErrorMessage(query.error)
    : waiting && overallTimedOut
      ? CREDITS_ERRORS.loadTimedOut
      : null;
  const credits = error !== null ? EMPTY_CREDITS : (query.data ?? EMPTY_CREDITS);
  const loading = userId ? waiting && !overallTimedOut : !noUserGaveUp;

  return {
    credits,
    loading,
    error,
    isOut: !loading && isOutOfCredits(credits),
    isLow: !loading && isLowBalance(credits),
    message: balanceMessage(credits.available),
    refetch: () => void query.refetch(),
  };
}
