/** The programs catalogue's query keys (public data, shared by the landing checker and the navigator console). */
export const programKeys = {
  all: ['programs'] as const,
};
