/** Feature flags (part 2 section 1) are switched in the database by operators; no route changes them. */
export const featureFlagPolicy = {
  /** Which flags are on: anyone, signed in or not (the logged-out pages read them). */
  viewEnabled: () => true,
};
