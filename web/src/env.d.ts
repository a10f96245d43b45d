/** Which build this is: the website or the desktop studio's renderer. */
declare const __AIRDECK_TARGET__: 'web' | 'studio';
