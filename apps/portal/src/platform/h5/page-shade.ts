import Taro from '@tarojs/taro'

/** The class Taro's H5 router gives a page another covers (its stylesheet hides it). */
const SHADE = 'taro_page_shade'

/**
 * Taro 4.2.1's H5 router hides the page under a newly opened one by giving it `taro_page_shade`
 * once the new page's slide-in is over (a timer of the animation's length, `hide` in the router's
 * page.js). Back within that time (about 0.3 s) shows the page again at once, and then the late
 * timer hides it: a blank screen (seen in e2e, help.spec, about one run in eight). The router
 * neither cancels that timer when it shows the page nor has an option for it, so this watches the
 * pages' classes and takes the shade off the page on top of Taro's page stack whenever it gets one.
 * Returns what stops it.
 */
export function keepTopPageShown(doc: Document = document): () => void {
  const observer = new MutationObserver((records) => {
    // Every class change of the page comes here (a carousel, a dialog's transition): most carry no shade.
    const shaded = records.map(({ target }) => target as Element).filter((element) => element.classList.contains(SHADE))
    if (!shaded.length) return
    const top = Taro.getCurrentPages().at(-1) as { path?: string } | undefined
    for (const page of shaded) if (top?.path && page.id === top.path) page.classList.remove(SHADE)
  })
  observer.observe(doc.body, { subtree: true, attributes: true, attributeFilter: ['class'] })
  return () => observer.disconnect()
}
