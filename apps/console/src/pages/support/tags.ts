/**
 * Solid tag colours with white text that reach WCAG AA (Ant Design's light preset tags, green and
 * orange text on a pale ground, do not: axe's color-contrast).
 */
export const TAG = { green: '#237804', orange: '#ad4e00', red: '#a8071a' } as const
