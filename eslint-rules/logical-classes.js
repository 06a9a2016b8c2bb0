/**
 * Tailwind classes that name a physical side (`pl-4`, `left-0`, `text-right`, `border-r`) break a
 * right-to-left page: in Arabic and Persian the start is on the right. Their logical twins (`ps-4`,
 * `start-0`, `text-end`, `border-e`) follow `dir`. This rule finds physical ones in any string or
 * template text, with or without variants (`md:`, `!`, `-`).
 */
const logicalOf = {
  left: 'start',
  right: 'end',
  pl: 'ps',
  pr: 'pe',
  ml: 'ms',
  mr: 'me',
  'text-left': 'text-start',
  'text-right': 'text-end',
  'rounded-l': 'rounded-s',
  'rounded-r': 'rounded-e',
  'rounded-tl': 'rounded-ss',
  'rounded-tr': 'rounded-se',
  'rounded-bl': 'rounded-es',
  'rounded-br': 'rounded-ee',
  'border-l': 'border-s',
  'border-r': 'border-e',
  'scroll-ml': 'scroll-ms',
  'scroll-mr': 'scroll-me',
  'scroll-pl': 'scroll-ps',
  'scroll-pr': 'scroll-pe',
  'float-left': 'float-start',
  'float-right': 'float-end',
};

// Names that are a class by themselves (`border-l`, `text-right`); the others always carry a value (`pl-4`, `left-1/2`), which
// keeps words of a message ("3 left in stock") from counting as classes.
const bareClasses = new Set(['text-left', 'text-right', 'rounded-l', 'rounded-r', 'rounded-tl', 'rounded-tr', 'rounded-bl', 'rounded-br', 'border-l', 'border-r', 'float-left', 'float-right']);
const pattern = (name) => `${name.replace(/-/g, '\\-')}${bareClasses.has(name) ? '(?=$|[\\s-])' : '(?=-)'}`;
// Longest names first, so `rounded-tl` is not read as `rounded-t…`. A class starts the text or follows a space, a
// variant's colon or `!`, and may be negative (`-ml-2`).
const names = Object.keys(logicalOf).sort((a, b) => b.length - a.length);
const physicalClass = new RegExp(`(?:^|[\\s:!])-?(?:${names.map((name) => `(${pattern(name)})`).join('|')})`, 'g');

/** The physical classes in a text, each with the logical name to use instead. */
export function physicalClassesIn(text) {
  return [...text.matchAll(physicalClass)].map((match) => {
    const found = match.slice(1).find((name) => name !== undefined);
    return { found, use: logicalOf[found] };
  });
}

/** @type {import('eslint').Rule.RuleModule} */
const noPhysicalClasses = {
  meta: {
    type: 'problem',
    docs: { description: 'Use logical Tailwind classes (start/end, ps/pe, ms/me) so right-to-left pages lay out correctly' },
    messages: { physical: '`{{found}}…` is a physical side: use `{{use}}…`, which follows right-to-left pages.' },
    schema: [],
  },
  create(context) {
    const check = (node, text) => {
      for (const { found, use } of physicalClassesIn(text)) context.report({ node, messageId: 'physical', data: { found, use } });
    };
    return {
      Literal: (node) => typeof node.value === 'string' && check(node, node.value),
      TemplateElement: (node) => check(node, node.value.cooked ?? node.value.raw),
    };
  },
};

export const logicalCss = { rules: { 'no-physical-classes': noPhysicalClasses } };
