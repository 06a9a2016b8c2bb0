import { ESLint, RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import { logicalCss } from './logical-classes.js';

const rule = logicalCss.rules['no-physical-classes'];

describe('logical-css/no-physical-classes', () => {
  it('refuses physical side classes in strings and templates, naming the logical class to use', () => {
    new RuleTester({ languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } }).run('no-physical-classes', rule, {
      valid: [
        "const c = 'ps-4 pe-2 ms-auto me-1 start-0 end-2 text-start text-end rounded-s rounded-e-md border-s border-e-2';",
        "const c = 'px-4 mx-auto inset-x-0 rounded-lg border-red-500 text-slate-700';",
        // Message keys are words, not classes.
        "t('Only 3 left in stock');",
        '<a className="md:border-e">x</a>;',
      ],
      invalid: [
        { code: "const c = 'pl-4';", errors: [{ message: '`pl…` is a physical side: use `ps…`, which follows right-to-left pages.' }] },
        { code: '<div className="md:mr-2 focus:left-2 -ml-1" />;', errors: [{ message: /`mr…`.*`me…`/ }, { message: /`left…`.*`start…`/ }, { message: /`ml…`.*`ms…`/ }] },
        { code: 'const c = `text-right ${x} border-l-slate-200`;', errors: [{ message: /`text-right…`.*`text-end…`/ }, { message: /`border-l…`.*`border-s…`/ }] },
        { code: "const c = ['rounded-tl-md', '!right-0', 'border-r'];", errors: 3 },
      ],
    });
  });

  it('applies to the console and what it shares with the storefront', async () => {
    const eslint = new ESLint();
    const ruleOf = async (file: string) => (await eslint.calculateConfigForFile(file)).rules?.['logical-css/no-physical-classes'];
    expect(await ruleOf('src/console/features/shell/sidebar.tsx')).toEqual([2]);
    expect(await ruleOf('src/client/ui/empty-state.tsx')).toEqual([2]);
    // Reading the whole configuration loads every plugin and parser: slow on a busy machine.
  }, 30_000);
});
