/** The run's budget of invitations per account (RATE_LIMIT_OVERRIDES in global-setup.ts): small, so a test can spend it. */
export const TEST_INVITATIONS_PER_ACCOUNT = 6;
