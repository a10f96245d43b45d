/** The password of every demo account (listed in the README); demo data only. */
export const DEMO_PASSWORD = 'airdeck-demo';
