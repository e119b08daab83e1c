/**
 * A translated sentence around something rendered in it (a link, the agreement links): the
 * dictionaries keep the whole sentence with a slot, e.g. "No account yet? {link}" or
 * "I have read and agree to the {links}", so that the spaces and punctuation around the slot are
 * each language's own, not glued on by code (issue 38: "agree to theAccount…").
 * Answers the text before and after the slot; a sentence without the slot is all "before".
 */
export function splitSentence(template: string, slot: string): [before: string, after: string] {
  const at = template.indexOf(slot)
  return at < 0 ? [template, ''] : [template.slice(0, at), template.slice(at + slot.length)]
}
