/**
 * Solid tag colours with white text that reach WCAG AA (Ant Design's light preset tags, green and
 * orange text on a pale ground, do not: axe's color-contrast).
 */
export const TAG = { green: '#237804', orange: '#ad4e00', red: '#a8071a' } as const
/** Ant Design's error red (#ff4d4f, 3.9:1 on white) darkened to AA for the danger buttons' text. */
export const DANGER = '#cf1322'
