/** Every navigator query lives under this key: a live update or a move refetches what it touches. */
export const NAVIGATOR_KEY = ['navigator'] as const;
