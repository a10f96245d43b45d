/** The fixed player bar's height (px): pages keep this much room at the bottom (global.css `.boot-player` too). */
export const PLAYER_HEIGHT = { desktop: 76, mobile: 68 } as const;
