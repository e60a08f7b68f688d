/** The session's query keys; everything else a signed-in user fetched lives under its feature's keys. */
export const authKeys = {
  profile: ['profile'] as const,
};
