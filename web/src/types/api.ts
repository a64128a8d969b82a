/** Shapes the Lectern API answers with (SPEC.md section 3). */
export type Credits = {
  available: number;
  total_purchased: number;
  total_used: number;
  last_purchase: string | null;
  subscription_status: string;
};

export type User = {
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  photoURL: string | null;
  createdAt: string;
  lastLoginAt: string;
  credits: Credits;
  preferences: { notifications: boolean; theme: string };
  stats: { videosGenerated: number; problemsSolved: number; creditsUsed: number };
  isHost: boolean;
};

export type CreditPackage = {
  id: string;
  name: string;
  credits: number;
  /** Minor currency units. */
  price: number;
  /** ISO 4217 code when the server names one; US dollars otherwise. */
  currency?: string;
};
