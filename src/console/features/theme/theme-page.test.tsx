// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import { storeRolePermissions } from '../../../shared/console.contract.ts';
import { themeFromPrimary } from '../../../shared/theme-readability.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const saved = themeFromPrimary('#e5541b');
const blue = themeFromPrimary('#1d4ed8');

async function retype(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.type(field, text);
}

describe('the theme page', () => {
  it('generates the shades from a new primary colour, previews them and saves the whole theme', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/theme': ok({ theme_colors: saved }),
      'PUT /console/theme': ({ body }) => ok(body as object, 'Theme saved'),
    });
    renderConsole('/theme');
    const primary = await screen.findByRole('textbox', { name: 'Primary colour' }, { timeout: 5000 });
    await retype(primary, '#1d4ed8');
    await userEvent.click(screen.getByRole('button', { name: 'Generate the shades from the primary colour' }));
    expect(screen.getByRole('textbox', { name: 'Shade 700' })).toHaveValue('#1d4ed8');
    expect(screen.getByRole('textbox', { name: 'Shade 50' })).toHaveValue(blue['50']);
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(preview.style.getPropertyValue('--theme-700')).toBe('#1d4ed8');

    const checks = within(screen.getByRole('region', { name: 'Readable text (WCAG AA)' })).getAllByRole('listitem');
    expect(checks.map((check) => check.textContent)).toEqual([
      'Buttons, badges and links · White on shade 700 · 6.70 to 1 · Readable',
      'Buttons under the pointer · White on shade 800 · 7.96 to 1 · Readable',
      'Chips and highlighted filters · Shade 800 on shade 100 · 6.59 to 1 · Readable',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByText('Theme saved')).toBeInTheDocument();
    expect(api.calls('PUT /console/theme').map((call) => call.body)).toEqual([{ theme_colors: blue }]);
  });

  it('says which text a shade makes unreadable and will not save it; a refusal of the server shows under its shade', async () => {
    stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/theme': ok({ theme_colors: saved }),
      'PUT /console/theme': () =>
        refused(422, 'Text in shade 800 on shade 100 has a contrast of 4.41 to 1; it needs at least 4.50 to 1.', {
          'theme_colors.800': ['Text in shade 800 on shade 100 has a contrast of 4.41 to 1; it needs at least 4.50 to 1.'],
        }),
    });
    renderConsole('/theme');
    const darkest = await screen.findByRole('textbox', { name: 'Shade 700' }, { timeout: 5000 });
    await retype(darkest, '#93c5fd');
    expect(screen.getByText('Buttons, badges and links · White on shade 700 · 1.80 to 1 · Too faint: needs 4.50 to 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save theme' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(darkest).toHaveValue(saved['700']);
    await userEvent.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByText('Text in shade 800 on shade 100 has a contrast of 4.41 to 1; it needs at least 4.50 to 1.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Shade 800' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a colour written wrong under its field', async () => {
    stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/theme': ok({ theme_colors: saved }) });
    renderConsole('/theme');
    await retype(await screen.findByRole('textbox', { name: 'Shade 50' }, { timeout: 5000 }), 'pale');
    await userEvent.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByText('Write a colour as # and six hexadecimal digits, like #1d4ed8.')).toBeInTheDocument();
  });

  it('is not offered to staff without the settings permission', async () => {
    stubApi({ 'GET /console/me': ok({ ...storeOwner, role: 'content_editor', permissions: [...storeRolePermissions.content_editor] }) });
    renderConsole('/theme');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
