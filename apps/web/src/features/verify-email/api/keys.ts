/** The verify-email query keys: one per single-use token. */
export const verifyEmailKeys = {
  token: (token: string) => ['verify-email', token] as const,
};
