/* Zod-free, for the listener pages' chunks (the show cards link to a show's episodes by it). */

/** A show's slug for feed and page addresses: its title, lower case, words joined by hyphens. */
export function showSlug(title: string): string {
  return title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'show';
}
