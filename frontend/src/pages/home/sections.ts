/** Anchor of the Browse By Category section; Shop Now buttons scroll to it. */
export const CATEGORIES_SECTION_ID = 'browse-by-category';

/** Room left above a scrolled-to section for the sticky header. */
const SCROLL_OFFSET_PX = 80;

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Smoothly scrolls the page so the section starts 80 px below the top of the viewport. */
export function scrollToSection(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  const top = section.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX;
  window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}
