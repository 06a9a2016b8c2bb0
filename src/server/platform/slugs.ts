/** The words of a name as a URL segment: lower-case ASCII letters and digits joined by hyphens. */
export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
